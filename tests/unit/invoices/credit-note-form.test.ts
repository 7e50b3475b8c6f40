import { describe, expect, it } from "vitest";
import { creditNoteFormSchema } from "#domain/invoices/credit-note-form.ts";

const read = (body: unknown, owed = 12_000) => {
  const parsed = creditNoteFormSchema(owed).safeParse(body);
  return parsed.success ? parsed.data : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("the credit note form: an amount up to what is owed, and a reason of up to 500 characters", () => {
  it.each([
    { case: "part of it", body: { amount: "50.00", reason: "Damaged pallet" }, out: { amountPence: 5_000, kind: "part", reason: "Damaged pallet" } },
    { case: "the whole of it, reason trimmed", body: { amount: "£120", reason: "  Load cancelled  " }, out: { amountPence: 12_000, kind: "whole", reason: "Load cancelled" } },
    { case: "500 characters", body: { amount: "1", reason: "x".repeat(500) }, out: { amountPence: 100, kind: "part", reason: "x".repeat(500) } },
    { case: "no reason", body: { amount: "1", reason: "   " }, out: { reason: "Enter why you are issuing this credit note" } },
    { case: "a reason too long", body: { amount: "1", reason: "x".repeat(501) }, out: { reason: "Keep the reason to 500 characters" } },
    { case: "more than owed", body: { amount: "120.01", reason: "r" }, out: { amount: "A credit note cannot be more than the £120.00 still owed" } },
    { case: "both wrong", body: { amount: "abc" }, out: { amount: "Enter the amount in pounds and pence, like 125.50", reason: "Enter why you are issuing this credit note" } },
    { case: "nothing posted", body: undefined, out: { amount: "Enter the amount in pounds and pence, like 125.50", reason: "Enter why you are issuing this credit note" } },
  ])("$case", ({ body, out }) => {
    expect(read(body)).toEqual(out);
  });
});
