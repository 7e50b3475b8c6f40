import type { Logger } from "pino";
import { passDeadlinesDue } from "#models/jobs/deadline.server.ts";
import { reachMarketDue } from "#models/jobs/market-step.server.ts";

/** How often every process looks for market steps and quote deadlines that have come. */
export const MARKET_STEPS_EVERY_MS = 15_000;

/**
 * At start and every 15 seconds: invited jobs whose time has come reach the open market (or are
 * skipped, fully allocated), and shippers are told of quote deadlines that have passed. So a step
 * happens within 15 seconds of its time, and one that fell due while no server ran happens as the
 * first one starts. Every process runs it; each step and each notice is claimed in the database
 * (docs/market-step.md), so it happens once. A failure is logged and tried again at the next run.
 */
export function startMarketSteps(logger: Logger): { stop(): Promise<void> } {
  let running = false;
  const run = () => {
    running = true;
    return sweep(logger, new Date()).finally(() => (running = false));
  };
  let current = run();
  // A run still going when the next is due (a slow database) is left to finish, not overlapped.
  const timer = setInterval(() => running || (current = run()), MARKET_STEPS_EVERY_MS).unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}

async function sweep(logger: Logger, now: Date): Promise<void> {
  await reachMarketDue(now)
    .then(({ reached, skipped }) => (reached.length || skipped.length) && logger.info({ reached, skipped }, "market steps made"))
    .catch((err: unknown) => logger.error({ err }, "making market steps failed"));
  await passDeadlinesDue(now)
    .then((told) => told.length && logger.info({ jobs: told }, "shippers told of passed quote deadlines"))
    .catch((err: unknown) => logger.error({ err }, "telling shippers of passed quote deadlines failed"));
}
