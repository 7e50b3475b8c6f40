// The SQL that adds the dashboard's chart figures up by month (and by lane), each a grouped statement.
import { readOffThread } from "#db/read-worker.server.ts";
import { instant, laterBy } from "#db/sql-dialect.server.ts";
import { Prisma } from "#generated/prisma/client.ts";
import { monthBucket, summerTimeDays, type MonthBucket } from "#domain/charts/months.ts";
import type { LaneFigureRow, QuoteFigureRow } from "#domain/charts/dashboard-charts.ts";
import type { LoadMonthRow } from "#domain/charts/figure-window.ts";

// The figures behind the dashboard's charts, added up by the database (one grouped statement each;
// the rows that come back are a few per month, however many loads there are). Months are London
// months, handed over as the instants they start and end (see months.ts). Plain SQL that runs on
// SQLite and PostgreSQL alike, and every statement starts with SELECT: that is how the table-version
// tracker (src/db/table-versions) knows it is a read that leaves kept pages and counts valid. Each
// takes a while at a big account's scale, so it runs off the app's thread (src/db/read-worker).

/** Whose loads: the shipper's jobs', or the carrier's own. */
export type FigureScope = { side: "shipper" | "carrier"; accountId: number };

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

type Span = { starts: number; ends: number; firstDay: number; nextFirstDay: number };
const spanOf = (buckets: readonly MonthBucket[]): Span => ({
  starts: buckets[0]!.startsAt,
  ends: buckets.at(-1)!.endsAt,
  firstDay: buckets[0]!.firstDay,
  nextFirstDay: buckets.at(-1)!.nextFirstDay,
});

/**
 * The month an instant (already known to be inside the months) falls in, as nested CASEs that halve
 * the months at each step: five comparisons a row for three years instead of up to 36, and cheaper
 * per row than a join. `ends` says where a month ends: London's midnight for instants, or UTC
 * midnight of the next month's first day for calendar dates (stored as UTC midnight).
 */
function monthOf(at: Prisma.Sql, buckets: readonly MonthBucket[], ends: (bucket: MonthBucket) => number = (bucket) => bucket.endsAt): Prisma.Sql {
  if (buckets.length === 1) return Prisma.sql`${buckets[0]!.month}`;
  const half = Math.ceil(buckets.length / 2);
  return Prisma.sql`CASE WHEN ${at} < ${instant(ends(buckets[half - 1]!))} THEN ${monthOf(at, buckets.slice(0, half), ends)} ELSE ${monthOf(at, buckets.slice(half), ends)} END`;
}

// A shipper's loads are found through its jobs (indexed by shipper), a carrier's directly.
const loadsOf = (scope: FigureScope) =>
  scope.side === "shipper"
    ? Prisma.sql`"Job" j JOIN "Load" l ON l."jobId" = j."id" WHERE j."shipperAccountId" = ${scope.accountId}`
    : Prisma.sql`"Load" l WHERE l."carrierAccountId" = ${scope.accountId}`;

/**
 * SQL for "the London day that starts at calendar date `day` (UTC midnight) had ended by `at`":
 * a day ends 24 hours after it starts, an hour sooner in summer time. Most loads are well inside
 * their day, so the first test settles them; only the last hour asks which summers are near.
 */
function byEndOfDay(at: Prisma.Sql, day: Prisma.Sql, span: Span) {
  const years = [new Date(span.firstDay - 62 * DAY_MS).getUTCFullYear(), new Date(span.nextFirstDay).getUTCFullYear()] as const;
  const summers = Array.from({ length: years[1] - years[0] + 1 }, (_, i) => summerTimeDays(years[0] + i));
  const summer = Prisma.join(summers.map((s) => Prisma.sql`(${day} > ${instant(s.after - DAY_MS)} AND ${day} <= ${instant(s.through - DAY_MS)})`), " OR ");
  return Prisma.sql`CASE WHEN ${at} < ${laterBy(day, DAY_MS - HOUR_MS)} THEN 1 WHEN ${at} >= ${laterBy(day, DAY_MS)} OR ${at} IS NULL THEN 0 WHEN ${summer} THEN 0 ELSE 1 END`;
}

// CO2e is stored per job (every load of a job emits the same; see job-co2e.server.ts), so a
// shipper's loads, read through their jobs, add it up at no extra cost. Carriers are not shown it.
const co2eOf = (scope: FigureScope) => (scope.side === "shipper" ? Prisma.sql`COALESCE(SUM(j."co2eGramsPerLoad"), 0)` : Prisma.sql`0`);

const n = (value: unknown) => Number(value ?? 0);

/**
 * Loads delivered in the months (by month of delivery, carrier and status) or collecting in them
 * (by month of their collection day), in one pass. Periods are read from these rows (figure-window.ts).
 */
export async function loadFigures(scope: FigureScope, months: readonly string[]): Promise<LoadMonthRow[]> {
  const rows = await readOffThread(loadFiguresSql(scope, months));
  return rows.map((row) => ({
    deliveredMonth: (row.deliveredMonth as string | null) ?? null,
    pickedMonth: (row.pickedMonth as string | null) ?? null,
    carrierId: row.carrierId === null ? null : n(row.carrierId),
    carrierName: (row.carrierName as string | null) ?? null,
    status: String(row.status),
    loads: n(row.loads),
    pence: n(row.pence),
    collectedOnTime: n(row.collectedOnTime),
    deliveredOnTime: n(row.deliveredOnTime),
    collectionDated: n(row.collectionDated),
    deliveryDated: n(row.deliveryDated),
    co2eGrams: n(row.co2eGrams),
  }));
}

/** loadFigures' statement. */
export function loadFiguresSql(scope: FigureScope, months: readonly string[]): Prisma.Sql {
  const buckets = months.map(monthBucket);
  const span = spanOf(buckets);
  const delivered = Prisma.sql`(l."status" = 'delivered' AND l."deliveredAt" >= ${instant(span.starts)} AND l."deliveredAt" < ${instant(span.ends)})`;
  const picked = Prisma.sql`(l."pickupDate" >= ${instant(span.firstDay)} AND l."pickupDate" < ${instant(span.nextFirstDay)})`;
  return Prisma.sql`
    SELECT g.*, a."name" AS "carrierName" FROM (
      SELECT CASE WHEN ${delivered} THEN ${monthOf(Prisma.sql`l."deliveredAt"`, buckets)} END AS "deliveredMonth",
        CASE WHEN ${picked} THEN ${monthOf(Prisma.sql`l."pickupDate"`, buckets, (bucket) => bucket.nextFirstDay)} END AS "pickedMonth",
        l."carrierAccountId" AS "carrierId", l."status" AS status,
        COUNT(*) AS loads, COALESCE(SUM(l."priceCents"), 0) AS pence,
        SUM(${byEndOfDay(Prisma.sql`l."collectedAt"`, Prisma.sql`l."pickupDate"`, span)}) AS "collectedOnTime",
        SUM(${byEndOfDay(Prisma.sql`l."deliveredAt"`, Prisma.sql`l."deliveryDate"`, span)}) AS "deliveredOnTime",
        COUNT(l."pickupDate") AS "collectionDated", COUNT(l."deliveryDate") AS "deliveryDated",
        ${co2eOf(scope)} AS "co2eGrams"
      FROM ${loadsOf(scope)} AND (${delivered} OR ${picked})
      GROUP BY 1, 2, 3, 4
    ) g LEFT JOIN "Account" a ON a."id" = g."carrierId"`;
}

export const LANES_SHOWN = 5;

/**
 * The busiest lanes (first collection town → first delivery town) of the loads delivered in the
 * period. Loads are added up per job first, so each job's places are looked up once.
 */
export async function laneFigures(scope: FigureScope, months: readonly string[]): Promise<LaneFigureRow[]> {
  const rows = await readOffThread(laneFiguresSql(scope, months));
  return rows.map((row) => ({ origin: (row.origin as string | null) ?? null, destination: (row.destination as string | null) ?? null, loads: n(row.loads), averagePence: n(row.averagePence) }));
}

/** laneFigures' statement. */
export function laneFiguresSql(scope: FigureScope, months: readonly string[]): Prisma.Sql {
  const span = spanOf(months.map(monthBucket));
  return Prisma.sql`
    SELECT p."city" AS origin, d."city" AS destination, SUM(g.loads) AS loads, SUM(g.pence) * 1.0 / SUM(g.loads) AS "averagePence"
    FROM (
      SELECT l."jobId" AS "jobId", COUNT(*) AS loads, SUM(l."priceCents") AS pence
      FROM ${loadsOf(scope)} AND l."status" = 'delivered' AND l."deliveredAt" >= ${instant(span.starts)} AND l."deliveredAt" < ${instant(span.ends)}
      GROUP BY l."jobId"
    ) g
    LEFT JOIN "JobLocation" p ON p."jobId" = g."jobId" AND p."kind" = 'pickup' AND p."position" = 0
    LEFT JOIN "JobLocation" d ON d."jobId" = g."jobId" AND d."kind" = 'delivery' AND d."position" = 0
    GROUP BY p."city", d."city"
    ORDER BY loads DESC, origin, destination
    LIMIT ${LANES_SHOWN}`;
}

/** A carrier's quotes placed per London month, and how many of them were won. */
export async function quoteFigures(carrierAccountId: number, months: readonly string[]): Promise<QuoteFigureRow[]> {
  const rows = await readOffThread(quoteFiguresSql(carrierAccountId, months));
  return rows.map((row) => ({ month: String(row.month), placed: n(row.placed), won: n(row.won) }));
}

/** quoteFigures' statement. */
export function quoteFiguresSql(carrierAccountId: number, months: readonly string[]): Prisma.Sql {
  const buckets = months.map(monthBucket);
  const span = spanOf(buckets);
  return Prisma.sql`
    SELECT ${monthOf(Prisma.sql`q."createdAt"`, buckets)} AS month, COUNT(*) AS placed, SUM(CASE WHEN q."status" = 'accepted' THEN 1 ELSE 0 END) AS won
    FROM "Quote" q
    WHERE q."carrierAccountId" = ${carrierAccountId} AND q."createdAt" >= ${instant(span.starts)} AND q."createdAt" < ${instant(span.ends)}
    GROUP BY 1`;
}
