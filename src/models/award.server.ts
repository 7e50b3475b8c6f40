import { jobScopes } from "#models/jobs/scopes.server.ts";
import { z } from "zod";
import { db } from "#db/client.server.ts";
import { lockRow } from "#db/row-lock.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { allocate } from "#domain/bidding/allocation.ts";
import { awardRefusal } from "#domain/bidding/quote-window.ts";
import { isAwarded } from "#domain/jobs/status.ts";
import { toDateInputValue } from "#domain/format/dates.ts";
import { type LoadPlanJob, planLoads, spreadLoads } from "#domain/loads/load-plan.ts";
import type { NotifyEvent } from "#models/notifications/notify.server.ts";
import { refusedBase, type Result } from "#lib/result.server.ts";
import { createLoadStops } from "#models/loads/stops.server.ts";
import { ensureJobCo2e } from "#models/jobs/co2e.server.ts";
import { insertRows } from "#db/bulk-insert.server.ts";
import { biddingJobSelect } from "#models/quotes.server.ts";
import { activeQuotes, forAllocation, rulesOf } from "#models/quotes/allocation.server.ts";
import { notifyAll, refreshJobPages, refreshQuotesPages } from "#models/notifications/after-commit.server.ts";

type Tx = Prisma.TransactionClient;

export type AwardOutcome = Result<{ loads: number; assigned: number; carriers: number }>;

// Interactive transactions wait for one another on SQLite's single writer; an award of hundreds of
// loads or twenty simultaneous "secure now" clicks must queue rather than time out.
const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

const awardJobSelect = {
  ...biddingJobSelect,
  numberOfLoads: true,
  startDate: true,
  endDate: true,
  frequency: true,
  additionalData: true,
  locations: { select: { id: true, kind: true, position: true, windowDate: true }, orderBy: [{ kind: "asc" as const }, { position: "asc" as const }] },
} satisfies Prisma.JobSelect;

type AwardJob = Prisma.JobGetPayload<{ select: typeof awardJobSelect }>;
type Winner = { accountId: number; quoteId: number; valueCents: number; loads: number };

const NO_QUOTES = "There are no quotes that can be awarded";

/**
 * Awards the job by its allocation rules: the same allocate() the carriers' bid form shows, run on
 * the active quotes. Winners' quotes are accepted and the rest declined; the loads are created and
 * spread over the winners. The job's row is locked first, so no quote is placed, changed or
 * withdrawn between reading the quotes and settling them, and a second award (the auction clock of
 * every process, or the shipper) waits, then finds the job awarded and is refused.
 */
export async function awardJob(jobId: number, now = Date.now()): Promise<AwardOutcome> {
  const result = await db().$transaction(async (tx) => {
    await lockRow(tx, "Job", jobId);
    const job = await tx.job.findUniqueOrThrow({ where: { id: jobId }, select: awardJobSelect });
    const refusal = awardRefusal(job, now);
    if (refusal) return { outcome: refusedBase(refusal.message, refusal.status), events: [] };
    const quotes = await activeQuotes(jobId, tx);
    const winners = allocate(forAllocation(quotes), job.expectedQuantity, rulesOf(job))
      .filter((a) => a.allocatedLoads > 0)
      .map((a) => ({ accountId: Number(a.accountId), quoteId: Number(a.id), valueCents: a.valueCents, loads: a.allocatedLoads }));
    if (!winners.length) return { outcome: refusedBase(NO_QUOTES), events: [] };
    const claimed = await tx.job.updateMany({ where: { id: jobId, status: job.status }, data: { status: "awarded", awardedAt: new Date(now) } });
    if (claimed.count === 0) return { outcome: refusedBase("This job has already been awarded", 409), events: [] };
    return settle(tx, job, winners, quotes.map((q) => q.carrierAccountId));
  }, TRANSACTION_OPTIONS);
  await afterSettling(jobId, result);
  return result.outcome;
}

export const SECURE_NOW_TAKEN = "Sorry — another carrier secured this job first. Bidding has closed.";

/**
 * "Secure now": the carrier takes every load at the shipper's secure-now price while the auction
 * is live. The winner is whoever's conditional UPDATE of the job (still scheduled or live, inside
 * its window by the clock) changes a row; every other request changes none and is refused.
 */
export async function secureNow(jobId: number, carrier: { accountId: number; userId: number }, now = Date.now()): Promise<AwardOutcome> {
  const at = new Date(now);
  const result = await db().$transaction(async (tx) => {
    const claimed = await tx.job.updateMany({
      where: {
        id: jobId,
        isAuction: true,
        ...jobScopes.auctionRunningOrDue,
        secureNowPriceCents: { gt: 0 },
        auctionOpensAt: { lte: at },
        OR: [{ auctionClosesAt: null }, { auctionClosesAt: { gt: at } }],
      },
      data: { status: "awarded", awardedAt: at },
    });
    const job = await tx.job.findUniqueOrThrow({ where: { id: jobId }, select: awardJobSelect });
    if (claimed.count === 0) {
      const mine = await tx.quote.findFirst({ where: { jobId, carrierAccountId: carrier.accountId, securedNow: true, status: "accepted" }, select: { id: true } });
      const message = mine ? "You have already secured this job" : secureNowRefusal(job, now);
      return { outcome: refusedBase(message, 409), events: [] };
    }
    const price = job.secureNowPriceCents ?? 0;
    const quote = await tx.quote.upsert({
      where: { jobId_carrierAccountId: { jobId, carrierAccountId: carrier.accountId } },
      create: { jobId, carrierAccountId: carrier.accountId, placedById: carrier.userId, valueCents: price, numberOfLoads: job.expectedQuantity, status: "active", securedNow: true },
      update: { placedById: carrier.userId, valueCents: price, numberOfLoads: job.expectedQuantity, status: "active", securedNow: true },
    });
    const others = await tx.quote.findMany({ where: { jobId, status: "active" }, select: { carrierAccountId: true } });
    const winner = { accountId: carrier.accountId, quoteId: quote.id, valueCents: price, loads: job.expectedQuantity };
    return settle(tx, job, [winner], others.map((q) => q.carrierAccountId));
  }, TRANSACTION_OPTIONS);
  await afterSettling(jobId, result);
  return result.outcome;
}

/**
 * Once an award has committed: its loads' stops and CO2e, then winners and losers hear the outcome,
 * and every open page of the job (the losers' too, which still offered "Update quote" or "Secure
 * now") and their "My quotes" pages show it.
 */
async function afterSettling(jobId: number, { outcome, events }: { outcome: AwardOutcome; events: readonly NotifyEvent[] }) {
  if (!outcome.ok) return;
  await Promise.all([createLoadStops(jobId), ensureJobCo2e(jobId)]);
  await notifyAll(events);
  const bidders = events.flatMap((event) => ("carrierAccountId" in event ? [event.carrierAccountId] : []));
  await Promise.all([refreshJobPages(jobId), refreshQuotesPages(bidders)]);
}

function secureNowRefusal(job: AwardJob, now: number): string {
  if (isAwarded(job.status)) return SECURE_NOW_TAKEN;
  if (!job.isAuction || !job.secureNowPriceCents) return "This job cannot be secured now";
  if (job.auctionOpensAt && now < job.auctionOpensAt.getTime()) return "The auction has not opened yet";
  return "The auction has closed";
}

/** Accepts the winners' quotes, declines the other active ones and creates the loads. */
async function settle(tx: Tx, job: AwardJob, winners: Winner[], bidders: number[]) {
  const accepted = winners.map((w) => w.quoteId);
  await tx.quote.updateMany({ where: { id: { in: accepted } }, data: { status: "accepted" } });
  await tx.quote.updateMany({ where: { jobId: job.id, status: "active", id: { notIn: accepted } }, data: { status: "declined" } });
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
 * A single-load job for the shipper's own driver (src/domain/jobs/own-fleet.ts), in the transaction
 * that publishes it as awarded: its loads, by the same plan as an award's, run by the shipper's own
 * account and already given to the driver (no quote, no price).
 */
export async function createOwnFleetLoads(tx: Tx, jobId: number, fleet: { accountId: number; driverId: number }): Promise<number> {
  const job = await tx.job.findUniqueOrThrow({ where: { id: jobId }, select: awardJobSelect });
  const rows = planLoads(planInput(job)).map((load) => ({
    jobId,
    sequence: load.sequence,
    carrierAccountId: fleet.accountId,
    driverId: fleet.driverId,
    status: "driver_assigned",
    pickupDate: calendarDay(load.pickupDate),
    deliveryDate: calendarDay(load.deliveryDate),
  }));
  return insertRows(tx, "Load", ["jobId", "sequence", "carrierAccountId", "driverId", "status", "pickupDate", "deliveryDate"], rows);
}

/** After the own-fleet award commits: the loads' stops, as after any award, and the driver is told. */
export async function afterOwnFleetAward(jobId: number): Promise<void> {
  await Promise.all([createLoadStops(jobId), ensureJobCo2e(jobId)]);
  const loads = await db().load.findMany({ where: { jobId }, select: { id: true, driverId: true } });
  await notifyAll(loads.map((load) => ({ kind: "driver_assigned" as const, loadId: load.id, driverId: load.driverId })));
}

async function createLoads(tx: Tx, job: AwardJob, winners: Winner[]): Promise<number> {
  const plan = planLoads(planInput(job));
  const owners = spreadLoads(plan.length, winners.map((w) => w.loads));
  const rows = plan.map((load, i) => {
    const owner = owners[i];
    const winner = owner === null || owner === undefined ? undefined : winners[owner];
    return {
      jobId: job.id,
      sequence: load.sequence,
      carrierAccountId: winner?.accountId ?? null,
      quoteId: winner?.quoteId ?? null,
      priceCents: winner?.valueCents ?? null,
      status: winner ? "assigned" : "unassigned",
      pickupDate: calendarDay(load.pickupDate),
      deliveryDate: calendarDay(load.deliveryDate),
    };
  });
  const columns = ["jobId", "sequence", "carrierAccountId", "quoteId", "priceCents", "status", "pickupDate", "deliveryDate"] as const;
  return insertRows(tx, "Load", columns, rows);
}
const AdditionalDataSchema = z.object({
  load_estimates: z.array(z.object({ month: z.string(), number_of_loads: z.coerce.number().catch(0) })).catch([]),
}).catch({ load_estimates: [] });

function planInput(job: AwardJob): LoadPlanJob {
  const pickups = job.locations.filter((l) => l.kind === "pickup");
  const deliveries = job.locations.filter((l) => l.kind === "delivery");
  return {
    jobType: job.jobType,
    expectedQuantity: job.expectedQuantity,
    numberOfLoads: job.numberOfLoads,
    startDate: dayOf(job.startDate),
    endDate: dayOf(job.endDate),
    frequency: job.frequency,
    loadEstimates: parseEstimates(job.additionalData),
    pickupDate: dayOf(pickups[0]?.windowDate),
    deliveryDate: dayOf(deliveries.at(-1)?.windowDate),
  };
}

function parseEstimates(additionalData: string): { month: string; numberOfLoads: number }[] {
  let raw: unknown;
  try {
    raw = JSON.parse(additionalData);
  } catch {
    raw = {};
  }
  return AdditionalDataSchema.parse(raw).load_estimates.map((e) => ({ month: e.month, numberOfLoads: e.number_of_loads }));
}

const dayOf = (value: Date | null | undefined) => (value ? toDateInputValue(value) : null);
const calendarDay = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00Z`) : null);
