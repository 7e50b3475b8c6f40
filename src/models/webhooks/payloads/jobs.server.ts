import { db } from "#db/client.server.ts";
import { isoOrNull, money } from "#domain/webhooks/envelope.ts";
import type { WebhookEventName } from "#domain/webhooks/events.ts";
import type { EventPart } from "#models/webhooks/payloads.server.ts";

// The job events. The shipper hears of its own job; carriers hear of an award they won (each its
// own quote only) and of the cancellation of a job they quoted on.

type JobRow = NonNullable<Awaited<ReturnType<typeof readJob>>>;

const readJob = (jobId: number) =>
  db().job.findUnique({
    where: { id: jobId },
    select: {
      id: true, shipperAccountId: true, reference: true, status: true, jobType: true, expectedQuantity: true, isAuction: true,
      startDate: true, endDate: true, publishedAt: true, awardedAt: true, cancelledAt: true,
    },
  });

export function jobData(job: JobRow) {
  return {
    id: job.id, reference: job.reference, status: job.status, job_type: job.jobType, number_of_loads: job.expectedQuantity, is_auction: job.isAuction,
    start_date: isoOrNull(job.startDate), end_date: isoOrNull(job.endDate), published_at: isoOrNull(job.publishedAt),
    awarded_at: isoOrNull(job.awardedAt), cancelled_at: isoOrNull(job.cancelledAt),
  };
}

export async function jobParts(event: WebhookEventName, jobId: number): Promise<EventPart[]> {
  const job = await readJob(jobId);
  if (!job) return [];
  const shipper = { accountIds: [job.shipperAccountId], data: { job: jobData(job) } };
  if (event === "job.published") return [shipper];
  const quoted = event === "job.awarded" ? { status: "accepted" } : { status: { not: "withdrawn" } };
  const quotes = await db().quote.findMany({ where: { jobId, ...quoted }, select: { id: true, carrierAccountId: true, valueCents: true, numberOfLoads: true } });
  if (event === "job.cancelled") return [shipper, { accountIds: quotes.map((q) => q.carrierAccountId), data: { job: jobData(job) } }];
  const awards = quotes.map((q) => ({ carrier_account_id: q.carrierAccountId, quote_id: q.id, price_per_load: money(q.valueCents), number_of_loads: q.numberOfLoads }));
  return [
    { accountIds: [job.shipperAccountId], data: { job: jobData(job), awards } },
    ...quotes.map((q, i) => ({ accountIds: [q.carrierAccountId], data: { job: jobData(job), awards: [awards[i]] } })),
  ];
}
