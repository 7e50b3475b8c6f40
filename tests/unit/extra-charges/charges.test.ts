import { describe, expect, it } from "vitest";
import {
  EXTRA_CHARGE_MESSAGES as M, RefusalSchema, chargeSummary, extraChargeSchema, kindLabel, readAmount, type ChargeTerms,
} from "#domain/extra-charges/charges.ts";

// The add form as posted, read against the job's waiting terms and the load's files.

const jobRate: ChargeTerms = { freeMinutes: 120, ratePence: 4_500, evidenceIds: [7, 9] };
const noRate: ChargeTerms = { ...jobRate, ratePence: null };

const read = (terms: ChargeTerms, posted: Record<string, unknown>) => {
  const parsed = extraChargeSchema(terms).safeParse(posted);
  if (parsed.success) return parsed.data;
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("reading a charge", () => {
  it.each([
    {
      terms: jobRate, posted: { kind: "waiting_time", minutes: "150", rate: "99.00", note: " Held at the gate ", evidence_attachment_id: "7" },
      // the job's rate wins over anything posted
      read: { kind: "waiting_time", minutes: 150, amountPence: 2_250, note: "Held at the gate", evidenceAttachmentId: 7 },
    },
    {
      terms: noRate, posted: { kind: "waiting_time", minutes: "1,000", rate: "£60", note: "Long wait" },
      read: { kind: "waiting_time", minutes: 1_000, amountPence: 88_000, note: "Long wait", evidenceAttachmentId: null },
    },
    {
      terms: { ...noRate, freeMinutes: 0 }, posted: { kind: "waiting_time", minutes: "1", rate: "1.00", note: "A minute" },
      read: { kind: "waiting_time", minutes: 1, amountPence: 2, note: "A minute", evidenceAttachmentId: null }, // 1.67p → 2p
    },
    {
      terms: jobRate, posted: { kind: "extra_drop", amount: "125.50", minutes: "999", note: "Second drop", evidence_attachment_id: "" },
      read: { kind: "extra_drop", minutes: null, amountPence: 12_550, note: "Second drop", evidenceAttachmentId: null },
    },
    {
      terms: jobRate, posted: { kind: "other", amount: "£1,250", note: "Tail-lift hire", evidence_attachment_id: "9" },
      read: { kind: "other", minutes: null, amountPence: 125_000, note: "Tail-lift hire", evidenceAttachmentId: 9 },
    },
    {
      terms: jobRate, posted: { kind: "other", amount: "10000", note: "x".repeat(500) },
      read: { kind: "other", minutes: null, amountPence: 1_000_000, note: "x".repeat(500), evidenceAttachmentId: null },
    },
  ])("$posted.kind $posted.minutes $posted.amount → $read.amountPence p", ({ terms, posted, read: expected }) => {
    expect(read(terms, posted)).toEqual(expected);
  });

  it.each([
    { terms: jobRate, posted: { note: "x" }, errors: { kind: M.kind } },
    { terms: jobRate, posted: { kind: "fuel", note: "x" }, errors: { kind: M.kind } },
    { terms: jobRate, posted: { kind: "other", amount: "5" }, errors: { note: M.noteMissing } },
    { terms: jobRate, posted: { kind: "other", amount: "5", note: "   " }, errors: { note: M.noteMissing } },
    { terms: jobRate, posted: { kind: "other", amount: "5", note: "x".repeat(501) }, errors: { note: M.noteTooLong } },
    { terms: jobRate, posted: { kind: "waiting_time", note: "x" }, errors: { minutes: M.minutesMissing } },
    { terms: jobRate, posted: { kind: "waiting_time", minutes: "2.5", note: "x" }, errors: { minutes: M.minutesUnreadable } },
    { terms: jobRate, posted: { kind: "waiting_time", minutes: "-30", note: "x" }, errors: { minutes: M.minutesUnreadable } },
    { terms: jobRate, posted: { kind: "waiting_time", minutes: "two hours", note: "x" }, errors: { minutes: M.minutesUnreadable } },
    { terms: jobRate, posted: { kind: "waiting_time", minutes: "120", note: "x" }, errors: { minutes: "The first 2 hours of waiting are free: enter a longer wait" } },
    { terms: { ...jobRate, freeMinutes: 45 }, posted: { kind: "waiting_time", minutes: "30", note: "x" }, errors: { minutes: "The first 45 minutes of waiting are free: enter a longer wait" } },
    { terms: jobRate, posted: { kind: "waiting_time", minutes: "1441", note: "x" }, errors: { minutes: M.minutesTooLong } },
    { terms: noRate, posted: { kind: "waiting_time", minutes: "150", note: "x" }, errors: { rate: M.rateMissing } },
    { terms: noRate, posted: { kind: "waiting_time", minutes: "150", rate: "45.001", note: "x" }, errors: { rate: M.rateUnreadable } },
    { terms: noRate, posted: { kind: "waiting_time", minutes: "150", rate: "0.99", note: "x" }, errors: { rate: M.rateTooLow } },
    { terms: noRate, posted: { kind: "waiting_time", minutes: "150", rate: "1000.01", note: "x" }, errors: { rate: M.rateTooHigh } },
    { terms: noRate, posted: { kind: "waiting_time", minutes: "90", note: "x" }, errors: { minutes: "The first 2 hours of waiting are free: enter a longer wait", rate: M.rateMissing } },
    { terms: jobRate, posted: { kind: "extra_drop", note: "x" }, errors: { amount: M.amountMissing } },
    { terms: jobRate, posted: { kind: "extra_drop", amount: "12.345", note: "x" }, errors: { amount: M.amountUnreadable } },
    { terms: jobRate, posted: { kind: "extra_drop", amount: "0.00", note: "x" }, errors: { amount: M.amountNotPositive } },
    { terms: jobRate, posted: { kind: "extra_drop", amount: "-5", note: "x" }, errors: { amount: M.amountNotPositive } },
    { terms: jobRate, posted: { kind: "extra_drop", amount: "10000.01", note: "x" }, errors: { amount: M.amountTooHigh } },
    { terms: jobRate, posted: { kind: "extra_drop", amount: "5", note: "x", evidence_attachment_id: "8" }, errors: { evidence_attachment_id: M.evidence } },
    { terms: jobRate, posted: { kind: "extra_drop", amount: "5", note: "x", evidence_attachment_id: "7abc" }, errors: { evidence_attachment_id: M.evidence } },
    { terms: jobRate, posted: { kind: "extra_drop", note: "x", evidence_attachment_id: "8" }, errors: { amount: M.amountMissing, evidence_attachment_id: M.evidence } },
  ])("$posted → $errors", ({ terms, posted, errors }) => {
    expect(read(terms, posted)).toEqual(errors);
  });
});

describe("an amount typed in pounds and pence", () => {
  const messages = { missing: "missing", unreadable: "unreadable", tooLow: "low", tooHigh: "high" };
  it.each([
    [undefined, "missing"], ["", "missing"], ["abc", "unreadable"], ["1.234", "unreadable"], ["0.99", "low"],
    ["1", 100], ["1.5", 150], ["£1,000.00", 100_000], ["1000.01", "high"],
  ])("%j → %j", (text, expected) => {
    const result = readAmount(text, { min: 100, max: 100_000 }, messages);
    expect("pence" in result ? result.pence : result.message).toBe(expected);
  });
});

describe("the refusal", () => {
  it.each([
    [{ reason: " Booked for 10:00 " }, { reason: "Booked for 10:00" }],
    [{ reason: "" }, { reason: M.reasonMissing }],
    [{}, { reason: M.reasonMissing }],
    [{ reason: "x".repeat(501) }, { reason: M.reasonTooLong }],
  ])("%j → %j", (posted, expected) => {
    const parsed = RefusalSchema.safeParse(posted);
    expect(parsed.success ? parsed.data : { reason: parsed.error.issues[0]?.message }).toEqual(expected);
  });
});

describe("a charge in words", () => {
  it.each([
    [{ kind: "waiting_time", minutes: 150, amountPence: 2_250 }, "Waiting time, 2 hours 30 minutes: £22.50"],
    [{ kind: "extra_drop", minutes: null, amountPence: 7_500 }, "Extra drop: £75.00"],
    [{ kind: "other", minutes: null, amountPence: 125_000 }, "Other charge: £1,250.00"],
    [{ kind: "mystery", minutes: null, amountPence: 100 }, "Other charge: £1.00"],
  ])("%j → %s", (charge, words) => {
    expect(chargeSummary(charge)).toBe(words);
  });

  it("labels each kind", () => {
    expect(["waiting_time", "extra_drop", "other"].map(kindLabel)).toEqual(["Waiting time", "Extra drop", "Other charge"]);
  });
});
