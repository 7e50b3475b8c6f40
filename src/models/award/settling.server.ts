import { ensureJobCo2e } from "#models/jobs/co2e.server.ts";
import { createLoadStops } from "#models/loads/stops.server.ts";
import { notifyAll, refreshJobPages, refreshQuotesPages } from "#models/notifications/after-commit.server.ts";
import type { NotifyEvent } from "#models/notifications/notify.server.ts";
import { type AwardJob, type Tx, type Winner, createLoads } from "#models/award/loads.server.ts";
import type { Result } from "#lib/result.server.ts";
import { webhookEvent } from "#models/webhooks.server.ts";

// How every award ends, by the rules or by "secure now": the quotes settled and the loads made in
// the award's transaction, then, once it has committed, everyone concerned told.

export type AwardOutcome = Result<{ loads: number; assigned: number; carriers: number }>;
export type Settled = { outcome: AwardOutcome; events: readonly NotifyEvent[] };

/** Accepts the winners' quotes, declines the other active ones and creates the loads. */
export async function settle(tx: Tx, job: AwardJob, winners: Winner[], bidders: number[]): Promise<Settled> {
  const accepted = winners.map((w) => w.quoteId);
  await tx.quote.updateMany({ where: { id: { in: accepted } }, data: { status: "accepted" } });
  const others = { jobId: job.id, status: "active", id: { notIn: accepted } };
  await tx.quote.updateMany({ where: others, data: { status: "declined" } });
  const loads = await createLoads(tx, job, winners);
  const assigned = winners.reduce((sum, w) => sum + w.loads, 0);
  const winnerIds = new Set(winners.map((w) => w.accountId));
  const losers = [...new Set(bidders)].filter((id) => !winnerIds.has(id));
  const events: NotifyEvent[] = [
    ...(job.isAuction ? [{ kind: "auction_closed" as const, jobId: job.id }] : []),
    ...winners.map((w) => ({ kind: "awarded" as const, jobId: job.id, carrierAccountId: w.accountId, loads: w.loads })),
    ...losers.map((id) => ({ kind: "quote_declined" as const, jobId: job.id, carrierAccountId: id })),
  ];
  return { outcome: { ok: true as const, loads, assigned, carriers: winners.length }, events };
}

/**
 * Once an award has committed: its loads' stops and CO2e, then winners and losers hear the outcome,
 * and every open page of the job (the losers' too, which still offered "Update quote" or "Secure
 * now") and their "My quotes" pages show it.
 */
export async function afterSettling(jobId: number, { outcome, events }: Settled) {
  if (!outcome.ok) return;
  await Promise.all([createLoadStops(jobId), ensureJobCo2e(jobId)]);
  await notifyAll(events);
  await webhookEvent("job.awarded", jobId);
  const bidders = events.flatMap((event) => ("carrierAccountId" in event ? [event.carrierAccountId] : []));
  await Promise.all([refreshJobPages(jobId), refreshQuotesPages(bidders)]);
}
