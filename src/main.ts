import { env } from "#lib/env.server.ts";
import { createLogger, useLogger } from "#lib/logger.server.ts";
import { startServer } from "#server/server.server.ts";

const config = env();
const logger = createLogger(config.LOG_LEVEL);
useLogger(logger);
const startedAt = performance.now();
const running = await startServer(config, logger);
logger.info(`Loadline is running at ${running.url} (ready in ${Math.round(performance.now() - startedAt)} ms)`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    logger.info(`${signal} received, shutting down`);
    void running.close().then(() => process.exit(0));
  });
}
