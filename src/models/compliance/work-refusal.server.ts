import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { type Deed, workRefusal } from "#domain/compliance/documents-that-count.ts";

// Documents that count, asked of the database: the carrier's documents read (one query) and the one
// rule (#domain/compliance/documents-that-count.ts) applied, wherever a carrier quotes, secures a job
// or accepts an award.

type Client = Prisma.TransactionClient | ReturnType<typeof db>;

/**
 * Why this carrier may not do this now (its documents, then the job's minimum goods-in-transit
 * cover when one is given), or null when it may.
 */
export async function workRefusalFor(
  carrierAccountId: number,
  job: { minimumCargoCoverPence: number | null },
  deed: Deed,
  client: Client = db(),
  now = new Date(),
): Promise<string | null> {
  const documents = await client.complianceDocument.findMany({
    where: { accountId: carrierAccountId },
    select: { kind: true, expiresOn: true, coverPence: true },
  });
  return workRefusal(documents, job, now, deed);
}

/** workRefusalFor on a job known by its id (its minimum cover read with it). */
export async function workRefusalOnJob(carrierAccountId: number, jobId: number, deed: Deed): Promise<string | null> {
  const job = await db().job.findUniqueOrThrow({ where: { id: jobId }, select: { minimumCargoCoverPence: true } });
  return workRefusalFor(carrierAccountId, job, deed);
}
