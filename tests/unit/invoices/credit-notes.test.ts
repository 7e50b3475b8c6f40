import { describe, expect, it } from "vitest";
import {
  CREDIT_NOTE_MESSAGES, creditNoteInputSchema, creditNoteKind, creditNoteProblem, owedPence, penceFromPounds,
} from "#domain/invoices/credit-notes.ts";

describe("what is still owed: gross − payments − credits, never below £0", () => {
  it.each([
    { gross: 12_000, paid: 0, credited: 0, owed: 12_000 },
    { gross: 12_000, paid: 5_000, credited: 0, owed: 7_000 },
    { gross: 12_000, paid: 5_000, credited: 2_000, owed: 5_000 },
    { gross: 12_000, paid: 5_000, credited: 7_000, owed: 0 },
    { gross: 12_000, paid: 12_000, credited: 0, owed: 0 },
    { gross: 12_000, paid: 13_000, credited: 0, owed: 0 }, // overpaid: a refund, not a negative debt
  ])("£$gross gross, $paid paid, $credited credited → $owed owed (pence)", ({ gross, paid, credited, owed }) => {
    expect(owedPence({ grossPence: gross, paidPence: paid, creditedPence: credited })).toBe(owed);
  });

  it("refuses a fraction of a penny", () => {
    expect(() => owedPence({ grossPence: 100.5, paidPence: 0, creditedPence: 0 })).toThrow(RangeError);
  });
});

describe("a credit note is for more than £0 and at most what is still owed", () => {
  it.each([
    { amount: 0, owed: 12_000, problem: "Enter an amount more than £0" },
    { amount: -100, owed: 12_000, problem: "Enter an amount more than £0" },
    { amount: 1, owed: 12_000, problem: null },
    { amount: 11_999, owed: 12_000, problem: null },
    { amount: 12_000, owed: 12_000, problem: null }, // the whole of it
    { amount: 12_001, owed: 12_000, problem: "A credit note cannot be more than the £120.00 still owed" },
    { amount: 200_000, owed: 123_456, problem: "A credit note cannot be more than the £1,234.56 still owed" },
    { amount: 100, owed: 0, problem: "A credit note cannot be more than the £0.00 still owed" },
    { amount: Number.NaN, owed: 12_000, problem: "Enter the amount in pounds and pence, like 125.50" },
  ])("$amount pence when $owed is owed → $problem", ({ amount, owed, problem }) => {
    expect(creditNoteProblem(amount, owed)).toBe(problem);
  });

  it.each([
    { amount: 12_000, owed: 12_000, kind: "whole" },
    { amount: 1, owed: 12_000, kind: "part" },
    { amount: 11_999, owed: 12_000, kind: "part" },
  ])("$amount of $owed is a $kind credit", ({ amount, owed, kind }) => {
    expect(creditNoteKind(amount, owed)).toBe(kind);
  });

  it("names its messages", () => {
    expect(CREDIT_NOTE_MESSAGES.notPositive).toBe("Enter an amount more than £0");
    expect(CREDIT_NOTE_MESSAGES.moreThanOwed(5)).toBe("A credit note cannot be more than the £0.05 still owed");
  });
});

describe("penceFromPounds: a typed amount", () => {
  it.each([
    { input: "125.50", pence: 12_550 },
    { input: "125.5", pence: 12_550 },
    { input: "125", pence: 12_500 },
    { input: "£125.50", pence: 12_550 },
    { input: " £ 1,250.05 ", pence: 125_005 },
    { input: "0.01", pence: 1 },
    { input: "0", pence: 0 },
    { input: "1,000,000.00", pence: 100_000_000 },
    { input: "-5", pence: -500 },
    { input: "12.345", pence: null },
    { input: "1,20", pence: null },
    { input: "12.", pence: null },
    { input: ".50", pence: null },
    { input: "abc", pence: null },
    { input: "", pence: null },
    { input: null, pence: null },
    { input: "99999999999999999999", pence: null },
  ])("$input → $pence", ({ input, pence }) => {
    expect(penceFromPounds(input)).toBe(pence);
  });
});

describe("the credit note form (amount) read against £120.00 owed", () => {
  const read = (amount: string | undefined) => {
    const parsed = creditNoteInputSchema(12_000).safeParse({ amount });
    return parsed.success ? parsed.data : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  };

  it.each([
    { amount: "50", result: { amountPence: 5_000, kind: "part" } },
    { amount: "£120.00", result: { amountPence: 12_000, kind: "whole" } },
    { amount: "0", result: { amount: "Enter an amount more than £0" } },
    { amount: "-5", result: { amount: "Enter an amount more than £0" } },
    { amount: "120.01", result: { amount: "A credit note cannot be more than the £120.00 still owed" } },
    { amount: "", result: { amount: "Enter the amount in pounds and pence, like 125.50" } },
    { amount: undefined, result: { amount: "Enter the amount in pounds and pence, like 125.50" } },
    { amount: "ten", result: { amount: "Enter the amount in pounds and pence, like 125.50" } },
  ])("$amount → $result", ({ amount, result }) => {
    expect(read(amount)).toEqual(result);
  });
});
