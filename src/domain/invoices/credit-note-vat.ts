// The VAT inside a credit note. A credit note reduces the consideration, and the VAT with it, at the
// rates the invoice charged (HMRC manual VATREC13010). When an invoice's lines carry one rate, the
// credit's VAT is `vatInGross` at that rate. When they carry several, the credit is shared between
// the rates pro rata to each rate's gross on the invoice, in whole pence (largest remainder: each
// share rounded down, the pennies left over go to the largest fractions, the higher rate first on a
// tie), and each share's VAT is `vatInGross` at its rate. The credit that brings the invoice to
// nothing credits exactly the VAT still uncredited, so an invoice's credit notes add up to it, VAT
// included, whatever the rounding of the parts before.

import { assertNonNegativeWhole, assertWhole } from "./pence.ts";
import { vatInGross } from "./vat.ts";

export type RateGross = { rateBp: number; grossPence: number };
export type CreditPart = { rateBp: number; grossPence: number; vatPence: number; netPence: number };

/** `amountPence` shared between the rates pro rata to their gross, in whole pence that add up to it. */
export function shareByRate(amountPence: number, rates: readonly RateGross[]): RateGross[] {
  assertNonNegativeWhole(amountPence, "amountPence");
  const ordered = [...rates].sort((a, b) => b.rateBp - a.rateBp);
  const total = BigInt(ordered.reduce((sum, rate) => sum + rate.grossPence, 0));
  if (total <= 0n) throw new RangeError("the invoice's lines have no gross to share a credit between");
  const exact = ordered.map((rate) => BigInt(amountPence) * BigInt(rate.grossPence));
  const shares = exact.map((product) => product / total);
  let left = amountPence - shares.reduce((sum, share) => sum + Number(share), 0);
  const byRemainder = exact.map((product, index) => ({ index, remainder: product % total })).sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = shares[index]! + 1n;
    left -= 1;
  }
  return ordered.map((rate, index) => ({ rateBp: rate.rateBp, grossPence: Number(shares[index]) }));
}

/** Each rate's part of a credit: its gross share and the VAT inside it; parts of £0 are left out. */
export function creditParts(amountPence: number, rates: readonly RateGross[]): CreditPart[] {
  return shareByRate(amountPence, rates)
    .filter((share) => share.grossPence > 0)
    .map((share) => {
      const vatPence = vatInGross(share.grossPence, share.rateBp);
      return { ...share, vatPence, netPence: share.grossPence - vatPence };
    });
}

/** The parts of a credit whose VAT in all is `vatPence`: the difference from each part's own VAT is on its highest-rate part. */
export function creditPartsWithVat(amountPence: number, vatPence: number, rates: readonly RateGross[]): CreditPart[] {
  const parts = creditParts(amountPence, rates);
  const rest = vatPence - parts.reduce((sum, part) => sum + part.vatPence, 0);
  const first = parts.find((part) => part.rateBp > 0);
  if (!first || rest === 0) return parts;
  const vat = Math.min(first.grossPence, Math.max(0, first.vatPence + rest));
  return parts.map((part) => (part === first ? { ...part, vatPence: vat, netPence: part.grossPence - vat } : part));
}

export type CreditedInvoice = { grossPence: number; vatPence: number; creditedPence: number; creditedVatPence: number; rates: readonly RateGross[] };

/**
 * A credit note's parts by rate. The credit that leaves nothing of the invoice uncredited takes the
 * VAT still uncredited (on its highest-rate part), so the invoice's credit notes add up to it exactly.
 */
export function creditNoteParts(amountPence: number, invoice: CreditedInvoice): CreditPart[] {
  assertWhole(invoice.creditedVatPence, "creditedVatPence");
  if (amountPence !== invoice.grossPence - invoice.creditedPence) return creditParts(amountPence, invoice.rates);
  return creditPartsWithVat(amountPence, invoice.vatPence - invoice.creditedVatPence, invoice.rates);
}

/** A credit note's totals from its parts. */
export function creditTotals(parts: readonly CreditPart[]): { netPence: number; vatPence: number; grossPence: number } {
  return parts.reduce((sum, part) => ({ netPence: sum.netPence + part.netPence, vatPence: sum.vatPence + part.vatPence, grossPence: sum.grossPence + part.grossPence }), { netPence: 0, vatPence: 0, grossPence: 0 });
}
