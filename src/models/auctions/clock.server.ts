import { nextAuctionEventAt, runDueAuctions } from "#models/auctions.server.ts";

// The auction clock: scheduled → live at auctionOpensAt, live → awarded by the rules (or closed
// when nobody bid) at auctionClosesAt. Everything it needs is in the jobs table, so after a
// restart it first catches up on whatever fell due while it was down, then sleeps until the next
// opening or closing. Pages and bids never wait for it: they read the phase from the clock itself;
// the open pages of each auction it opens or closes are refreshed, so none goes on offering bids.

export type AuctionClockLog = { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
export type AuctionClock = {
  stop(): void;
  wake(): void;
  /** Resolves when the current run (if any) is done. */
  idle(): Promise<void>;
};

/** Longest sleep, so an auction published by another process is picked up soon enough. */
export const AUCTION_POLL_MS = 30_000;
// Timers can fire a hair early; a closing processed 1 ms before its time would be skipped.
const LATE_MARGIN_MS = 5;

let running: AuctionClock | undefined;

/** One run of the clock: the openings and closings now due, then how long to sleep until the next. */
async function runAndPlan(log: AuctionClockLog | undefined, pollMs: number): Promise<number> {
  try {
    const { opened, closed } = await runDueAuctions();
    if (opened.length || closed.length) log?.info({ opened, closed }, "auction clock");
    const next = await nextAuctionEventAt();
    return next === null ? pollMs : next - Date.now() + LATE_MARGIN_MS;
  } catch (error) {
    log?.error({ err: error }, "auction clock failed");
    return pollMs;
  }
}

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
      if (!stopped) schedule(await runAndPlan(log, pollMs));
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
