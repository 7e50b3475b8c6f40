import { db } from "#db/client.server.ts";
import { CARRIER_SEARCH_LIMIT } from "#domain/pools/pool-input.ts";
import type { Pool } from "#models/pools.server.ts";

// The add-a-carrier search: carrier companies whose name contains what was typed (letter case
// aside), leaving out those already in the pool and any a block stands between (either way), at
// most ten, by name. One statement: LOWER(..) LIKE reads alike on SQLite and PostgreSQL.

export type CarrierFound = { id: number; name: string };

/** `%`, `_` and `\` typed into the search are matched as themselves. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchCarriers(pool: Pool, text: string): Promise<CarrierFound[]> {
  if (!text) return [];
  const shipper = pool.shipperAccountId;
  const rows = await db().$queryRaw<{ id: number; name: string }[]>`
    SELECT a."id", a."name" FROM "Account" a
    WHERE a."kind" = 'carrier' AND LOWER(a."name") LIKE ${likePattern(text)} ESCAPE '\\'
      AND NOT EXISTS (SELECT 1 FROM "PoolMember" m WHERE m."poolId" = ${pool.id} AND m."carrierAccountId" = a."id")
      AND NOT EXISTS (SELECT 1 FROM "CompanyBlock" b WHERE (b."blockerAccountId" = ${shipper} AND b."blockedAccountId" = a."id")
        OR (b."blockerAccountId" = a."id" AND b."blockedAccountId" = ${shipper}))
    ORDER BY a."name", a."id" LIMIT ${CARRIER_SEARCH_LIMIT}`;
  return rows.map((row) => ({ id: Number(row.id), name: row.name }));
}
