// The dashboard's count panels: a few figures for the office, each a link to the list it counts.
import { z } from "zod";
import { db } from "#db/client.server.ts";
import { Prisma } from "#generated/prisma/client.ts";
import { count } from "#domain/format/count.ts";
import { OUT_FOR_QUOTES_STATUSES } from "#domain/jobs/status.ts";
import { carrierSight } from "#models/jobs/sight.server.ts";
import { loadScope } from "#models/loads/access.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { loadScopeSql, RUNNING } from "#pages/dashboard/loads.server.ts";
import type { DashboardSide } from "#pages/dashboard/side.server.ts";
import { onBoardUnfiltered } from "#pages/job-board.server.ts";

export type DashboardPanel = { title: string; value: string; href?: string; hint?: string };

export function panelsFor(side: DashboardSide, user: CurrentUser, today: Date): Promise<DashboardPanel[]> {
  return side === "shipper" ? shipperPanels(user) : carrierPanels(user, today);
}

async function shipperPanels(user: CurrentUser): Promise<DashboardPanel[]> {
  const { open, quotes, live, running, delivered } = await shipperCounts(user);
  const liveAuctions = live ? `${count(live, "live auction")}` : undefined;
  return [
    // Counts what the linked list's default tab ("Out for quotes") lists: auctions closed but not yet awarded included.
    { title: "Jobs out for quotes", value: String(open), href: "/jobs", hint: liveAuctions },
    { title: "Quotes to review", value: String(quotes), href: "/jobs" },
    { title: "Loads on the road", value: String(running), href: "/loads", hint: "Assigned, with a driver or collected" },
    { title: "Loads delivered", value: String(delivered), href: "/loads" },
  ];
}

async function carrierPanels(user: CurrentUser, today: Date): Promise<DashboardPanel[]> {
  // The board's own where and total (same scopes, blocks and pools; the total kept until a job is written), so the two agree.
  const { where: onBoard, total } = onBoardUnfiltered(await carrierSight(user.accountId));
  const [board, quotes, loads] = await Promise.all([
    total,
    // The quotes "My quotes" shows as winning or outbid: active, on a job still on the board.
    db().quote.count({ where: { carrierAccountId: user.accountId, status: "active", job: onBoard } }),
    tallyLoads(user, RUNNING),
  ]);
  return [
    { title: "Jobs on the board", value: String(board), href: "/jobs", hint: "Open tenders, live and scheduled auctions" },
    { title: "Your open quotes", value: String(quotes), href: "/quotes" },
    { title: "Loads to assign a driver", value: String(loads({ status: ["assigned"] })), href: "/loads" },
    { title: "Loads collecting today", value: String(loads({ status: RUNNING, day: today })), href: "/loads" },
  ];
}

const ShipperCounts = z.object({
  open: z.coerce.number(),
  quotes: z.coerce.number(),
  live: z.coerce.number(),
  running: z.coerce.number(),
  delivered: z.coerce.number(),
});

/**
 * A shipper's panel figures in one statement: jobs out for quotes, their active quotes, live
 * auctions, loads running and delivered.
 */
async function shipperCounts(user: CurrentUser) {
  const outForQuotes = Prisma.join([...OUT_FOR_QUOTES_STATUSES]);
  const shipper = user.accountId;
  const loads = Prisma.sql`"Load" l JOIN "Job" j ON j."id" = l."jobId" WHERE ${loadScopeSql(user)}`;
  const rows = await db().$queryRaw<unknown[]>`
    SELECT
      (SELECT COUNT(*) FROM "Job" j WHERE j."shipperAccountId" = ${shipper} AND j."status" IN (${outForQuotes})) AS "open",
      (SELECT COUNT(*) FROM "Quote" q JOIN "Job" j ON j."id" = q."jobId"
        WHERE q."status" = 'active' AND j."shipperAccountId" = ${shipper} AND j."status" IN (${outForQuotes})) AS "quotes",
      (SELECT COUNT(*) FROM "Job" j
        WHERE j."shipperAccountId" = ${shipper} AND j."isAuction" = ${true} AND j."status" = 'live') AS "live",
      (SELECT COUNT(*) FROM ${loads} AND l."status" IN (${Prisma.join(RUNNING)})) AS "running",
      (SELECT COUNT(*) FROM ${loads} AND l."status" = 'delivered') AS "delivered"`;
  return ShipperCounts.parse(rows[0]);
}

/** How many of a user's loads match, from one tally of them by status (and pickup day). */
type LoadTally = (match: { status: string[]; day?: Date }) => number;

/**
 * One query for all of a dashboard's load panels: the user's loads in `statuses`, counted by status
 * and, when a panel asks about a day, by pickup day (a shipper's panels never do: counting by status
 * alone keeps a year of delivered loads to a handful of groups).
 */
async function tallyLoads(user: CurrentUser, statuses: string[], byDay = true): Promise<LoadTally> {
  const where = { AND: [loadScope(user), { status: { in: statuses } }] };
  const rows = byDay
    ? await db().load.groupBy({ by: ["status", "pickupDate"], where, _count: { _all: true } })
    : (await db().load.groupBy({ by: ["status"], where, _count: { _all: true } }))
        .map((row) => ({ ...row, pickupDate: null }));
  const matches = (row: (typeof rows)[number], { status, day }: Parameters<LoadTally>[0]) =>
    status.includes(row.status) && (!day || row.pickupDate?.getTime() === day.getTime());
  return (match) => rows.filter((row) => matches(row, match)).reduce((sum, row) => sum + row._count._all, 0);
}
