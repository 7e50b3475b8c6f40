import { describe, expect, it } from "vitest";
import { PAYMENT_MESSAGES, paymentInputSchema } from "#domain/invoices/payment.ts";

// The "mark as paid" form read against an invoice issued on 10 March 2027, on 20 March 2027.
const schema = paymentInputSchema({ issueDate: "2027-03-10", issueDateText: "10 March 2027", today: "2027-03-20" });

describe("paymentInputSchema", () => {
  it.each([
    { body: { paid_on: "2027-03-10" }, read: { paidOn: "2027-03-10", reference: null } },
    { body: { paid_on: "2027-03-20", reference: " BACS 991 " }, read: { paidOn: "2027-03-20", reference: "BACS 991" } },
    { body: { paid_on: "15/03/2027", reference: "" }, read: { paidOn: "2027-03-15", reference: null } },
  ])("reads $body", ({ body, read }) => {
    expect(schema.parse(body)).toEqual(read);
  });

  it.each([
    { body: {}, field: "paid_on", message: PAYMENT_MESSAGES.paidOn },
    { body: { paid_on: "" }, field: "paid_on", message: PAYMENT_MESSAGES.paidOn },
    { body: { paid_on: "2027-02-30" }, field: "paid_on", message: PAYMENT_MESSAGES.paidOn },
    { body: { paid_on: ["2027-03-12"] }, field: "paid_on", message: PAYMENT_MESSAGES.paidOn },
    { body: { paid_on: "2027-03-21" }, field: "paid_on", message: "The date you paid cannot be in the future" },
    { body: { paid_on: "2027-03-09" }, field: "paid_on", message: "The date you paid cannot be before the invoice was issued on 10 March 2027" },
    { body: { paid_on: "2027-03-12", reference: "x".repeat(101) }, field: "reference", message: "Keep the reference to 100 characters" },
  ])("refuses $body: $message", ({ body, field, message }) => {
    const parsed = schema.safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([[field, message]]);
  });

  it("accepts a reference of exactly 100 characters", () => {
    expect(schema.parse({ paid_on: "2027-03-12", reference: "x".repeat(100) }).reference).toHaveLength(100);
  });
});
