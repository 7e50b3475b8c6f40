// An invited tender's decision deadline for quotes. At the deadline the shipper is told once; when it
// chose "close at the deadline", placing or changing a quote is refused from then on (withdrawing is
// not: a carrier may always take its price back before the award).

import { formatDateTime } from "#domain/format/dates.ts";
import { toEpochMs, type Instant } from "#domain/time/instant.ts";

export type DeadlineTerms = { quoteDeadline: Instant | null; closeAtDeadline: boolean };

/** "Quotes for this job closed at the deadline on 3 Mar 2027, 14:05" (UK time). */
export const closedAtDeadlineMessage = (deadline: Instant) =>
  `Quotes for this job closed at the deadline on ${formatDateTime(toEpochMs(deadline))}`;

/** The deadline has come (at its instant, not a millisecond later). */
export function deadlinePassed(job: Pick<DeadlineTerms, "quoteDeadline">, nowMs: number): boolean {
  const deadlineMs = toEpochMs(job.quoteDeadline);
  return Number.isFinite(deadlineMs) && deadlineMs <= nowMs;
}

/** Why a quote may not be placed or changed now because of the deadline, or null. */
export function deadlineRefusal(job: DeadlineTerms, nowMs: number): string | null {
  if (!job.closeAtDeadline || !deadlinePassed(job, nowMs)) return null;
  return closedAtDeadlineMessage(job.quoteDeadline!);
}
