import { z } from "zod";
import { db } from "#db/client.server.ts";

// The carriers a job was offered to through its pools, as its shipper sees them: each pool, its
// members today, when each first opened the job (JobView) and whether it has quoted. One statement.

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";

export type InvitedCarrier = { accountId: number; name: string; lookedAt: Date | null; quoted: boolean };
export type OfferedPool = { poolId: number; name: string; carriers: InvitedCarrier[] };

const Row = z.object({
  poolId: z.coerce.number(),
  poolName: z.string(),
  accountId: z.coerce.number().nullable(),
  accountName: z.string().nullable(),
  lookedAt: z.coerce.date().nullable(),
  quoted: z.union([z.boolean(), z.number(), z.bigint()]).transform((value) => Boolean(Number(value))),
});

/** The job's pools by name, each with its carriers by name (a pool with none has an empty list). */
export async function offeredPools(jobId: number): Promise<OfferedPool[]> {
  const rows = await db().$queryRaw<unknown[]>`
    SELECT p."id" AS "poolId", p."name" AS "poolName", a."id" AS "accountId", a."name" AS "accountName",
      v."firstViewedAt" AS "lookedAt",
      EXISTS (SELECT 1 FROM "Quote" q WHERE q."jobId" = jp."jobId" AND q."carrierAccountId" = a."id") AS "quoted"
    FROM "JobPool" jp
    JOIN "Pool" p ON p."id" = jp."poolId"
    LEFT JOIN "PoolMember" m ON m."poolId" = p."id"
    LEFT JOIN "Account" a ON a."id" = m."carrierAccountId"
    LEFT JOIN "JobView" v ON v."jobId" = jp."jobId" AND v."carrierAccountId" = a."id"
    WHERE jp."jobId" = ${jobId}
    ORDER BY p."name", p."id", a."name", a."id"`;
  const pools = new Map<number, OfferedPool>();
  for (const row of z.array(Row).parse(rows)) {
    const pool = pools.get(row.poolId) ?? { poolId: row.poolId, name: row.poolName, carriers: [] };
    pools.set(row.poolId, pool);
    if (row.accountId !== null) pool.carriers.push({ accountId: row.accountId, name: row.accountName ?? "", lookedAt: row.lookedAt, quoted: row.quoted });
  }
  return [...pools.values()];
}

/**
 * Notes the first time a carrier company opens a job offered to its pools, so the shipper sees who
 * has looked: one insert, a later look refused by the key and ignored.
 */
export async function noteJobView(jobId: number, carrierAccountId: number, now = new Date()): Promise<void> {
  try {
    await db().jobView.create({ data: { jobId, carrierAccountId, firstViewedAt: now } });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}
