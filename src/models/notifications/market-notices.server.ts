import { db } from "#db/client.server.ts";
import { routeLabel, scheduleSummary } from "#domain/jobs/summary.ts";
import { marketReachedNotice, quoteDeadlineNotice } from "#domain/messaging/market-notice.ts";
import { noticesTo as to, type NotificationDraft } from "#models/notifications.server.ts";
import type { NotifyEvent } from "#models/notifications/notify.server.ts";
import { matchedJobSelect } from "#models/jobs/summary.server.ts";
import { activeQuotes } from "#models/quotes/allocation.server.ts";
import { officeUsers } from "#models/team.server.ts";

// Who hears of an invited job's market step (the owners of the saved searches it newly reached,
// chosen by jobs/market-step-searches) and of its quote deadline (its shipper's office).

type MarketEvent = Extract<NotifyEvent, { kind: "market_reached" | "quote_deadline" }>;

export function marketDrafts(event: MarketEvent): Promise<NotificationDraft[]> {
  return event.kind === "market_reached" ? reachedDrafts(event) : deadlineDrafts(event.jobId);
}

/** One notification per person, however many of their searches the job matches (named after the first). */
async function reachedDrafts(event: Extract<NotifyEvent, { kind: "market_reached" }>): Promise<NotificationDraft[]> {
  const job = await db().job.findUnique({ where: { id: event.jobId }, select: matchedJobSelect });
  if (!job) return [];
  const firstSearch = new Map<number, string>();
  for (const search of event.searches) if (!firstSearch.has(search.userId)) firstSearch.set(search.userId, search.name);
  const facts = { jobId: job.id, reference: job.reference, route: routeLabel(job.locations), when: scheduleSummary(job) };
  return [...firstSearch].map(([userId, searchName]) => ({ userId, ...marketReachedNotice({ ...facts, searchName }) }));
}

/** The quotes counted are those the shipper sees and the award reckons with (active, no blocked carrier's). */
async function deadlineDrafts(jobId: number): Promise<NotificationDraft[]> {
  const job = await db().job.findUnique({ where: { id: jobId }, select: { id: true, reference: true, shipperAccountId: true, closeAtDeadline: true } });
  if (!job) return [];
  const quotes = (await activeQuotes(job.id)).length;
  const notice = quoteDeadlineNotice({ jobId: job.id, reference: job.reference, quotes, closed: job.closeAtDeadline });
  return to(await officeUsers([job.shipperAccountId]), notice);
}
