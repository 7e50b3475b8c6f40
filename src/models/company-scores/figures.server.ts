import { z } from "zod";
import { db } from "#db/client.server.ts";
import { instant, laterBy } from "#db/sql-dialect.server.ts";
import { Prisma } from "#generated/prisma/client.ts";
import { daysToPayFrom } from "#domain/invoices/days-to-pay.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { cancellationWindowStart, ON_TIME_GRACE_MS, scoreWindowStart } from "#domain/ratings/score.ts";

// Every figure of many companies' scores in ONE statement (docs/scores.md): the accounts, their
// ratings in the 12 months (one row each, reduced in JS by the domain's one-voice rule), their load
// timeline counted per carrier and per shipper, and the shippers' paid invoices. Each part is a row
// kind of a UNION ALL with the same columns: `kind`, `account`, `other`, numbers `a`–`g`, instants
// `t1`, `t2`, and the account's `name`. NULL instants are cast so PostgreSQL types each column the same across the parts.

const NO_TIME = Prisma.raw(`CAST(NULL AS TIMESTAMP(3))`);
const NO_TEXT = Prisma.raw(`CAST(NULL AS TEXT)`);
const count = (condition: Prisma.Sql) => Prisma.sql`SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;

/** An instant as either engine hands it back (SQLite: integer milliseconds, maybe a bigint). */
const Instant = z.preprocess((value) => (typeof value === "bigint" ? Number(value) : value), z.coerce.date().nullable());

export const FigureRow = z.object({
  kind: z.enum(["account", "rating", "carried", "sent", "paid"]),
  account: z.coerce.number(),
  other: z.coerce.number(),
  a: z.coerce.number(), b: z.coerce.number(), c: z.coerce.number(), d: z.coerce.number(),
  e: z.coerce.number(), f: z.coerce.number(), g: z.coerce.number(),
  t1: Instant,
  t2: Instant,
  name: z.string().nullable(),
});
export type FigureRow = z.output<typeof FigureRow>;

/** The accounts (a: 1 carrier, 2 shipper, 0 other; t1: created; name) and their ratings (a: centistars, b: would again, c: both sides rated; t1: rated, t2: delivered). */
function accountsAndRatings(ids: Prisma.Sql, now: Date): Prisma.Sql {
  return Prisma.sql`
    SELECT 'account' AS "kind", ac."id" AS "account", 0 AS "other",
      CASE ac."kind" WHEN 'carrier' THEN 1 WHEN 'shipper' THEN 2 ELSE 0 END AS "a", 0 AS "b", 0 AS "c", 0 AS "d", 0 AS "e", 0 AS "f", 0 AS "g",
      ac."createdAt" AS "t1", ${NO_TIME} AS "t2", ac."name" AS "name"
    FROM "Account" ac WHERE ac."id" IN (${ids})
    UNION ALL
    SELECT 'rating', r."ratedAccountId", r."raterAccountId", r."averageCentistars", CASE WHEN r."wouldAgain" THEN 1 ELSE 0 END,
      CASE WHEN EXISTS (SELECT 1 FROM "Rating" o WHERE o."loadId" = r."loadId" AND o."id" <> r."id") THEN 1 ELSE 0 END, 0, 0, 0, 0,
      r."createdAt", l."deliveredAt", ${NO_TEXT}
    FROM "Rating" r JOIN "Load" l ON l."id" = r."loadId"
    WHERE r."ratedAccountId" IN (${ids}) AND r."hiddenAt" IS NULL AND r."createdAt" >= ${instant(scoreWindowStart(now).getTime())}`;
}

/** Per carrier: a completed, b/c collections judged/on time, d/e deliveries judged/on time (12 months), f delivered in 365 days. */
function carried(ids: Prisma.Sql, now: Date): Prisma.Sql {
  const recent = Prisma.sql`l."status" = 'delivered' AND l."deliveredAt" >= ${instant(scoreWindowStart(now).getTime())}`;
  const collected = Prisma.sql`${recent} AND l."collectedAt" IS NOT NULL AND l."pickupDate" IS NOT NULL`;
  const delivered = Prisma.sql`${recent} AND l."deliveryDate" IS NOT NULL`;
  return Prisma.sql`
    SELECT 'carried', l."carrierAccountId", 0, ${count(Prisma.sql`l."status" = 'delivered'`)},
      ${count(collected)}, ${count(Prisma.sql`${collected} AND l."collectedAt" < ${laterBy(Prisma.sql`l."pickupDate"`, ON_TIME_GRACE_MS)}`)},
      ${count(delivered)}, ${count(Prisma.sql`${delivered} AND l."deliveredAt" < ${laterBy(Prisma.sql`l."deliveryDate"`, ON_TIME_GRACE_MS)}`)},
      ${count(Prisma.sql`l."status" = 'delivered' AND l."deliveredAt" >= ${instant(cancellationWindowStart(now).getTime())}`)}, 0,
      ${NO_TIME}, ${NO_TIME}, ${NO_TEXT}
    FROM "Load" l WHERE l."carrierAccountId" IN (${ids}) GROUP BY l."carrierAccountId"`;
}

/** Per shipper: a completed, f delivered and g cancelled after award in 365 days (a cancelled load's last change is its cancellation); its paid invoices (t1 tax point, t2 paid). */
function sentAndPaid(ids: Prisma.Sql, now: Date): Prisma.Sql {
  const year = instant(cancellationWindowStart(now).getTime());
  const paidFrom = instant(new Date(`${daysToPayFrom(ukDate(now))}T00:00:00Z`).getTime());
  return Prisma.sql`
    SELECT 'sent', j."shipperAccountId", 0, ${count(Prisma.sql`l."status" = 'delivered'`)}, 0, 0, 0, 0,
      ${count(Prisma.sql`l."status" = 'delivered' AND l."deliveredAt" >= ${year}`)},
      ${count(Prisma.sql`l."status" = 'cancelled' AND l."carrierAccountId" IS NOT NULL AND l."updatedAt" >= ${year}`)},
      ${NO_TIME}, ${NO_TIME}, ${NO_TEXT}
    FROM "Load" l JOIN "Job" j ON j."id" = l."jobId" WHERE j."shipperAccountId" IN (${ids}) GROUP BY j."shipperAccountId"
    UNION ALL
    SELECT 'paid', i."customerAccountId", 0, 0, 0, 0, 0, 0, 0, 0, i."taxPoint", i."paidAt", ${NO_TEXT}
    FROM "Invoice" i WHERE i."customerAccountId" IN (${ids}) AND i."status" = 'paid' AND i."paidAt" >= ${paidFrom}`;
}

/** The rows of every figure of these accounts: one statement. */
export async function figureRows(accountIds: readonly number[], now: Date): Promise<FigureRow[]> {
  const ids = Prisma.join(accountIds);
  const rows = await db().$queryRaw<unknown[]>`
    ${accountsAndRatings(ids, now)}
    UNION ALL ${carried(ids, now)}
    UNION ALL ${sentAndPaid(ids, now)}`;
  return z.array(FigureRow).parse(rows);
}
