import { env } from "#lib/env.server.ts";
import { createLogger, useLogger } from "#lib/logger.server.ts";
import { SHUTDOWN_GRACE_MS, startServer } from "#server/start.server.ts";
import { DatabaseInUse } from "#db/process-lock.server.ts";
import { DatabaseUnavailable } from "#db/postgres-database.server.ts";

const config = env();
const logger = createLogger(config.LOG_LEVEL);
useLogger(logger);
const startedAt = performance.now();
const running = await startServer(config, logger).catch((error: unknown) => {
  // A refusal to start is one clear line, not a stack trace.
  if (error instanceof DatabaseInUse || error instanceof DatabaseUnavailable) logger.fatal(error.message);
  else logger.fatal({ err: error }, "could not start");
  process.exit(1);
});
logger.info(`Loadline is running at ${running.url} (ready in ${Math.round(performance.now() - startedAt)} ms)`);

// The first SIGTERM/SIGINT drains gracefully (see RunningServer.close); a second one, or a drain
// that hangs well past its grace period, ends the process at once.
const FORCED_EXIT_AFTER_MS = SHUTDOWN_GRACE_MS + 20_000;
let shuttingDown = false;

function shutDown(signal: NodeJS.Signals): void {
  if (shuttingDown) {
    logger.warn(`${signal} received again, exiting without waiting`);
    process.exit(1);
  }
  shuttingDown = true;
  logger.info(`${signal} received, shutting down`);
  setTimeout(() => {
    logger.error("shutdown is taking too long, exiting");
    process.exit(1);
  }, FORCED_EXIT_AFTER_MS).unref();
  running.close().then(
    () => process.exit(0),
    (err: unknown) => {
      logger.error({ err }, "shutdown failed");
      process.exit(1);
    },
  );
}

for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, shutDown);
