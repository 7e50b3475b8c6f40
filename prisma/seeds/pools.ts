// The demo shipper's carrier pool: Northwind's "Pennine regulars", holding Pennine Haulage only, so
// a job offered to it first is seen by Pennine and not by Severn Freight until the market step.
// An existing pool of that name is left as it is; its id is returned either way.
import type { PrismaClient } from "#generated/prisma/client.ts";
import { POOLS_FIRST_REFERENCE } from "./jobs.ts";

type Accounts = { shipper: number; carrier: number };

export const DEMO_POOL_NAME = "Pennine regulars";

export async function seedPools(db: PrismaClient, accounts: Accounts): Promise<number> {
  const shipperAccountId = accounts.shipper;
  const key = { shipperAccountId_name: { shipperAccountId, name: DEMO_POOL_NAME } };
  const existing = await db.pool.findUnique({ where: key, select: { id: true } });
  if (existing) return existing.id;
  const admin = await db.user.findFirstOrThrow({ where: { accountId: shipperAccountId, role: "admin" }, orderBy: { id: "asc" }, select: { id: true } });
  const pool = await db.pool.create({ data: { shipperAccountId, name: DEMO_POOL_NAME, createdById: admin.id }, select: { id: true } });
  await db.poolMember.create({ data: { poolId: pool.id, carrierAccountId: accounts.carrier, addedById: admin.id } });
  return pool.id;
}

/** Offers the demo's pools-first job (seeded by seedJobs) to the pool; a second run changes nothing. */
export async function seedPoolsFirstJob(db: PrismaClient, accounts: Accounts, poolId: number): Promise<void> {
  const job = await db.job.findFirst({ where: { shipperAccountId: accounts.shipper, reference: POOLS_FIRST_REFERENCE }, select: { id: true } });
  if (!job) return;
  await db.jobPool.upsert({ where: { jobId_poolId: { jobId: job.id, poolId } }, create: { jobId: job.id, poolId }, update: {} });
}
