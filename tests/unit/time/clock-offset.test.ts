import { describe, expect, it } from "vitest";
import { CLOCK_OFFSET_THRESHOLD_MS, clockOffset, parseServerTime, requestMidpoint } from "#domain/time/clock-offset.ts";

const client = 1_750_000_000_000;

describe("clockOffset (applied only beyond 700 ms)", () => {
  it("ignores differences up to 700 ms, less than a request's own round trip can blur", () => {
    expect(CLOCK_OFFSET_THRESHOLD_MS).toBe(700);
  });

  it.each([
    { diff: 0, offset: 0 },
    { diff: 699, offset: 0 },
    { diff: 700, offset: 0, why: "exactly 700 is not beyond the threshold" },
    { diff: 701, offset: 701 },
    { diff: -699, offset: 0 },
    { diff: -700, offset: 0 },
    { diff: -701, offset: -701, why: "a server behind the client" },
    { diff: 90_000, offset: 90_000 },
    { diff: 700.4, offset: 0, why: "rounds to whole ms first" },
    { diff: 700.6, offset: 701 },
  ])("server − client = $diff → $offset", ({ diff, offset }) => {
    expect(clockOffset(client + diff, client)).toBe(offset);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])("is 0 for an unusable server time (%s)", (server) => {
    expect(clockOffset(server, client)).toBe(0);
  });
});

describe("requestMidpoint", () => {
  it("is halfway between sending the request and receiving the answer", () => {
    expect(requestMidpoint(client, client + 300)).toBe(client + 150);
  });
});

describe("parseServerTime", () => {
  it.each([
    { body: client, ms: client },
    { body: String(client), ms: client },
    { body: ` ${client}\n`, ms: client },
    { body: "", ms: null },
    { body: "soon", ms: null },
    { body: null, ms: null },
    { body: { server_time: client }, ms: null },
    { body: Number.NaN, ms: null },
  ])("$body → $ms", ({ body, ms }) => {
    expect(parseServerTime(body)).toBe(ms);
  });
});
