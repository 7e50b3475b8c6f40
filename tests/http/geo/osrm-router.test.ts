import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { encodePolyline, type LatLng } from "#domain/maps/polyline.ts";
import { CachedRouter } from "../../../src/geo/routing/cached-router.ts";
import { createRouter } from "../../../src/geo/routing/index.server.ts";
import { estimateRoute } from "../../../src/geo/routing/offline-router.ts";
import { OsrmRouter } from "../../../src/geo/routing/osrm-router.server.ts";

// A stand-in OSRM service on 127.0.0.1: each test sets how it answers, and every request it gets is
// recorded.

const LONDON: LatLng = [51.5074, -0.1278];
const MANCHESTER: LatLng = [53.4808, -2.2426];
const ROAD: LatLng[] = [LONDON, [52.2, -1.1], [52.9, -1.9], MANCHESTER];
const ROAD_METRES = 335_000;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const okRoute: Handler = (_req, res) => {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ code: "Ok", routes: [{ geometry: encodePolyline(ROAD), distance: ROAD_METRES, duration: 14_000 }], waypoints: [] }));
};

let server: Server;
let base: string;
let handler: Handler = okRoute;
let requests: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  handler = okRoute;
  requests = [];
});

describe("OsrmRouter against an OSRM-shaped service", () => {
  it("answers the service's road geometry and distance in miles", async () => {
    const plan = await new OsrmRouter({ baseUrl: base }).route([LONDON, MANCHESTER]);
    expect(plan).toEqual({ points: ROAD, miles: ROAD_METRES / 1609.344, source: "osrm" });
  });

  it("asks GET {base}/route/v1/driving/{lng},{lat};… for the full polyline, as JSON", async () => {
    await new OsrmRouter({ baseUrl: `${base}/osrm/?key=s3cret` }).route([LONDON, [53.8, -1.55], MANCHESTER]);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method).toBe("GET");
    expect(requests[0]!.url).toBe("/osrm/route/v1/driving/-0.127800,51.507400;-1.550000,53.800000;-2.242600,53.480800?key=s3cret&overview=full&geometries=polyline");
    expect(requests[0]!.headers.accept).toBe("application/json");
  });

  it("sends a user and password in the base URL as Basic authorization, not in the address", async () => {
    const withUser = base.replace("http://", "http://fleet:pa%3Ass@");
    const plan = await new OsrmRouter({ baseUrl: withUser }).route([LONDON, MANCHESTER]);
    expect(plan?.source).toBe("osrm");
    expect(requests[0]!.headers.authorization).toBe(`Basic ${Buffer.from("fleet:pa:ss").toString("base64")}`);
  });

  it("asks nothing for fewer than two stops", async () => {
    expect(await new OsrmRouter({ baseUrl: base }).route([LONDON])).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it.each<{ why: string; answer: Handler; reason: string; status?: number }>([
    { why: "answers 500", answer: (_req, res) => res.writeHead(500).end("boom"), reason: "status", status: 500 },
    { why: "answers 429", answer: (_req, res) => res.writeHead(429).end(), reason: "status", status: 429 },
    {
      why: "finds no route",
      answer: (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ code: "NoRoute", message: "Impossible route" })),
      reason: "unreadable answer",
    },
    { why: "answers something not JSON", answer: (_req, res) => res.writeHead(200, { "content-type": "application/json" }).end("<html>"), reason: "unreadable answer" },
    { why: "drops the connection", answer: (req) => req.socket.destroy(), reason: "unreachable" },
  ])("falls back to the offline estimate when the service $why", async ({ answer, reason, status }) => {
    handler = answer;
    const warn = vi.fn();
    const plan = await new OsrmRouter({ baseUrl: `${base}/?key=s3cret`, warn }).route([LONDON, MANCHESTER]);
    expect(plan).toEqual(estimateRoute([LONDON, MANCHESTER]));
    expect(warn).toHaveBeenCalledWith({ router: "osrm", reason, ...(status ? { status } : {}) }, "Route service failed; using the offline estimate");
    expect(JSON.stringify(warn.mock.calls)).not.toContain("s3cret");
  });

  it("falls back when the service does not answer within the timeout", async () => {
    handler = () => {}; // never answers
    const warn = vi.fn();
    const started = Date.now();
    const plan = await new OsrmRouter({ baseUrl: base, timeoutMs: 150, warn }).route([LONDON, MANCHESTER]);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(plan).toEqual(estimateRoute([LONDON, MANCHESTER]));
    expect(warn).toHaveBeenCalledWith({ router: "osrm", reason: "timeout" }, expect.any(String));
  });

  it("falls back when the body stalls after the headers", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"code":"Ok","routes":[');
    };
    const plan = await new OsrmRouter({ baseUrl: base, timeoutMs: 150 }).route([LONDON, MANCHESTER]);
    expect(plan?.source).toBe("estimate");
  });

  it("falls back when nothing listens at the address", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const warn = vi.fn();
    expect((await new OsrmRouter({ baseUrl: `http://127.0.0.1:${port}`, warn }).route([LONDON, MANCHESTER]))?.source).toBe("estimate");
    expect(warn).toHaveBeenCalledWith({ router: "osrm", reason: "unreachable" }, expect.any(String));
  });
});

describe("the configured OSRM router's cache", () => {
  it("does not ask the service again for the same stops", async () => {
    const router = createRouter({ provider: "osrm", url: base });
    const first = await router.route([LONDON, MANCHESTER]);
    const second = await router.route([LONDON, MANCHESTER]);
    expect(second).toBe(first);
    expect(second?.source).toBe("osrm");
    expect(requests).toHaveLength(1);
  });

  it("sends concurrent identical asks as one request", async () => {
    const router = createRouter({ provider: "osrm", url: base });
    const plans = await Promise.all([router.route([LONDON, MANCHESTER]), router.route([LONDON, MANCHESTER]), router.route([LONDON, MANCHESTER])]);
    expect(new Set(plans).size).toBe(1);
    expect(requests).toHaveLength(1);
  });

  it("asks again for different stops", async () => {
    const router = createRouter({ provider: "osrm", url: base });
    await router.route([LONDON, MANCHESTER]);
    await router.route([MANCHESTER, LONDON]);
    expect(requests).toHaveLength(2);
  });

  it("keeps a fallback estimate for a minute, then asks the service again", async () => {
    let now = 1_000_000;
    handler = (_req, res) => res.writeHead(503).end();
    const router = new CachedRouter(new OsrmRouter({ baseUrl: base }), { isFallback: (plan) => plan.source !== "osrm", now: () => now });
    expect((await router.route([LONDON, MANCHESTER]))?.source).toBe("estimate");
    expect((await router.route([LONDON, MANCHESTER]))?.source).toBe("estimate");
    expect(requests).toHaveLength(1);
    handler = okRoute;
    now += 60_000;
    expect((await router.route([LONDON, MANCHESTER]))?.source).toBe("osrm");
    expect(requests).toHaveLength(2);
  });
});
