import { z } from "zod";
import { insertRows } from "#db/bulk-insert.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { toDateInputValue } from "#domain/format/dates.ts";
import { type LoadPlanJob, planLoads, spreadLoads } from "#domain/loads/load-plan.ts";
import { biddingJobSelect } from "#models/quotes.server.ts";

// The loads an award makes: the job's load plan (src/domain/loads/load-plan.ts), each load given to
// a winner in turn by the loads it won, at its quoted price; loads nobody won are left unassigned.

export type Tx = Prisma.TransactionClient;

/** The job as an award reads it: its bidding facts and what planning its loads needs. */
export const awardJobSelect = {
  ...biddingJobSelect,
  numberOfLoads: true,
  startDate: true,
  endDate: true,
  frequency: true,
  additionalData: true,
  locations: {
    select: { id: true, kind: true, position: true, windowDate: true },
    orderBy: [{ kind: "asc" as const }, { position: "asc" as const }],
  },
} satisfies Prisma.JobSelect;

export type AwardJob = Prisma.JobGetPayload<{ select: typeof awardJobSelect }>;
export type Winner = { accountId: number; quoteId: number; valueCents: number; loads: number };

const LOAD_COLUMNS = [
  "jobId", "sequence", "carrierAccountId", "quoteId", "priceCents", "status", "pickupDate", "deliveryDate",
] as const;

export async function createLoads(tx: Tx, job: AwardJob, winners: Winner[]): Promise<number> {
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
  return insertRows(tx, "Load", LOAD_COLUMNS, rows);
}

const AdditionalDataSchema = z.object({
  load_estimates: z.array(z.object({ month: z.string(), number_of_loads: z.coerce.number().catch(0) })).catch([]),
}).catch({ load_estimates: [] });

/** What the load plan needs of the job: its kind, quantity, dates, frequency and monthly estimates. */
export function planInput(job: AwardJob): LoadPlanJob {
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
  const estimates = AdditionalDataSchema.parse(raw).load_estimates;
  return estimates.map((e) => ({ month: e.month, numberOfLoads: e.number_of_loads }));
}

const dayOf = (value: Date | null | undefined) => (value ? toDateInputValue(value) : null);
/** A planned day ("2030-01-31") as the calendar date the loads table keeps (UTC midnight). */
export const calendarDay = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00Z`) : null);
