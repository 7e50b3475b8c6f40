// A job's life: draft → open → (auction: scheduled → live → closed) → awarded → in_progress →
// completed, or cancelled at any point before award. Each named group of statuses below is the one
// place its rule is spelled; the database side uses them through src/models/jobs/scopes.server.ts.

import { toEpochMs, type Instant } from "#domain/time/instant.ts";

export const JOB_STATUSES = [
  { value: "draft", label: "Draft" },
  { value: "open", label: "Open for quotes" },
  { value: "scheduled", label: "Auction scheduled" },
  { value: "live", label: "Auction live" },
  { value: "closed", label: "Bidding closed" },
  { value: "awarded", label: "Awarded" },
  { value: "in_progress", label: "In progress" },
  { value: "completed", label: "Completed" },
  { value: "cancelled", label: "Cancelled" },
] as const;
export type JobStatus = (typeof JOB_STATUSES)[number]["value"];

/**
 * On the board: open tenders, live auctions and auctions scheduled to open (a carrier sees those
 * ahead and prepares a price). The one rule for every list and count of jobs carriers can quote on:
 * the board, its filter options and the dashboard's "Jobs on the board" all use it, so they agree.
 */
export const BOARD_STATUSES = ["open", "scheduled", "live"] as const satisfies readonly JobStatus[];

/**
 * The stored statuses that accept a quote this minute (a scheduled auction has not opened). Not a
 * rule for lists or counts (those use BOARD_STATUSES); whether one job takes a quote now is
 * quoteRefusal's answer, which also reads the auction clock.
 */
export const TAKING_QUOTES_STATUSES = ["open", "live"] as const satisfies readonly JobStatus[];

/** Published and not yet awarded: carriers may read the job, and its allocation rules may change. */
export const OUT_FOR_QUOTES_STATUSES = ["open", "scheduled", "live", "closed"] as const satisfies readonly JobStatus[];

/** Awarded: the job's loads exist and run, or have run, with the carriers who won them. */
export const AWARDED_STATUSES = ["awarded", "in_progress", "completed"] as const satisfies readonly JobStatus[];

export function isAwarded(status: string): boolean {
  return (AWARDED_STATUSES as readonly string[]).includes(status);
}

/** Before award a shipper may still change or withdraw the job (unless a quote was accepted). */
export const BEFORE_AWARD_STATUSES = ["draft", ...OUT_FOR_QUOTES_STATUSES] as const satisfies readonly JobStatus[];
const BEFORE_AWARD: readonly string[] = BEFORE_AWARD_STATUSES;
export const EDITABLE_STATUSES = BEFORE_AWARD;
export const CANCELLABLE_STATUSES = BEFORE_AWARD;

export const NOT_EDITABLE = "This job can no longer be changed: a quote has been accepted";
export const NOT_CANCELLABLE = "This job can no longer be cancelled";

export function isEditable(job: { status: string; hasAcceptedQuote: boolean }): boolean {
  return EDITABLE_STATUSES.includes(job.status) && !job.hasAcceptedQuote;
}

/** No loads exist yet: they are made by the award. */
export function isBeforeAward(status: string): boolean {
  return BEFORE_AWARD.includes(status);
}

export function isOutForQuotes(status: string): boolean {
  return (OUT_FOR_QUOTES_STATUSES as readonly string[]).includes(status);
}

export function isCancellable(status: string): boolean {
  return CANCELLABLE_STATUSES.includes(status);
}

export type PublishTiming = { isAuction: boolean; auctionOpensAt: Instant | null; auctionClosesAt: Instant | null };

/** A tender opens for quotes at once; an auction is scheduled until its opening time, then live. */
export function publishedStatus(job: PublishTiming, nowMs: number): "open" | "scheduled" | "live" {
  if (!job.isAuction) return "open";
  const opensMs = toEpochMs(job.auctionOpensAt);
  return Number.isFinite(opensMs) && opensMs > nowMs ? "scheduled" : "live";
}

/** Why the job cannot be published now (field → message), or null. */
export function publishRefusal(job: PublishTiming, nowMs: number): Record<string, string> | null {
  if (!job.isAuction) return null;
  const closesMs = toEpochMs(job.auctionClosesAt);
  if (Number.isFinite(closesMs) && closesMs <= nowMs) return { auction_closes_at: "The auction must close in the future" };
  return null;
}

/** The shipper's list, one tab per stage of the job's life. */
export const SHIPPER_TABS = [
  { value: "draft", label: "Drafts", statuses: ["draft"] },
  { value: "open", label: "Out for quotes", statuses: OUT_FOR_QUOTES_STATUSES },
  { value: "awarded", label: "Awarded", statuses: ["awarded", "in_progress"] },
  { value: "completed", label: "Completed", statuses: ["completed"] },
  { value: "cancelled", label: "Cancelled", statuses: ["cancelled"] },
] as const;
export type ShipperTab = (typeof SHIPPER_TABS)[number]["value"];

export function shipperTab(value: unknown): (typeof SHIPPER_TABS)[number] {
  return SHIPPER_TABS.find((tab) => tab.value === value) ?? SHIPPER_TABS[1];
}

/**
 * The tab the shipper's list opens on: the one asked for; else "Out for quotes" when it has jobs,
 * else the first tab that has any, so a shipper whose jobs are all awarded or done never lands on
 * an empty tab.
 */
export function openingTab(asked: unknown, counts: Readonly<Record<ShipperTab, number>>): (typeof SHIPPER_TABS)[number] {
  const chosen = SHIPPER_TABS.find((tab) => tab.value === asked);
  if (chosen) return chosen;
  const preferred = shipperTab(undefined);
  return counts[preferred.value] > 0 ? preferred : (SHIPPER_TABS.find((tab) => counts[tab.value] > 0) ?? preferred);
}

export function tabOfStatus(status: string): ShipperTab {
  return SHIPPER_TABS.find((tab) => (tab.statuses as readonly string[]).includes(status))?.value ?? "open";
}
