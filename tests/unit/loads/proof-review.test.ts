import { describe, expect, it } from "vitest";
import {
  DECISION_MISSING,
  ENGLAND_AND_WALES_BANK_HOLIDAYS,
  NOTE_MISSING,
  NOTE_TOO_LONG,
  PROOF_REVIEW_REASONS,
  ProofReviewSchema,
  REASON_MISSING,
  addWorkingDays,
  autoAcceptAt,
  canMoveProof,
  formatWeekdayDate,
  isWorkingDay,
  proofMoveRefusal,
  reasonLabel,
} from "#domain/loads/proof-review.ts";

describe("the reasons for disputing a proof", () => {
  it("are damaged, short, missing paperwork and other, each with its label", () => {
    expect(PROOF_REVIEW_REASONS.map((r) => [r.value, r.label])).toEqual([
      ["damaged", "Goods damaged"],
      ["short", "Short delivery"],
      ["missing_paperwork", "Missing paperwork"],
      ["other", "Other"],
    ]);
  });

  it.each([
    { reason: "missing_paperwork", label: "Missing paperwork" },
    { reason: "lost", label: "" },
    { reason: null, label: "" },
  ])("$reason reads “$label”", ({ reason, label }) => {
    expect(reasonLabel(reason)).toBe(label);
  });
});

describe("the review form", () => {
  const long = "x".repeat(1_001);
  it.each([
    { case: "accept", body: { decision: "accept" }, data: { decision: "accept", reason: null, note: null } },
    { case: "accept, keeping its note and dropping a reason", body: { decision: "accept", reason: "damaged", note: " Fine now " }, data: { decision: "accept", reason: null, note: "Fine now" } },
    { case: "dispute with a reason", body: { decision: "dispute", reason: "damaged", note: "" }, data: { decision: "dispute", reason: "damaged", note: null } },
    { case: "dispute as short, with words", body: { decision: "dispute", reason: "short", note: "2 pallets missing" }, data: { decision: "dispute", reason: "short", note: "2 pallets missing" } },
    { case: "other, with words", body: { decision: "dispute", reason: "other", note: "Wrong dock" }, data: { decision: "dispute", reason: "other", note: "Wrong dock" } },
    { case: "a note of exactly 1,000 characters", body: { decision: "accept", note: "x".repeat(1_000) }, data: { decision: "accept", reason: null, note: "x".repeat(1_000) } },
  ])("takes $case", ({ body, data }) => {
    expect(ProofReviewSchema.parse(body)).toEqual(data);
  });

  it.each([
    { case: "nothing chosen", body: {}, errors: { decision: DECISION_MISSING } },
    { case: "a decision not on the form", body: { decision: "reject" }, errors: { decision: DECISION_MISSING } },
    { case: "a dispute without a reason", body: { decision: "dispute" }, errors: { reason: REASON_MISSING } },
    { case: "a dispute with a reason not on the list", body: { decision: "dispute", reason: "lost" }, errors: { reason: REASON_MISSING } },
    { case: "other without words", body: { decision: "dispute", reason: "other", note: "   " }, errors: { note: NOTE_MISSING } },
    { case: "a note over 1,000 characters", body: { decision: "dispute", reason: "damaged", note: long }, errors: { note: NOTE_TOO_LONG } },
  ])("refuses $case", ({ body, errors }) => {
    const parsed = ProofReviewSchema.safeParse(body);
    expect(parsed.success).toBe(false);
    const messages = Object.fromEntries(parsed.error!.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(messages).toEqual(errors);
  });

  it("says the messages the shipper reads", () => {
    expect([DECISION_MISSING, REASON_MISSING, NOTE_MISSING]).toEqual([
      "Choose whether to accept or dispute the proof",
      "Choose why you dispute the proof",
      "Say what is wrong with the proof",
    ]);
  });
});

describe("the proof's moves", () => {
  it.each([
    { from: "awaiting_review", to: "accepted", allowed: true },
    { from: "awaiting_review", to: "disputed", allowed: true },
    { from: "disputed", to: "accepted", allowed: true },
    { from: "disputed", to: "disputed", allowed: false, refusal: "This proof is already disputed: accept it once the carrier has answered" },
    { from: "accepted", to: "accepted", allowed: false, refusal: "This proof has already been accepted" },
    { from: "accepted", to: "disputed", allowed: false, refusal: "This proof has already been accepted" },
    { from: null, to: "accepted", allowed: false, refusal: "This load has no proof of delivery to review" },
    { from: "lost", to: "accepted", allowed: false, refusal: "This load has no proof of delivery to review" },
  ] as const)("$from → $to: $allowed", ({ from, to, allowed, ...rest }) => {
    expect(canMoveProof(from, to)).toBe(allowed);
    expect(proofMoveRefusal(from, to)).toBe("refusal" in rest ? rest.refusal : null);
  });
});

describe("working days in England and Wales", () => {
  it.each([
    { day: "2026-11-24", working: true, why: "a Tuesday" },
    { day: "2026-11-28", working: false, why: "a Saturday" },
    { day: "2026-11-29", working: false, why: "a Sunday" },
    { day: "2026-12-25", working: false, why: "Christmas Day" },
    { day: "2026-12-28", working: false, why: "Boxing Day's substitute Monday" },
    { day: "2027-03-26", working: false, why: "Good Friday" },
    { day: "2027-03-29", working: false, why: "Easter Monday" },
    { day: "2028-01-03", working: false, why: "New Year's Day's substitute Monday" },
    { day: "2028-08-28", working: false, why: "the summer bank holiday" },
    { day: "2029-01-02", working: true, why: "a Tuesday of a year not listed" },
  ])("$day ($why): $working", ({ day, working }) => {
    expect(isWorkingDay(day)).toBe(working);
  });

  it("lists eight bank holidays a year, 2025 to 2028, each on a weekday", () => {
    const years = ENGLAND_AND_WALES_BANK_HOLIDAYS.map((h) => h.date.slice(0, 4));
    expect(["2025", "2026", "2027", "2028"].map((year) => years.filter((y) => y === year).length)).toEqual([8, 8, 8, 8]);
    for (const { date } of ENGLAND_AND_WALES_BANK_HOLIDAYS) expect([0, 6]).not.toContain(new Date(`${date}T12:00:00Z`).getUTCDay());
  });

  it.each([
    { case: "a Tuesday: the next Tuesday, same time", from: "2026-11-24T14:05:00Z", to: "2026-12-01T14:05:00.000Z" },
    { case: "a Friday: the next Friday", from: "2026-11-27T16:30:00Z", to: "2026-12-04T16:30:00.000Z" },
    { case: "a Saturday: counted from Monday", from: "2026-11-28T10:00:00Z", to: "2026-12-04T10:00:00.000Z" },
    { case: "a Sunday: counted from Monday", from: "2026-11-29T10:00:00Z", to: "2026-12-04T10:00:00.000Z" },
    { case: "Christmas Eve 2026, before Christmas, Boxing Day's Monday and New Year's Day", from: "2026-12-24T15:00:00Z", to: "2027-01-05T15:00:00.000Z" },
    { case: "Christmas Eve 2025", from: "2025-12-24T10:00:00Z", to: "2026-01-05T10:00:00.000Z" },
    { case: "Christmas Eve 2027, into 2028's substitute New Year's Day", from: "2027-12-24T10:00:00Z", to: "2028-01-05T10:00:00.000Z" },
    { case: "the Thursday before Easter 2027, the clocks going forward that Sunday: 12:00 on London's clocks", from: "2027-03-25T12:00:00Z", to: "2027-04-05T11:00:00.000Z" },
    { case: "the Friday before the clocks go forward (Good Friday in the week after)", from: "2026-03-27T09:00:00Z", to: "2026-04-07T08:00:00.000Z" },
    { case: "the Friday before the clocks go back: 14:00 BST, then 14:00 GMT", from: "2026-10-23T13:00:00Z", to: "2026-10-30T14:00:00.000Z" },
    { case: "00:30 on the Sunday the clocks go forward, before they do: Friday 00:30 BST, under 5 days later", from: "2028-03-26T00:30:00Z", to: "2028-03-30T23:30:00.000Z" },
    { case: "00:30 on a Monday in London (still Sunday in UTC)", from: "2026-06-28T23:30:00Z", to: "2026-07-05T23:30:00.000Z" },
    { case: "seconds and milliseconds kept", from: "2026-11-24T14:05:37.250Z", to: "2026-12-01T14:05:37.250Z" },
  ])("5 working days after $case", ({ from, to }) => {
    expect(addWorkingDays(new Date(from), 5).toISOString()).toBe(to);
    expect(autoAcceptAt(new Date(from)).toISOString()).toBe(to);
  });

  it.each([
    { days: 0, to: "2026-11-27T16:30:00.000Z" },
    { days: 1, to: "2026-11-30T16:30:00.000Z" },
    { days: 2, to: "2026-12-01T16:30:00.000Z" },
  ])("$days working days after a Friday", ({ days, to }) => {
    expect(addWorkingDays(new Date("2026-11-27T16:30:00Z"), days).toISOString()).toBe(to);
  });

  it.each([
    { at: "2026-12-01T14:05:00Z", text: "Tuesday 1 December" },
    { at: "2026-07-05T23:30:00Z", text: "Monday 6 July" },
    { at: "2027-01-05T15:00:00Z", text: "Tuesday 5 January" },
  ])("says $at as “$text”", ({ at, text }) => {
    expect(formatWeekdayDate(new Date(at))).toBe(text);
  });
});
