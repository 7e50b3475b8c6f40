import { describe, expect, it } from "vitest";
import { formatMoney } from "#domain/format/money.ts";
import { fixedCompensationPence, statutoryInterest } from "#domain/invoices/late-payment.ts";
import type { InvoiceDetail } from "#models/invoices.server.ts";
import { latePaymentOf } from "#pages/invoices/late-payment.server.ts";

// Late-payment interest and compensation are on the debt still owed: a credit note lowers both.

const invoice = (grossPence: number, creditedPence: number) =>
  ({ status: "issued", dueDate: new Date("2026-10-15T00:00:00Z"), grossPence, creditedPence }) as unknown as InvoiceDetail;
const NOW = new Date("2026-11-26T12:00:00Z");
const fact = (figures: ReturnType<typeof latePaymentOf>, label: string) => figures?.facts.find((f) => f.label === label)?.value;

describe("what an overdue invoice may claim, after its credit notes", () => {
  it.each([
    [148_148, 0, 148_148],
    [148_148, 48_148, 100_000],
    [1_200_00, 30_000, 90_000], // £1,200 owed £900: compensation drops from £70 to £40
  ])("gross %i, credited %i: interest and compensation on %i", (gross, credited, debt) => {
    const figures = latePaymentOf(invoice(gross, credited), NOW, 400);
    expect(fact(figures, "Interest so far")).toBe(formatMoney(statutoryInterest({ principalPence: debt, baseRateBp: 400, daysLate: 42 })));
    expect(fact(figures, "Fixed compensation")).toBe(formatMoney(fixedCompensationPence(debt)));
    expect(figures?.daysLate).toBe(42);
  });
});
