import { pino, type Logger } from "pino";

export const REDACTED_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  "req.headers[\"x-csrf-token\"]",
  "res.headers[\"set-cookie\"]",
  "*.password",
  "*.passwordHash",
  "*.token",
  "*.authenticity_token",
  "*.signed_id",
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: "[redacted]" } });
}

let processLogger: Logger | undefined;

/** The process's logger: the one the server started with, else one at LOG_LEVEL (scripts, tests). */
export function logger(): Logger {
  return (processLogger ??= createLogger(process.env.LOG_LEVEL ?? "info"));
}

export function useLogger(next: Logger): void {
  processLogger = next;
}
