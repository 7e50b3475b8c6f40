import { Writable } from "node:stream";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { REDACTED_PATHS } from "#lib/logger.server.ts";

describe("request logs", () => {
  it("redact passwords, cookies and tokens", () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const logger = pino({ redact: { paths: REDACTED_PATHS, censor: "[redacted]" } }, sink);
    logger.info({ req: { headers: { cookie: "haulage.sid=abc", "x-csrf-token": "tok", authorization: "Bearer x" } }, body: { password: "hunter22", email: "a@b.c" } });
    const line = lines.join("");
    for (const secret of ["haulage.sid=abc", "hunter22", '"tok"', "Bearer x"]) expect(line).not.toContain(secret);
    expect(line).toContain("a@b.c");
  });
});
