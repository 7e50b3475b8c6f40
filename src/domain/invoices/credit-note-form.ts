// The credit note form: the amount (gross, in pounds; its limits in credit-notes.ts) and why it is
// issued, which the credit note must show (gov.uk "VAT for businesses: returned goods"). A reason is
// required, and kept to 500 characters so it fits the PDF.

import { z } from "zod";
import { creditNoteInputSchema } from "./credit-notes.ts";

export const CREDIT_NOTE_REASON_MAX = 500;

export const CREDIT_NOTE_REASON_MESSAGES = {
  missing: "Enter why you are issuing this credit note",
  tooLong: `Keep the reason to ${CREDIT_NOTE_REASON_MAX} characters`,
} as const;

/** The form's fields in its order: the error summary links to them in this order. */
export const CREDIT_NOTE_FORM_FIELDS = ["amount", "reason"] as const;

const reasonSchema = z.object({
  reason: z
    .string()
    .optional()
    .transform((text) => (text ?? "").trim())
    .pipe(z.string().min(1, CREDIT_NOTE_REASON_MESSAGES.missing).max(CREDIT_NOTE_REASON_MAX, CREDIT_NOTE_REASON_MESSAGES.tooLong)),
});

/** What the form posts, read against what is still owed: `{ amountPence, kind, reason }`, or messages by field (422). */
export function creditNoteFormSchema(owedPence: number) {
  const amount = creditNoteInputSchema(owedPence);
  return z.unknown().transform((input, context) => {
    const body = typeof input === "object" && input !== null ? input : {};
    const read = [amount.safeParse(body), reasonSchema.safeParse(body)] as const;
    for (const result of read) if (!result.success) for (const issue of result.error.issues) context.addIssue({ code: "custom", path: issue.path, message: issue.message });
    const [amountRead, reasonRead] = read;
    if (!amountRead.success || !reasonRead.success) return z.NEVER;
    return { ...amountRead.data, reason: reasonRead.data.reason };
  });
}
