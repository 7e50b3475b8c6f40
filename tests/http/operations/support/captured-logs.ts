import { Writable } from "node:stream";
import { pino, type Logger } from "pino";
import { REDACTED_PATHS } from "#lib/logger.server.ts";

export type LogLine = Record<string, unknown> & { msg?: string; reqId?: string };

/** A logger like the app's whose JSON lines land, parsed, in `lines`. */
export function capturedLogs(level = "info"): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  });
  return { logger: pino({ level, redact: { paths: REDACTED_PATHS, censor: "[redacted]" } }, sink), lines };
}
