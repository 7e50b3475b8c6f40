import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Logger } from "pino";
import { createApp } from "#server/app.server.ts";
import { startSharedCaches, type SharedCaches } from "#db/shared-caches.server.ts";
import { closeSharedRedis, connectSharedRedis } from "#lib/redis.server.ts";
import type { Env } from "#lib/env.server.ts";
import { db, disconnectDb } from "#db/client.server.ts";
import { prepareDatabase } from "#db/prepare.server.ts";
import { seed } from "../../prisma/seed.ts";
import { startAuctionClock, type AuctionClock } from "#models/auctions/clock.server.ts";
import { finishInterruptedAwards } from "#models/loads/stops.server.ts";
import { purgeUnattachedBlobs } from "#models/uploads.server.ts";
import { sendExpiryReminders } from "#models/compliance.server.ts";
import { deleteExpiredIdempotencyKeys } from "#models/idempotency.server.ts";
import { sendHourlyDigests } from "#models/digests/hourly.server.ts";
import { sendDueEmails } from "#server/email-sweep.server.ts";
import { sendCallOffNotices } from "#models/call-offs.server.ts";
import { fillMissingJobCo2e } from "#models/jobs/co2e.server.ts";
import { acceptOverdueProofs } from "#models/loads/proof-review.server.ts";
import { overdueInvoiceSweep } from "#models/invoices/overdue.server.ts";
import { attachCable, type AppCable } from "#server/cable.server.ts";
import { startMarketSteps } from "#server/background/market-steps.server.ts";
import { startWebhookDeliveries } from "#server/background/webhook-deliveries.server.ts";
import { drainable } from "#server/draining.server.ts";

export type RunningServer = { url: string; server: http.Server; close(options?: { graceMs?: number }): Promise<void> };

/** How long requests being answered when shutdown begins get to finish before they are cut off. */
export const SHUTDOWN_GRACE_MS = 10_000;

/** Work the server does on its own; stopped (a run under way finishing first) before the database closes. */
type Background = { stop(): void | Promise<void> };

/** What a failed start undoes, newest first. */
type Undo = (() => Promise<unknown>)[];

/** Migrates, seeds (first start), and serves the app and the cable on one HTTP server. */
export async function startServer(env: Env, logger: Logger): Promise<RunningServer> {
  const unlock = await prepareDatabase(env.DATABASE_URL, logger);
  // What a failed start had already opened is closed again, newest first, so nothing keeps
  // reconnecting (or keeps the process alive) after the error is reported.
  const undo: Undo = [async () => unlock(), () => disconnectDb()];
  try {
    return await serve(env, logger, unlock, undo);
  } catch (error) {
    for (const step of undo.reverse()) await step().catch(() => undefined);
    throw error;
  }
}

/**
 * Demo data into an empty database: by default outside production only (SEED_DEMO_DATA says
 * otherwise), and in production never with the README's password on the support account.
 */
export async function seedOnFirstStart(
  env: Pick<Env, "seedDemoData" | "isProduction">,
  logger: Logger,
): Promise<boolean> {
  if (!env.seedDemoData || (await db().user.count()) > 0) return false;
  await seed(db(), { supportPassword: env.isProduction ? "unusable" : "demo" });
  logger.info(
    env.isProduction
      ? "demo data seeded; its support account cannot sign in (create support users with `npm run support:create`)"
      : "demo data seeded",
  );
  return true;
}

async function serve(env: Env, logger: Logger, unlock: () => void, undo: Undo): Promise<RunningServer> {
  await catchUp(env, logger);
  // Redis first when configured: rate limits, the cable and cache invalidation are shared through it.
  undo.push(() => closeSharedRedis());
  await connectSharedRedis(env);
  const sharedCaches = await startSharedCaches(env, logger);
  undo.push(() => sharedCaches.stop());
  const { app, sessionParser, sessionStore } = createApp({ env, logger });
  const server = http.createServer(app);
  const drain = drainable(server, app);
  const cable = attachCable({ server, sessionParser, env, logger });
  undo.push(() => cable.close());
  await sessionStore.prune();
  await listen(server, env);
  const url = addressOf(server, env);
  const background = startBackground(logger, env.APP_ORIGIN ?? url);
  return { url, server, close: closer({ server, logger, drain, cable, background, sharedCaches, unlock }) };
}

/** Before serving: demo data on a first start, and the load stops of an award a stop interrupted. */
async function catchUp(env: Env, logger: Logger): Promise<void> {
  await seedOnFirstStart(env, logger);
  const finished = await finishInterruptedAwards();
  if (finished) logger.info({ stops: finished }, "finished the load stops of an interrupted award");
}

function listen(server: http.Server, env: Env): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** Where the listening server answers (localhost when it listens on every interface). */
function addressOf(server: http.Server, env: Env): string {
  const { port } = server.address() as AddressInfo;
  const host = env.HOST === "0.0.0.0" ? "localhost" : env.HOST;
  return `http://${host}:${port}`;
}

/** The server's own work, started once it listens; `origin` is where e-mailed links point. */
function startBackground(logger: Logger, origin: string): Background[] {
  const background: Background[] = [
    stoppedAfterItsRun(startAuctionClock(logger)),
    startHousekeeping(logger),
    startSearchDigests(logger, origin),
    startDueEmails(logger, origin),
    startCallOffChecks(logger),
    startProofAcceptance(logger),
    // Invited tenders reach the open market when their time comes (once, whichever process is first).
    startMarketSteps(logger),
    // Webhook deliveries waiting in the outbox are sent, each by one process.
    startWebhookDeliveries(logger),
  ];
  // Jobs stored before the CO2e figure existed (or seeded without it) get it in the background.
  void fillMissingJobCo2e()
    .then((jobs) => jobs && logger.info({ jobs }, "worked out the CO2e per load of jobs without one"))
    .catch((err: unknown) => logger.error({ err }, "working out jobs' CO2e failed"));
  return background;
}

type Running = {
  server: http.Server;
  logger: Logger;
  drain: (graceMs: number) => Promise<number>;
  cable: AppCable;
  background: Background[];
  sharedCaches: SharedCaches;
  unlock: () => void;
};

/**
 * Graceful shutdown: /up says "draining", no new connection is taken, cable clients are told to
 * reconnect (to another server), requests being answered get up to graceMs to finish while the
 * background work stops. Only then do the cable's pub/sub and the database close: a request
 * finishing may still broadcast and write.
 */
function closer({ server, logger, drain, cable, background, sharedCaches, unlock }: Running): RunningServer["close"] {
  return async ({ graceMs = SHUTDOWN_GRACE_MS } = {}) => {
    const closed = once(server, "close");
    const requestsDone = drain(graceMs);
    cable.cable.restart();
    await Promise.all(background.map((work) => work.stop()));
    const cutOff = await requestsDone;
    if (cutOff) logger.warn({ requests: cutOff, graceMs }, "requests still running at shutdown were cut off");
    await cable.close();
    await closed;
    await sharedCaches.stop();
    await closeSharedRedis();
    // What requests used closes last, once none can be running.
    await disconnectDb();
    unlock();
  };
}

function stoppedAfterItsRun(clock: AuctionClock): Background {
  return { stop: () => (clock.stop(), clock.idle()) };
}

/** Runs `run` now and every `everyMs`; stopping clears the timer and waits for a run under way. */
function repeat(everyMs: number, run: () => Promise<unknown>): Background {
  let current = run();
  const timer = setInterval(() => (current = run()), everyMs).unref();
  return {
    async stop() {
      clearInterval(timer);
      await current;
    },
  };
}

const HOUSEKEEPING_EVERY_MS = 60 * 60_000;

/**
 * Hourly, and once at start: files uploaded over a day ago and never used are deleted, carriers
 * are reminded of documents about to expire (each reminder is stamped, so none is lost or repeated),
 * and the API's expired Idempotency-Keys are deleted.
 */
function startHousekeeping(logger: Logger): Background {
  return repeat(HOUSEKEEPING_EVERY_MS, async () => {
    await purgeUnattachedBlobs()
      .then((purged) => purged && logger.info({ purged }, "unattached uploads purged"))
      .catch((err: unknown) => logger.error({ err }, "purging unattached uploads failed"));
    await sendExpiryReminders()
      .then((sent) => sent && logger.info({ sent }, "document expiry reminders sent"))
      .catch((err: unknown) => logger.error({ err }, "sending document reminders failed"));
    // The API's Idempotency-Keys are kept 24 hours.
    await deleteExpiredIdempotencyKeys()
      .then((deleted) => deleted && logger.info({ deleted }, "expired Idempotency-Keys deleted"))
      .catch((err: unknown) => logger.error({ err }, "deleting expired Idempotency-Keys failed"));
  });
}

const SEARCH_DIGESTS_EVERY_MS = 5 * 60_000;

/**
 * Every 5 minutes, and once at start: hourly digests (saved searches' and planned journeys' new jobs)
 * that have fallen due are e-mailed, their links on `origin` (APP_ORIGIN in production, else the
 * address this server listens on). Each user gets at most one an hour (the rule is
 * sendHourlyDigests'), so checking this often only makes a due digest leave within about 5 minutes
 * instead of up to an hour late.
 */
function startSearchDigests(logger: Logger, origin: string): Background {
  return repeat(SEARCH_DIGESTS_EVERY_MS, () =>
    sendHourlyDigests(new Date(), origin)
      .then((sent) => sent && logger.info({ sent }, "hourly digests sent"))
      .catch((err: unknown) => logger.error({ err }, "sending hourly digests failed")),
  );
}

const DUE_EMAILS_EVERY_MS = 60_000;

/**
 * Every minute, and once at start: e-mails to people away from the page that have fallen due
 * (notifications still unread 15 minutes on, auctions closing within the hour; see docs/email.md).
 * Every process runs it; each e-mail is claimed in the database before it is sent, so it goes once.
 * A minute keeps a due e-mail within a minute of its time.
 */
function startDueEmails(logger: Logger, origin: string): Background {
  return repeat(DUE_EMAILS_EVERY_MS, () =>
    sendDueEmails(new Date(), origin)
      .then((sent) => sent && logger.info({ sent }, "e-mails sent"))
      .catch((err: unknown) => logger.error({ err }, "sending due e-mails failed")),
  );
}

const CALL_OFF_CHECKS_EVERY_MS = 24 * 60 * 60_000;

/**
 * Daily, and once at start: contract months that have ended with call-offs more than 20% off their
 * estimate are notified to both sides. What has been sent is in the database (sendCallOffNotices
 * looks before it writes), so a restart catches up on anything missed and repeats nothing.
 */
function startCallOffChecks(logger: Logger): Background {
  return repeat(CALL_OFF_CHECKS_EVERY_MS, () =>
    sendCallOffNotices()
      .then((sent) => sent && logger.info({ sent }, "call-off notices sent"))
      .catch((err: unknown) => logger.error({ err }, "checking contract call-offs failed")),
  );
}

const PROOF_ACCEPTANCE_EVERY_MS = 60_000;

/**
 * Every minute, and once at start: proofs of delivery nobody reviewed within 5 working days of the
 * delivery are accepted by themselves (as of that moment; see acceptOverdueProofs). Every process
 * runs it; each acceptance is a compare-and-set on the proof's status, so it is made and told once.
 */
function startProofAcceptance(logger: Logger): Background {
  return repeat(PROOF_ACCEPTANCE_EVERY_MS, () =>
    acceptOverdueProofs(new Date())
      .then((accepted) => accepted && logger.info({ accepted }, "proofs of delivery accepted by themselves"))
      .catch((err: unknown) => logger.error({ err }, "accepting overdue proofs of delivery failed"))
      // The morning after an invoice's due date, both offices are told it is overdue, once.
      .then(() => overdueInvoiceSweep(new Date())),
  );
}
