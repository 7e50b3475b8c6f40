import { Writable } from "node:stream";
import { pino } from "pino";
import request from "supertest";
import { describe, expect, it } from "vitest";
import { createApp } from "#server/app.server.ts";
import { parseEnv } from "#lib/env.server.ts";
import { REDACTED_PATHS } from "#lib/logger.server.ts";

/** The real app with a logger whose lines land in `lines`. */
function loggedApp() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const logger = pino({ level: "info", redact: { paths: REDACTED_PATHS, censor: "[redacted]" } }, sink);
  const { app } = createApp({ env: parseEnv(process.env), logger });
  return { app, lines };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("request log", () => {
  it("writes one line per request: id, method, path, status and milliseconds, never the cookie", async () => {
    const { app, lines } = loggedApp();
    await request(app).get("/login?from=test").set("Cookie", "haulage.sid=secret-cookie-value").expect(200);
    await request(app).get("/no-such-page").expect(404);
    await settle();
    expect(lines.map(({ method, url, status, msg }) => ({ method, url, status, msg }))).toEqual([
      { method: "GET", url: "/login?from=test", status: 200, msg: "request completed" },
      { method: "GET", url: "/no-such-page", status: 404, msg: "request completed" },
    ]);
    expect(lines.map((line) => [typeof line.reqId, typeof line.ms])).toEqual([["string", "number"], ["string", "number"]]);
    expect(lines[0]!.reqId).not.toBe(lines[1]!.reqId);
    expect(JSON.stringify(lines)).not.toContain("secret-cookie-value");
  });

  it("leaves out the server-time pings and static assets", async () => {
    const { app, lines } = loggedApp();
    await request(app).get("/api/v1/server_time").expect(200);
    await request(app).get("/assets/no-such-file.js").expect(404);
    await settle();
    expect(lines).toEqual([]);
  });
});
