import { jobScopes } from "#models/jobs/scopes.server.ts";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { notifyAll, refreshJobPages } from "#models/notifications/after-commit.server.ts";

// The auction clock: scheduled → live at auctionOpensAt, live → awarded by the rules (or closed
// when nobody bid) at auctionClosesAt. Everything it needs is in the jobs table, so after a
// restart it first catches up on whatever fell due while it was down, then sleeps until the next
// opening or closing. Pages and bids never wait for it: they read the phase from the clock itself;
// the open pages of each auction it opens or closes are refreshed, so none goes on offering bids.

export type AuctionClockLog = { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
export type AuctionClock = { stop(): void; wake(): void; /** Resolves when the current run (if any) is done. */ idle(): Promise<void> };

/** Longest sleep, so an auction published by another process is picked up soon enough. */
export const AUCTION_POLL_MS = 30_000;
// Timers can fire a hair early; a closing processed 1 ms before its time would be skipped.
const LATE_MARGIN_MS = 5;

export async function openDueAuctions(now = Date.now()): Promise<number[]> {
  const due = await db().job.findMany({
    where: { isAuction: true, status: "scheduled", auctionOpensAt: { lte: new Date(now) }, OR: [{ auctionClosesAt: null }, { auctionClosesAt: { gt: new Date(now) } }] },
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
      const { count } = await db().job.updateMany({ where: { id, ...jobScopes.auctionRunningOrDue }, data: { status: "closed" } });
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
    db().job.findFirst({ where: { isAuction: true, status: "scheduled", auctionOpensAt: { gt: after } }, orderBy: { auctionOpensAt: "asc" }, select: { auctionOpensAt: true } }),
    db().job.findFirst({ where: { isAuction: true, ...jobScopes.auctionRunningOrDue, auctionClosesAt: { gt: after } }, orderBy: { auctionClosesAt: "asc" }, select: { auctionClosesAt: true } }),
  ]);
  const times = [opening?.auctionOpensAt?.getTime(), closing?.auctionClosesAt?.getTime()].filter((t): t is number => t !== undefined);
  return times.length ? Math.min(...times) : null;
}

let running: AuctionClock | undefined;

/** Starts the clock (once per process): catches up now, then wakes at each due time. */
export function startAuctionClock(log?: AuctionClockLog, pollMs = AUCTION_POLL_MS): AuctionClock {
  running?.stop();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let current: Promise<void> = Promise.resolve();

  const schedule = (delay: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(tick, Math.max(0, Math.min(delay, pollMs)));
    timer.unref();
  };

  function tick() {
    current = current.then(async () => {
      if (stopped) return;
      try {
        const { opened, closed } = await runDueAuctions();
        if (opened.length || closed.length) log?.info({ opened, closed }, "auction clock");
        const next = await nextAuctionEventAt();
        schedule(next === null ? pollMs : next - Date.now() + LATE_MARGIN_MS);
      } catch (error) {
        log?.error({ err: error }, "auction clock failed");
        schedule(pollMs);
      }
    });
  }

  const clock: AuctionClock = {
    stop() {
      stopped = true;
      clearTimeout(timer);
      if (running === clock) running = undefined;
    },
    wake: () => schedule(0),
    idle: () => current,
  };
  running = clock;
  tick();
  return clock;
}

/** Call after publishing or rescheduling an auction so the clock re-plans at once. */
export function wakeAuctionClock(): void {
  running?.wake();
}
