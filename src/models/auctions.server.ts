import { jobScopes } from "#models/jobs/scopes.server.ts";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { notifyAll, refreshJobPages } from "#models/notifications/after-commit.server.ts";

// Auctions opening and closing when their time comes (the clock that runs these is in
// auctions/clock.server.ts). Each auction it opens or closes is announced and its open pages refreshed.

/** Opens every scheduled auction whose opening time has come and whose closing has not. */
export async function openDueAuctions(now = Date.now()): Promise<number[]> {
  const due = await db().job.findMany({
    where: {
      isAuction: true,
      status: "scheduled",
      auctionOpensAt: { lte: new Date(now) },
      OR: [{ auctionClosesAt: null }, { auctionClosesAt: { gt: new Date(now) } }],
    },
    select: { id: true },
  });
  const opened: number[] = [];
  for (const { id } of due) {
    const { count } = await db().job.updateMany({ where: { id, status: "scheduled" }, data: { status: "live" } });
    if (count) opened.push(id);
  }
  await notifyAll(opened.map((jobId) => ({ kind: "auction_live" as const, jobId })));
  await Promise.all(opened.map((jobId) => refreshJobPages(jobId)));
  return opened;
}

/** Awards every auction whose closing time has passed; one without usable quotes just closes. */
export async function closeDueAuctions(now = Date.now()): Promise<number[]> {
  const due = await db().job.findMany({
    where: { isAuction: true, ...jobScopes.auctionRunningOrDue, auctionClosesAt: { lte: new Date(now) } },
    select: { id: true },
    orderBy: { auctionClosesAt: "asc" },
  });
  const closed: number[] = [];
  for (const { id } of due) {
    const outcome = await awardJob(id, now);
    if (outcome.ok) closed.push(id);
    else if (outcome.status === 422) {
      const where = { id, ...jobScopes.auctionRunningOrDue };
      const { count } = await db().job.updateMany({ where, data: { status: "closed" } });
      if (count) {
        closed.push(id);
        await notifyAll([{ kind: "auction_closed", jobId: id }]);
        await refreshJobPages(id);
      }
    }
  }
  return closed;
}

export async function runDueAuctions(now = Date.now()) {
  const closed = await closeDueAuctions(now);
  const opened = await openDueAuctions(now);
  return { opened, closed };
}

/** The next opening or closing after `now`, or null when no auction is waiting. */
export async function nextAuctionEventAt(now = Date.now()): Promise<number | null> {
  const after = new Date(now);
  const [opening, closing] = await Promise.all([
    db().job.findFirst({
      where: { isAuction: true, status: "scheduled", auctionOpensAt: { gt: after } },
      orderBy: { auctionOpensAt: "asc" },
      select: { auctionOpensAt: true },
    }),
    db().job.findFirst({
      where: { isAuction: true, ...jobScopes.auctionRunningOrDue, auctionClosesAt: { gt: after } },
      orderBy: { auctionClosesAt: "asc" },
      select: { auctionClosesAt: true },
    }),
  ]);
  const times = [opening?.auctionOpensAt?.getTime(), closing?.auctionClosesAt?.getTime()];
  const due = times.filter((t): t is number => t !== undefined);
  return due.length ? Math.min(...due) : null;
}
