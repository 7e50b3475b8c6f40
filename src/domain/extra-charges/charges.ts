// Extra charges on a delivered load, added by the carrier's office before its invoice is issued and
// approved or refused by the shipper's office. Three kinds: waiting time (the whole wait in minutes,
// charged beyond the job's free time at an hourly rate: waiting.ts), an extra drop and any other
// charge (each an amount). Every charge says what it is for in a note, and may point at one of the
// load's documents or photos as evidence. Amounts are typed in pounds and pence and kept in pence.

import { z } from "zod";
import { formatMoney } from "#domain/format/money.ts";
import { penceFromPounds } from "#domain/invoices/credit-notes.ts";
import { formatMinutes, waitingChargePence } from "./waiting.ts";

export const EXTRA_CHARGE_KINDS = [
  { value: "waiting_time", label: "Waiting time" },
  { value: "extra_drop", label: "Extra drop" },
  { value: "other", label: "Other charge" },
] as const;
export type ExtraChargeKind = (typeof EXTRA_CHARGE_KINDS)[number]["value"];

export type ExtraChargeStatus = "pending" | "approved" | "refused";
export const EXTRA_CHARGE_STATUS_LABELS: Record<ExtraChargeStatus, string> = { pending: "Awaiting decision", approved: "Approved", refused: "Refused" };

/** The kind's label ("Waiting time"); an unknown kind reads as "Other charge". */
export const kindLabel = (kind: string): string => EXTRA_CHARGE_KINDS.find((option) => option.value === kind)?.label ?? "Other charge";

export const MAX_NOTE_LENGTH = 500;
export const MAX_WAIT_MINUTES = 1_440;
export const MIN_RATE_PENCE = 100;
export const MAX_RATE_PENCE = 100_000;
export const MAX_AMOUNT_PENCE = 1_000_000;

export const EXTRA_CHARGE_MESSAGES = {
  kind: "Choose what the charge is for",
  minutesMissing: "Enter how long the wait was, in minutes",
  minutesUnreadable: "Enter the wait in whole minutes, like 150",
  minutesTooLong: "A wait can be at most 1,440 minutes (24 hours)",
  /** "The first 2 hours of waiting are free: enter a longer wait". */
  minutesWithinFree: (freeMinutes: number) => `The first ${formatMinutes(freeMinutes)} of waiting are free: enter a longer wait`,
  rateMissing: "Enter your hourly rate for waiting, like 45.00",
  rateUnreadable: "Enter the hourly rate in pounds and pence, like 45.00",
  rateTooLow: "Enter an hourly rate of at least £1.00",
  rateTooHigh: "Enter an hourly rate of £1,000.00 or less",
  amountMissing: "Enter the amount, like 125.50",
  amountUnreadable: "Enter the amount in pounds and pence, like 125.50",
  amountNotPositive: "Enter an amount more than £0",
  amountTooHigh: "Enter an amount of £10,000.00 or less",
  noteMissing: "Enter a note saying what the charge is for",
  noteTooLong: "Keep the note to 500 characters",
  evidence: "Choose one of this load's documents or photos, or none",
  reasonMissing: "Enter why you refuse the charge",
  reasonTooLong: "Keep the reason to 500 characters",
} as const;
const M = EXTRA_CHARGE_MESSAGES;

/** What the add form is read against: the job's waiting terms and the load's attachments. */
export type ChargeTerms = { freeMinutes: number; ratePence: number | null; evidenceIds: readonly number[] };

export type ExtraChargeInput = {
  kind: ExtraChargeKind; minutes: number | null; amountPence: number; note: string; evidenceAttachmentId: number | null;
};

type Problem = { path: string; message: string };
type Read<T> = { value: T } | Problem;

type AmountMessages = { missing: string; unreadable: string; tooLow: string; tooHigh: string };

/** A typed amount within [min, max] pence, or the message to show beside it. */
export function readAmount(text: string | undefined, bounds: { min: number; max: number }, messages: AmountMessages): { pence: number } | { message: string } {
  if (!text) return { message: messages.missing };
  const pence = penceFromPounds(text);
  if (pence === null) return { message: messages.unreadable };
  if (pence < bounds.min) return { message: messages.tooLow };
  return pence > bounds.max ? { message: messages.tooHigh } : { pence };
}

const WHOLE = /^\d{1,6}$/;

/** The wait in whole minutes, longer than the free time and at most a day. */
function readMinutes(text: string | undefined, freeMinutes: number): Read<number> {
  const problem = (message: string) => ({ path: "minutes", message });
  if (!text) return problem(M.minutesMissing);
  if (!WHOLE.test(text.replaceAll(",", ""))) return problem(M.minutesUnreadable);
  const minutes = Number(text.replaceAll(",", ""));
  if (minutes > MAX_WAIT_MINUTES) return problem(M.minutesTooLong);
  return minutes <= freeMinutes ? problem(M.minutesWithinFree(freeMinutes)) : { value: minutes };
}

type Posted = { minutes?: string | undefined; rate?: string | undefined; amount?: string | undefined };
type Priced = { minutes: number | null; amountPence: number };

/** Waiting time: the wait, and the job's rate or (when it has none) the carrier's, priced by the rule. */
function waitingCharge(posted: Posted, terms: ChargeTerms): Problem[] | Priced {
  const wait = readMinutes(posted.minutes, terms.freeMinutes);
  const rateMessages = { missing: M.rateMissing, unreadable: M.rateUnreadable, tooLow: M.rateTooLow, tooHigh: M.rateTooHigh };
  const rate = terms.ratePence === null ? readAmount(posted.rate, { min: MIN_RATE_PENCE, max: MAX_RATE_PENCE }, rateMessages) : { pence: terms.ratePence };
  if ("message" in wait || "message" in rate) {
    return [...("message" in wait ? [wait] : []), ...("message" in rate ? [{ path: "rate", message: rate.message }] : [])];
  }
  const amountPence = waitingChargePence({ waitedMinutes: wait.value, freeMinutes: terms.freeMinutes, ratePencePerHour: rate.pence });
  return { minutes: wait.value, amountPence };
}

/** An extra drop or another charge: its amount. */
function amountCharge(posted: Posted): Problem[] | Priced {
  const messages = { missing: M.amountMissing, unreadable: M.amountUnreadable, tooLow: M.amountNotPositive, tooHigh: M.amountTooHigh };
  const amount = readAmount(posted.amount, { min: 1, max: MAX_AMOUNT_PENCE }, messages);
  return "message" in amount ? [{ path: "amount", message: amount.message }] : { minutes: null, amountPence: amount.pence };
}

/** The evidence chosen: blank for none, else one of the load's attachments. */
function readEvidence(text: string | undefined, evidenceIds: readonly number[]): Read<number | null> {
  if (!text) return { value: null };
  const id = WHOLE.test(text) ? Number(text) : Number.NaN;
  return evidenceIds.includes(id) ? { value: id } : { path: "evidence_attachment_id", message: M.evidence };
}

const text = z.string().trim().optional().catch(undefined);
const KIND_VALUES = EXTRA_CHARGE_KINDS.map((option) => option.value) as [ExtraChargeKind, ...ExtraChargeKind[]];

const PostedChargeSchema = z.object({
  kind: z.enum(KIND_VALUES, { error: M.kind }),
  minutes: text, rate: text, amount: text, evidence_attachment_id: text,
  note: z.string({ error: M.noteMissing }).trim().min(1, { error: M.noteMissing }).max(MAX_NOTE_LENGTH, { error: M.noteTooLong }),
});

/** The add form as posted, read against the job's terms and the load's files: the charge, or messages keyed by field. */
export function extraChargeSchema(terms: ChargeTerms) {
  return PostedChargeSchema.transform((posted, ctx): ExtraChargeInput => {
    const priced = posted.kind === "waiting_time" ? waitingCharge(posted, terms) : amountCharge(posted);
    const evidence = readEvidence(posted.evidence_attachment_id, terms.evidenceIds);
    const problems = [...(Array.isArray(priced) ? priced : []), ...("message" in evidence ? [evidence] : [])];
    for (const { path, message } of problems) ctx.addIssue({ code: "custom", path: [path], message });
    if (Array.isArray(priced) || "message" in evidence) return z.NEVER;
    return { kind: posted.kind, ...priced, note: posted.note, evidenceAttachmentId: evidence.value };
  });
}

/** The refusal form: why, in at most 500 characters. */
export const RefusalSchema = z.object({
  reason: z.string({ error: M.reasonMissing }).trim().min(1, { error: M.reasonMissing }).max(MAX_NOTE_LENGTH, { error: M.reasonTooLong }),
});

/** "Waiting time, 2 hours 30 minutes: £22.50", the charge in one line. */
export function chargeSummary(charge: { kind: string; minutes: number | null; amountPence: number }): string {
  const wait = charge.kind === "waiting_time" && charge.minutes !== null ? `, ${formatMinutes(charge.minutes)}` : "";
  return `${kindLabel(charge.kind)}${wait}: ${formatMoney(charge.amountPence)}`;
}
