// Who sees a job (docs/audience.md): the open market, the shipper's pools only, or the pools first
// and the market after a number of hours, with an optional deadline for quotes. These are rows of
// the job field table (fields.ts spreads them in); the pools offered and the hours are not Job
// columns (`elsewhere`): the model saves them as JobPool rows and as marketAt at publishing.

import { z } from "zod";
import { formatDateTime } from "#domain/format/dates.ts";
import { dateTimeLocal, wholeNumber } from "./checks.ts";
import { elsewhere, field, instantColumn } from "./rows.ts";

export const AUDIENCES = [
  { value: "market", label: "The open market" },
  { value: "pools", label: "My pools only" },
  { value: "pools_then_market", label: "My pools first, then the open market" },
] as const;
export type Audience = (typeof AUDIENCES)[number]["value"];

export const MIN_MARKET_AFTER_HOURS = 1;
/** Seven days: an invited tender longer than a week would leave the market too little time. */
export const MAX_MARKET_AFTER_HOURS = 168;

export const AUDIENCE_MESSAGES = {
  audience: "Choose who sees this job",
  pools: "Choose at least one of your pools",
  notOurPool: "Choose from your pools",
  hours: "Enter the hours before the market sees the job, from 1 to 168",
  deadlineFuture: "The deadline must be in the future",
  deadlineBeforeCollection: "The deadline must be before the first collection",
} as const;
const M = AUDIENCE_MESSAGES;

const HOUR_MS = 3_600_000;
const POOL_ID = /^[1-9]\d{0,9}$/;

/** The stored deadline as its wall-clock text reads: "27 Nov 2026, 14:00" (the form's local time). */
const localDateTimeText = (value: unknown) => (typeof value === "string" && value ? formatDateTime(new Date(`${value}:00Z`), "UTC") : null);

/** A stored job as the audience rows read it back: when its hours count from (see hoursOf). */
export type AudienceLoadContext = { timezone: string; since?: Date | null };

/**
 * The hours before the market step, from the stored step time: counted from publishing, or for a
 * draft from its last save (a draft keeps its step time as if published then).
 */
function hoursOf(stored: Date | null, context: AudienceLoadContext): string | undefined {
  if (!stored || !context.since) return undefined;
  const hours = Math.round((stored.getTime() - context.since.getTime()) / HOUR_MS);
  return String(Math.min(MAX_MARKET_AFTER_HOURS, Math.max(MIN_MARKET_AFTER_HOURS, hours)));
}

export const AUDIENCE_FIELDS = {
  audience: field({
    key: "audience", input: "text", options: AUDIENCES,
    check: z.enum(["market", "pools", "pools_then_market"], { error: M.audience }).optional(),
    read: (value): Audience => value ?? "market",
  }),
  pool_ids: elsewhere(field({
    key: "poolIds", column: "pools", input: "list", group: "audience_pools", required: M.pools,
    // One message for the whole list, so it shows beside the pools rather than beside one box.
    check: z.array(z.string()).refine((ids) => ids.every((id) => POOL_ID.test(id)), { error: M.notOurPool }),
    read: (value) => value.map(Number),
    load: (stored: readonly { poolId: number }[] | undefined) => (stored ?? []).map((row) => String(row.poolId)),
  })),
  market_after_hours: elsewhere(field({
    key: "marketAfterHours", column: "marketAt", input: "text", group: "audience_market_step", required: M.hours,
    check: wholeNumber(
      { notNumber: M.hours, notWhole: M.hours },
      { min: MIN_MARKET_AFTER_HOURS, max: MAX_MARKET_AFTER_HOURS, tooSmall: M.hours, tooBig: M.hours },
    ).optional(),
    load: (stored: Date | null, context: AudienceLoadContext) => hoursOf(stored, context),
  })),
  quote_deadline: field({
    key: "quoteDeadline", input: "text", check: dateTimeLocal(), group: "audience_pools", ...instantColumn,
    fact: { label: "Quotes by", section: "schedule", text: localDateTimeText },
  }),
  close_at_deadline: field({
    key: "closeAtDeadline", input: "flag", check: z.boolean(), group: "audience_pools", load: (stored: boolean) => stored,
  }),
};

/** When the market step falls for a job published (or, for a draft, saved) at `from`. */
export function marketStepAt(from: Date, hours: number | null): Date | null {
  return hours === null ? null : new Date(from.getTime() + hours * HOUR_MS);
}

/**
 * The audience columns a saved job takes besides its pools. A published job is on the market at
 * once for "market", and stays so once its step has happened; a draft is kept on the market side so
 * the market step's sweep never picks it up (publishing works it out again).
 */
export function audienceColumns(
  data: { audience?: string; marketAfterHours?: number | null },
  job: { status: string; from: Date; marketReachedAt?: Date | null },
) {
  const audience = (data.audience ?? "market") as Audience;
  const hours = audience === "pools_then_market" ? (data.marketAfterHours ?? null) : null;
  const reached = audience === "pools_then_market" && Boolean(job.marketReachedAt);
  const onMarket = job.status === "draft" || audience === "market" || reached;
  // The step's outcome (reached or skipped) is the sweep's record and is never undone by an edit.
  return { audience, onMarket, marketAt: marketStepAt(job.from, hours) };
}

type CollectingJob = {
  job_type: string;
  start_date?: string;
  pickups: readonly { _destroy?: boolean; window_date?: string; window_from?: string }[];
};

/**
 * The first collection as wall-clock text ("2027-03-14T08:00"): a single load's earliest pickup day
 * (from its window's start, else the day's start), or a run's start date. Null when not yet known.
 */
export function firstCollectionText(job: CollectingJob): string | null {
  if (job.job_type !== "single") return job.start_date ? `${job.start_date}T00:00` : null;
  const starts = job.pickups
    .filter((pickup) => !pickup._destroy && pickup.window_date)
    .map((pickup) => `${pickup.window_date}T${pickup.window_from ?? "00:00"}`);
  return starts.toSorted()[0] ?? null;
}

/** A deadline for quotes must fall before the first collection (both wall-clock times of the form). */
export function deadlineAfterCollection(deadline: string | undefined, job: CollectingJob): boolean {
  const first = firstCollectionText(job);
  return Boolean(deadline && first && deadline >= first);
}
