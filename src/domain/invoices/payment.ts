// Recording that an invoice was paid: the customer's office says on which day it paid (the UK
// calendar day, "yyyy-mm-dd") and, if it likes, its payment reference. A payment cannot be dated
// before the invoice was issued, nor in the future: both are typing slips.

import { z } from "zod";
import { parseDateInput } from "#domain/format/date-input.ts";

export const PAYMENT_FORM_FIELDS = ["paid_on", "reference"] as const;
export const PAYMENT_REFERENCE_MAX = 100;

export const PAYMENT_MESSAGES = {
  paidOn: "Enter the date you paid, like 2027-03-14",
  future: "The date you paid cannot be in the future",
  beforeIssue: (issued: string) => `The date you paid cannot be before the invoice was issued on ${issued}`,
  reference: `Keep the reference to ${PAYMENT_REFERENCE_MAX} characters`,
} as const;

export type PaymentInput = { paidOn: string; reference: string | null };

/** The dates a payment must fall between: the invoice's issue day and today (both yyyy-mm-dd), and how the issue day reads. */
export type PaymentWindow = { issueDate: string; issueDateText: string; today: string };

function paidOnProblem(paidOn: string | null, window: PaymentWindow): string | null {
  if (!paidOn) return PAYMENT_MESSAGES.paidOn;
  if (paidOn > window.today) return PAYMENT_MESSAGES.future;
  return paidOn < window.issueDate ? PAYMENT_MESSAGES.beforeIssue(window.issueDateText) : null;
}

/** What the "mark as paid" form posts (`paid_on`, `reference`), read against the invoice's dates. */
export function paymentInputSchema(window: PaymentWindow) {
  // A missing or non-text field reads as empty, so it gets the field's own message.
  const text = z.string().optional().catch(undefined).transform((value) => (value ?? "").trim());
  return z.object({ paid_on: text, reference: text }).transform((input, context): PaymentInput => {
    const paidOn = parseDateInput(input.paid_on);
    const problem = paidOnProblem(paidOn, window);
    if (problem) context.addIssue({ code: "custom", path: ["paid_on"], message: problem });
    if (input.reference.length > PAYMENT_REFERENCE_MAX) context.addIssue({ code: "custom", path: ["reference"], message: PAYMENT_MESSAGES.reference });
    return { paidOn: paidOn ?? "", reference: input.reference || null };
  });
}
