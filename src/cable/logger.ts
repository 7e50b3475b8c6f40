/** pino-compatible: `logger.warn({ details }, "message")`. */
export type CableLogFn = (details: Record<string, unknown>, message: string) => void;

export interface CableLogger {
  debug: CableLogFn;
  info: CableLogFn;
  warn: CableLogFn;
  error: CableLogFn;
}

const silent: CableLogFn = () => {};

export const defaultCableLogger: CableLogger = {
  debug: silent,
  info: silent,
  warn: (details, message) => console.warn(`[cable] ${message}`, details),
  error: (details, message) => console.error(`[cable] ${message}`, details),
};
