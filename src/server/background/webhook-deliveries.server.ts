import type { Logger } from "pino";
import { env } from "#lib/env.server.ts";
import { type TryOutcome, deliverDue } from "#models/webhooks/delivery.server.ts";
import { tellAdminsDisabled } from "#models/webhooks/given-up.server.ts";
import { pruneDeliveryLog } from "#models/webhooks/log.server.ts";
import { onWebhooksEnqueued } from "#models/webhooks/wake.server.ts";
import { webhookPath } from "#pages/webhooks.server.ts";

// The outbox's sender in every process: a pass every few seconds, and one straight after an event
// is enqueued in this process. Passes never overlap within a process; across processes the claims
// (src/models/webhooks/delivery) see that each try is made once.

const INTERVAL_MS = 3_000;
const BATCH = 25;
const PRUNE_EVERY_MS = 3_600_000;

/** One pass at `now`: sends what is due, then tells the admins of each endpoint it disabled. */
export async function deliverWebhooks(now = new Date(), origin = env().APP_ORIGIN ?? `http://localhost:${env().PORT}`): Promise<TryOutcome[]> {
  const outcomes = await deliverDue(now, BATCH);
  for (const outcome of outcomes.filter((o) => o.disabled)) {
    await tellAdminsDisabled(outcome.endpointId, new URL(webhookPath(outcome.endpointId), origin).href);
  }
  return outcomes;
}

/**
 * Runs `pass` at most once at a time: asked while running, it runs once more afterwards (so an
 * event enqueued during a pass is not left for the next tick).
 */
function oneAtATime(pass: () => Promise<void>, logger: Logger) {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .catch((error: unknown) => logger.error({ err: error }, "webhook deliveries failed"))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  return { run, idle: () => running };
}

export function startWebhookDeliveries(logger: Logger): { stop(): Promise<void> } {
  let stopped = false;
  // A full batch means more may be due: go on at once rather than wait for the next tick.
  const sender = oneAtATime(async () => {
    while (!stopped && (await deliverWebhooks()).length === BATCH);
  }, logger);
  const run = () => stopped || sender.run();
  const timer = setInterval(run, INTERVAL_MS);
  timer.unref();
  // The log's old rows go hourly; any process may do it (a delete of rows already gone deletes none).
  const pruning = setInterval(() => pruneDeliveryLog().catch((error: unknown) => logger.error({ err: error }, "webhook log pruning failed")), PRUNE_EVERY_MS);
  pruning.unref();
  const unlisten = onWebhooksEnqueued(run);
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearInterval(pruning);
      unlisten();
      await sender.idle();
    },
  };
}
