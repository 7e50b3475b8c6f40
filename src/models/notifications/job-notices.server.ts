import { db } from "#db/client.server.ts";
import { notificationContent as content } from "#domain/messaging/notification-content.ts";
import { routeLabel, scheduleSummary } from "#domain/jobs/summary.ts";
import { awardWinners } from "#models/award/outcome.server.ts";
import { noticesTo as to, type NotificationDraft } from "#models/notifications.server.ts";
import type { NotifyEvent } from "#models/notifications/notify.server.ts";
import { officeUsers } from "#models/team.server.ts";
import { matchedJobSelect } from "#models/jobs/summary.server.ts";

// Who hears of a job's events: its shipper's office of quotes and the auction's outcome, the
// bidders' offices of their own quotes and of the job, searchers of a new job that matches.

const jobFacts = (jobId: number) =>
  db().job.findUnique({
    where: { id: jobId },
    select: { id: true, reference: true, shipperAccountId: true, quotes: { select: { carrierAccountId: true, status: true } } },
  });

/** One notification per person, however many of their searches the job matches (named after the first). */
export async function searchMatchDrafts(event: Extract<NotifyEvent, { kind: "search_match" }>): Promise<NotificationDraft[]> {
  const job = await db().job.findUnique({ where: { id: event.jobId }, select: matchedJobSelect });
  if (!job) return [];
  const firstSearch = new Map<number, string>();
  for (const search of event.searches) if (!firstSearch.has(search.userId)) firstSearch.set(search.userId, search.name);
  const facts = { jobId: job.id, reference: job.reference, route: routeLabel(job.locations), when: scheduleSummary(job) };
  return [...firstSearch].map(([userId, searchName]) => ({ userId, ...content.searchMatch({ ...facts, searchName }) }));
}

export async function quoteDrafts(quoteId: number): Promise<NotificationDraft[]> {
  const quote = await db().quote.findUnique({
    where: { id: quoteId },
    select: {
      valueCents: true,
      numberOfLoads: true,
      carrierAccount: { select: { name: true } },
      job: { select: { id: true, reference: true, shipperAccountId: true } },
    },
  });
  if (!quote) return [];
  const { job, carrierAccount, valueCents, numberOfLoads } = quote;
  const facts = { jobId: job.id, reference: job.reference, carrierName: carrierAccount.name, valueCents, numberOfLoads };
  return to(await officeUsers([job.shipperAccountId]), content.quoteReceived(facts));
}

/** What one carrier (or several) hear about their own quote. */
export async function bidderDrafts(event: Extract<NotifyEvent, { kind: "outbid" | "awarded" | "quote_declined" }>): Promise<NotificationDraft[]> {
  const job = await jobFacts(event.jobId);
  if (!job) return [];
  const facts = { jobId: job.id, reference: job.reference };
  if (event.kind === "outbid") return to(await officeUsers(event.carrierAccountIds), content.outbid(facts));
  if (event.kind === "awarded") return to(await officeUsers([event.carrierAccountId]), content.awarded({ ...facts, loads: event.loads }));
  return to(await officeUsers([event.carrierAccountId]), content.quoteDeclined(facts));
}

type JobEvent = Extract<NotifyEvent, { kind: "auction_live" | "auction_closed" | "job_cancelled" }>;

/** What everyone bidding on a job hears when the job itself changes. */
export async function jobDrafts(event: JobEvent): Promise<NotificationDraft[]> {
  const job = await jobFacts(event.jobId);
  if (!job) return [];
  const facts = { jobId: job.id, reference: job.reference };
  const bidders = job.quotes.filter((q) => q.status !== "withdrawn").map((q) => q.carrierAccountId);
  if (event.kind === "job_cancelled") return to(await officeUsers(bidders), content.jobCancelled(facts));
  if (event.kind === "auction_live") return to(await officeUsers([job.shipperAccountId, ...bidders]), content.auctionLive(facts));
  // The shipper hears the outcome (who won, at what price, what next); the bidders that it ended.
  const shipper = content.auctionResult({ ...facts, winners: await awardWinners(job.id) });
  return [...to(await officeUsers([job.shipperAccountId]), shipper), ...to(await officeUsers(bidders), content.auctionClosed(facts))];
}
