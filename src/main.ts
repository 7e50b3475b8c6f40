import { env } from "#lib/env.server.ts";
import { createLogger, useLogger } from "#lib/logger.server.ts";
import { startServer } from "#server/server.server.ts";
import { DatabaseInUse } from "#db/process-lock.server.ts";

const config = env();
const logger = createLogger(config.LOG_LEVEL);
useLogger(logger);
const startedAt = performance.now();
const running = await startServer(config, logger).catch((error: unknown) => {
  // A refusal to start is one clear line, not a stack trace.
  if (error instanceof DatabaseInUse) logger.fatal(error.message);
  else logger.fatal({ err: error }, "could not start");
  process.exit(1);
});
logger.info(`Loadline is running at ${running.url} (ready in ${Math.round(performance.now() - startedAt)} ms)`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    logger.info(`${signal} received, shutting down`);
    void running.close().then(() => process.exit(0));
  });
}
