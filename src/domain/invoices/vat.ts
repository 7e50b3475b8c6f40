// VAT on haulage, in whole pence and basis points (docs/invoices.md says why each rule is so).
//
// Rate: carrying goods between two places in the UK is standard-rated (20%). Carrying goods from a
// place in the UK to a place outside it, or into the UK from outside, is zero-rated: VAT Act 1994,
// Schedule 8, Group 8, item 5, explained in HMRC's VAT Notice 744B "Freight transport and associated
// services" and its manual VTRANS060200 (which also zero-rates a UK leg of such a journey, given
// evidence). We decide it from the leg's two country codes; a code we do not have counts as the UK,
// because zero rating needs evidence that the goods cross the border.
//
// Rounding: VAT Notice 700 §17.5 lets an invoice trader work out VAT per line or per invoice and
// round to the nearest penny, or round the VAT payable down. We work it out per line and round
// each line to the nearest penny, a half penny up; the invoice's VAT is the sum of its lines'.

import { assertWhole, divideHalfUp } from "./pence.ts";

/** 20%: the standard rate since 4 January 2011. */
export const STANDARD_RATE_BP = 2000;
export const ZERO_RATE_BP = 0;
const BASIS_POINTS = 10_000n;

/** ISO 3166 "GB", the "UK" some data uses, and HMRC's "XI" for Northern Ireland: all the UK for VAT. */
const UK_CODES = new Set(["GB", "UK", "XI"]);

export type Leg = { collectionCountry?: string | null; deliveryCountry?: string | null };

/** Whether a country code is in the UK; a blank or missing code counts as the UK (see above). */
export function isUkCountry(code: string | null | undefined): boolean {
  const normalised = (code ?? "").trim().toUpperCase();
  return normalised === "" || UK_CODES.has(normalised);
}

/** 2000 bp for carriage within the UK; 0 bp when either end of the leg is outside it. */
export function vatRateForLeg(leg: Leg): number {
  return isUkCountry(leg.collectionCountry) && isUkCountry(leg.deliveryCountry) ? STANDARD_RATE_BP : ZERO_RATE_BP;
}

function assertRate(rateBp: number): void {
  assertWhole(rateBp, "rateBp");
  if (rateBp < 0 || rateBp > Number(BASIS_POINTS)) throw new RangeError(`rateBp must be from 0 to 10000, not ${rateBp}`);
}

/** The VAT on one line's net amount: net × rate, to the nearest penny, a half penny up. */
export function lineVat(netPence: number, rateBp: number): number {
  assertWhole(netPence, "netPence");
  assertRate(rateBp);
  return divideHalfUp(BigInt(netPence) * BigInt(rateBp), BASIS_POINTS);
}

/** The VAT inside a VAT-inclusive amount (1/6 of it at 20%), to the nearest penny, a half penny up. */
export function vatInGross(grossPence: number, rateBp: number): number {
  assertWhole(grossPence, "grossPence");
  assertRate(rateBp);
  return divideHalfUp(BigInt(grossPence) * BigInt(rateBp), BASIS_POINTS + BigInt(rateBp));
}

export type VatLine = { netPence: number; rateBp: number };
export type Totals = { netPence: number; vatPence: number; grossPence: number };
export type RateTotals = Totals & { rateBp: number };

function add(totals: Totals, line: VatLine): Totals {
  const vatPence = lineVat(line.netPence, line.rateBp);
  return { netPence: totals.netPence + line.netPence, vatPence: totals.vatPence + vatPence, grossPence: totals.grossPence + line.netPence + vatPence };
}

const NOTHING: Totals = { netPence: 0, vatPence: 0, grossPence: 0 };

/** An invoice's totals: each the sum of its lines' (so net + VAT = gross on every line and in total). */
export function invoiceTotals(lines: readonly VatLine[]): Totals {
  return lines.reduce(add, NOTHING);
}

/** Totals by rate, highest rate first: the VAT summary a VAT invoice shows (zero-rated totals apart). */
export function vatBreakdown(lines: readonly VatLine[]): RateTotals[] {
  const byRate = new Map<number, Totals>();
  for (const line of lines) byRate.set(line.rateBp, add(byRate.get(line.rateBp) ?? NOTHING, line));
  return [...byRate.entries()].sort(([a], [b]) => b - a).map(([rateBp, totals]) => ({ rateBp, ...totals }));
}

/** A rate as people write it, from whole basis points: 2000 → "20%", 500 → "5%", 1750 → "17.5%". */
export function vatRateLabel(rateBp: number): string {
  assertRate(rateBp);
  const fraction = String(rateBp % 100).padStart(2, "0").replace(/0+$/, "");
  return `${(rateBp - (rateBp % 100)) / 100}${fraction ? `.${fraction}` : ""}%`;
}
