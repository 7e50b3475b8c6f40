// Credit notes. An issued invoice is never edited or deleted: it is reduced, wholly or in part, by a
// credit note, the evidence of a decrease in the consideration (HMRC manual VATREC13010; gov.uk "VAT
// for businesses: returned goods" lists what one shows, see required-fields.ts). A credit note is for
// more than £0 and at most what is still owed on the invoice. Amounts are gross (VAT included), as
// what is owed is; the VAT inside a credit is `vatInGross` in vat.ts at the invoice line's rate.

import { z } from "zod";
import { formatMoney } from "#domain/format/money.ts";
import { assertWhole } from "./pence.ts";

export const CREDIT_NOTE_MESSAGES = {
  unreadable: "Enter the amount in pounds and pence, like 125.50",
  notPositive: "Enter an amount more than £0",
  /** "A credit note cannot be more than the £1,234.56 still owed". */
  moreThanOwed: (owedPence: number) => `A credit note cannot be more than the ${formatMoney(owedPence)} still owed`,
} as const;

export type InvoiceBalance = { grossPence: number; paidPence: number; creditedPence: number };

/** Gross − payments − credits, never below £0 (an overpayment is a refund, not a negative debt). */
export function owedPence({ grossPence, paidPence, creditedPence }: InvoiceBalance): number {
  assertWhole(grossPence, "grossPence");
  assertWhole(paidPence, "paidPence");
  assertWhole(creditedPence, "creditedPence");
  return Math.max(0, grossPence - paidPence - creditedPence);
}

/** Why a credit note of `amountPence` cannot be issued when `owed` is still owed, or null when it can. */
export function creditNoteProblem(amountPence: number, owed: number): string | null {
  if (!Number.isSafeInteger(amountPence)) return CREDIT_NOTE_MESSAGES.unreadable;
  if (amountPence <= 0) return CREDIT_NOTE_MESSAGES.notPositive;
  return amountPence > owed ? CREDIT_NOTE_MESSAGES.moreThanOwed(owed) : null;
}

/** "whole" when the credit clears what is owed, "part" when some is still owed after it. */
export function creditNoteKind(amountPence: number, owed: number): "whole" | "part" {
  return amountPence >= owed ? "whole" : "part";
}

const POUNDS_AND_PENCE = /^-?£?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/** Strict reading of a typed amount: "125.50", "£1,250", "0.5" → pence; anything else → null. */
export function penceFromPounds(input: string | null | undefined): number | null {
  const text = (input ?? "").trim();
  const match = POUNDS_AND_PENCE.exec(text);
  if (!match?.[1]) return null;
  const pence = Number(match[1].replaceAll(",", "")) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  if (!Number.isSafeInteger(pence)) return null;
  return text.startsWith("-") ? -pence : pence;
}

/** What the credit note form posts (`amount`), read against what is owed: 422 messages keyed by field. */
export function creditNoteInputSchema(owed: number) {
  return z.object({ amount: z.string().optional() }).transform((input, context) => {
    const amountPence = penceFromPounds(input.amount);
    const problem = creditNoteProblem(amountPence ?? Number.NaN, owed);
    if (problem) {
      context.addIssue({ code: "custom", path: ["amount"], message: problem });
      return z.NEVER;
    }
    return { amountPence: amountPence ?? 0, kind: creditNoteKind(amountPence ?? 0, owed) };
  });
}
