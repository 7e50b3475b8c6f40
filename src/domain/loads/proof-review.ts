import { z } from "zod";
import { addDays, dayOfWeek } from "#domain/format/calendar.ts";
import { MONTH_NAMES, UK_TIME_ZONE, toDateTimeLocalValue, zonedDateTimeToUtc } from "#domain/format/dates.ts";

// The shipper's review of a delivered load's proof. Its office accepts the proof or disputes it with
// a reason; a dispute is answered by the carrier (a message, a photo) and then accepted. Accepted is
// final. A proof nobody reviews within 5 working days of its delivery is accepted by itself.

export const PROOF_REVIEW_REASONS = [
  { value: "damaged", label: "Goods damaged" },
  { value: "short", label: "Short delivery" },
  { value: "missing_paperwork", label: "Missing paperwork" },
  { value: "other", label: "Other" },
] as const;
export type ProofReviewReason = (typeof PROOF_REVIEW_REASONS)[number]["value"];

export const PROOF_REVIEW_DECISIONS = [
  { value: "accept", label: "Accept the proof" },
  { value: "dispute", label: "Dispute the proof" },
] as const;
export type ProofReviewDecision = (typeof PROOF_REVIEW_DECISIONS)[number]["value"];

export type ProofStatus = "awaiting_review" | "disputed" | "accepted";

export const DECISION_MISSING = "Choose whether to accept or dispute the proof";
export const REASON_MISSING = "Choose why you dispute the proof";
export const NOTE_MISSING = "Say what is wrong with the proof";
export const MAX_NOTE_LENGTH = 1_000;
export const NOTE_TOO_LONG = "Keep the note to 1,000 characters";

const REASON_VALUES = PROOF_REVIEW_REASONS.map((reason) => reason.value) as [ProofReviewReason, ...ProofReviewReason[]];

/** The reason's label ("Goods damaged"); "" for none or one not on the list. */
export const reasonLabel = (reason: string | null | undefined): string =>
  PROOF_REVIEW_REASONS.find((option) => option.value === reason)?.label ?? "";

/**
 * The review form as posted: a decision; a dispute needs a reason, and "Other" needs words. An
 * acceptance keeps no reason. A note is at most 1,000 characters.
 */
export const ProofReviewSchema = z
  .object({
    decision: z.enum(["accept", "dispute"], { error: DECISION_MISSING }),
    reason: z.string().trim().optional(),
    note: z.string({ error: NOTE_TOO_LONG }).trim().max(MAX_NOTE_LENGTH, { error: NOTE_TOO_LONG }).optional(),
  })
  .transform((input, ctx) => {
    const note = input.note || null;
    if (input.decision === "accept") return { decision: input.decision, reason: null, note };
    const reason = REASON_VALUES.find((value) => value === input.reason);
    if (!reason) ctx.addIssue({ code: "custom", path: ["reason"], message: REASON_MISSING });
    if (reason === "other" && !note) ctx.addIssue({ code: "custom", path: ["note"], message: NOTE_MISSING });
    return { decision: input.decision, reason: reason ?? null, note };
  });
export type ProofReviewInput = z.output<typeof ProofReviewSchema>;

/** What each decision makes of the proof. */
export const DECISION_STATUS: Record<ProofReviewDecision, Exclude<ProofStatus, "awaiting_review">> = {
  accept: "accepted",
  dispute: "disputed",
};

/** Awaiting review → accepted or disputed; disputed → accepted (once the carrier answered); accepted is final. */
const NEXT_PROOF_STATUSES: Record<ProofStatus, readonly ProofStatus[]> = {
  awaiting_review: ["accepted", "disputed"],
  disputed: ["accepted"],
  accepted: [],
};

export const canMoveProof = (from: string | null, to: ProofStatus): boolean =>
  from !== null && from in NEXT_PROOF_STATUSES && NEXT_PROOF_STATUSES[from as ProofStatus].includes(to);

/** Why the proof cannot move from `from` to `to`, as the shipper is told; null when it can. */
export function proofMoveRefusal(from: string | null, to: ProofStatus): string | null {
  if (canMoveProof(from, to)) return null;
  if (from === "accepted") return "This proof has already been accepted";
  if (from === "disputed") return "This proof is already disputed: accept it once the carrier has answered";
  return "This load has no proof of delivery to review";
}

// ── Working days ──────────────────────────────────────────────────────────────────────────────

/**
 * England and Wales bank holidays, 2025–2028. Source: gov.uk/bank-holidays
 * (https://www.gov.uk/bank-holidays.json, "england-and-wales"); 2028 follows the usual rules until
 * GOV.UK publishes it (a holiday on a weekend moves to the next weekday). Add each year as it is
 * announced: a year not listed has no bank holidays here, only weekends.
 */
export const ENGLAND_AND_WALES_BANK_HOLIDAYS: readonly { date: string; name: string }[] = [
  { date: "2025-01-01", name: "New Year’s Day" },
  { date: "2025-04-18", name: "Good Friday" },
  { date: "2025-04-21", name: "Easter Monday" },
  { date: "2025-05-05", name: "Early May bank holiday" },
  { date: "2025-05-26", name: "Spring bank holiday" },
  { date: "2025-08-25", name: "Summer bank holiday" },
  { date: "2025-12-25", name: "Christmas Day" },
  { date: "2025-12-26", name: "Boxing Day" },
  { date: "2026-01-01", name: "New Year’s Day" },
  { date: "2026-04-03", name: "Good Friday" },
  { date: "2026-04-06", name: "Easter Monday" },
  { date: "2026-05-04", name: "Early May bank holiday" },
  { date: "2026-05-25", name: "Spring bank holiday" },
  { date: "2026-08-31", name: "Summer bank holiday" },
  { date: "2026-12-25", name: "Christmas Day" },
  { date: "2026-12-28", name: "Boxing Day (substitute day)" },
  { date: "2027-01-01", name: "New Year’s Day" },
  { date: "2027-03-26", name: "Good Friday" },
  { date: "2027-03-29", name: "Easter Monday" },
  { date: "2027-05-03", name: "Early May bank holiday" },
  { date: "2027-05-31", name: "Spring bank holiday" },
  { date: "2027-08-30", name: "Summer bank holiday" },
  { date: "2027-12-27", name: "Christmas Day (substitute day)" },
  { date: "2027-12-28", name: "Boxing Day (substitute day)" },
  { date: "2028-01-03", name: "New Year’s Day (substitute day)" },
  { date: "2028-04-14", name: "Good Friday" },
  { date: "2028-04-17", name: "Easter Monday" },
  { date: "2028-05-01", name: "Early May bank holiday" },
  { date: "2028-05-29", name: "Spring bank holiday" },
  { date: "2028-08-28", name: "Summer bank holiday" },
  { date: "2028-12-25", name: "Christmas Day" },
  { date: "2028-12-26", name: "Boxing Day" },
];
const BANK_HOLIDAYS = new Set(ENGLAND_AND_WALES_BANK_HOLIDAYS.map((holiday) => holiday.date));

/** A calendar day ("2026-12-24") that is neither a Saturday, a Sunday nor a bank holiday. */
export function isWorkingDay(isoDate: string): boolean {
  const day = dayOfWeek(isoDate);
  return day !== 0 && day !== 6 && !BANK_HOLIDAYS.has(isoDate);
}

/**
 * The same time of day (on London's clocks) `days` working days after `instant`'s day: delivered at
 * 14:05 on a Tuesday, 5 working days on is 14:05 the next Tuesday, whether or not the clocks changed
 * in between. A delivery on a weekend or bank holiday counts from the next working day.
 */
export function addWorkingDays(instant: Date, days: number, timeZone = UK_TIME_ZONE): Date {
  const [start = "", clock = ""] = toDateTimeLocalValue(instant, timeZone).split("T");
  let date = start;
  for (let left = days; left > 0; ) {
    date = addDays(date, 1);
    if (isWorkingDay(date)) left -= 1;
  }
  // The wall clock is read to the minute: the seconds and milliseconds are carried over as they were.
  const withinMinute = instant.getTime() % 60_000;
  return new Date(zonedDateTimeToUtc(`${date}T${clock}`, timeZone)!.getTime() + withinMinute);
}

/** How long a delivered load's proof waits for the shipper's review before it is accepted by itself. */
export const AUTO_ACCEPT_WORKING_DAYS = 5;

/** When a proof delivered at `deliveredAt` and not reviewed by then is accepted by itself. */
export const autoAcceptAt = (deliveredAt: Date): Date => addWorkingDays(deliveredAt, AUTO_ACCEPT_WORKING_DAYS);

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** "Tuesday 1 December": the day an instant falls on in London, as the review's sentence says it. */
export function formatWeekdayDate(instant: Date, timeZone = UK_TIME_ZONE): string {
  const [date = ""] = toDateTimeLocalValue(instant, timeZone).split("T");
  const [, month = 1, day = 1] = date.split("-").map(Number);
  return `${WEEKDAY_NAMES[dayOfWeek(date)]} ${day} ${MONTH_NAMES[month - 1]}`;
}
