import { logger } from "#lib/logger.server.ts";

/** pino-compatible: `logger.warn({ details }, "message")`. */
export type CableLogFn = (details: Record<string, unknown>, message: string) => void;

export interface CableLogger {
  debug: CableLogFn;
  info: CableLogFn;
  warn: CableLogFn;
  error: CableLogFn;
}

const silent: CableLogFn = () => {};

/** Used when the cable is started without a logger (tools, tests): warnings and errors go to the process logger. */
export const defaultCableLogger: CableLogger = {
  debug: silent,
  info: silent,
  warn: (details, message) => logger().warn({ component: "cable", ...details }, message),
  error: (details, message) => logger().error({ component: "cable", ...details }, message),
};
