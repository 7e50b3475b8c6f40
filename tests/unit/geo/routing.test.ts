import { describe, expect, it, vi } from "vitest";
import { parseEnv } from "#lib/env.server.ts";
import type { LatLng } from "#domain/maps/polyline.ts";
import { milesBetween, routeMiles } from "#domain/maps/route.ts";
import { CachedRouter, cacheKey } from "../../../src/geo/routing/cached-router.ts";
import { greatCirclePath, greatCirclePoint } from "../../../src/geo/routing/great-circle.ts";
import { createRouter, routerConfig } from "../../../src/geo/routing/index.server.ts";
import { GREAT_CIRCLE_SPACING_MILES, OfflineRouter, ROAD_DETOUR_FACTOR, estimateRoute } from "../../../src/geo/routing/offline-router.ts";
import { OsrmRouter, readRoute } from "../../../src/geo/routing/osrm-router.server.ts";
import type { RoutePlan, RouteProvider } from "../../../src/geo/routing/provider.ts";

const LONDON: LatLng = [51.5074, -0.1278];
const MANCHESTER: LatLng = [53.4808, -2.2426];
const LEEDS: LatLng = [53.7997, -1.5492];
const GLASGOW: LatLng = [55.8642, -4.2518];

describe("OfflineRouter", () => {
  const router = new OfflineRouter();

  it("estimates London → Manchester: about 162 great-circle miles, × 1.2 by road", async () => {
    const plan = (await router.route([LONDON, MANCHESTER]))!;
    const straight = milesBetween(LONDON, MANCHESTER);
    expect(straight).toBeGreaterThan(162);
    expect(straight).toBeLessThan(163);
    expect(ROAD_DETOUR_FACTOR).toBe(1.2);
    expect(plan.miles).toBeCloseTo(straight * 1.2, 9);
    expect(plan.source).toBe("estimate");
  });

  it("keeps the stops exactly and puts points between them at most 25 miles apart", async () => {
    const { points } = (await router.route([LONDON, MANCHESTER]))!;
    expect(points[0]).toEqual(LONDON);
    expect(points.at(-1)).toEqual(MANCHESTER);
    // 162.8 miles in legs of at most 25: 7 legs, so 6 points between.
    expect(points).toHaveLength(8);
    for (let i = 1; i < points.length; i++) expect(milesBetween(points[i - 1]!, points[i]!)).toBeLessThanOrEqual(GREAT_CIRCLE_SPACING_MILES);
  });

  it("puts the points between the stops, in order, on the great circle", async () => {
    const { points } = (await router.route([LONDON, MANCHESTER]))!;
    const between = points.slice(1, -1);
    const total = milesBetween(LONDON, MANCHESTER);
    between.forEach(([lat, lng], i) => {
      expect(lat).toBeGreaterThan(LONDON[0]);
      expect(lat).toBeLessThan(MANCHESTER[0]);
      expect(lng).toBeLessThan(LONDON[1]);
      expect(lng).toBeGreaterThan(MANCHESTER[1]);
      // On the shortest path: the detour through the point is nil.
      expect(milesBetween(LONDON, [lat, lng]) + milesBetween([lat, lng], MANCHESTER)).toBeCloseTo(total, 6);
      // Evenly spaced: the i+1-th of 7 equal steps.
      expect(milesBetween(LONDON, [lat, lng])).toBeCloseTo((total * (i + 1)) / 7, 6);
    });
  });

  it("joins several stops leg by leg, each stop kept", async () => {
    const plan = (await router.route([LONDON, MANCHESTER, LEEDS, GLASGOW]))!;
    for (const stop of [LONDON, MANCHESTER, LEEDS, GLASGOW]) expect(plan.points).toContainEqual(stop);
    expect(plan.miles).toBeCloseTo(routeMiles([LONDON, MANCHESTER, LEEDS, GLASGOW]) * 1.2, 9);
    // Manchester → Leeds is 36 miles: one point between.
    const m = plan.points.indexOf(MANCHESTER);
    expect(plan.points.indexOf(LEEDS) - m).toBe(2);
  });

  it.each([
    { why: "no stops", stops: [] },
    { why: "a single stop", stops: [LONDON] },
  ])("answers null for $why", async ({ stops }) => {
    expect(await router.route(stops)).toBeNull();
  });

  it("answers 0 miles for identical stops, both kept", async () => {
    expect(await router.route([LEEDS, LEEDS])).toEqual({ points: [LEEDS, LEEDS], miles: 0, source: "estimate" });
  });

  it("is the same estimate the OSRM router falls back to", () => {
    expect(estimateRoute([LONDON, MANCHESTER])).toEqual({ points: greatCirclePath([LONDON, MANCHESTER], 25), miles: milesBetween(LONDON, MANCHESTER) * 1.2, source: "estimate" });
  });
});

describe("great-circle points", () => {
  it("curves a long east–west leg towards the pole, as the shortest path does", () => {
    const [lat] = greatCirclePoint([50, -5], [50, 30], 0.5);
    expect(lat).toBeGreaterThan(51);
  });

  it.each([0, 0.25, 1])("at %f of the way is that share of the distance", (fraction) => {
    const point = greatCirclePoint(LONDON, GLASGOW, fraction);
    expect(milesBetween(LONDON, point)).toBeCloseTo(milesBetween(LONDON, GLASGOW) * fraction, 6);
  });

  it("blends straight between opposite points, which have no one great circle", () => {
    expect(greatCirclePoint([0, 0], [0, 180], 0.5)).toEqual([0, 90]);
  });
});

describe("reading an OSRM answer", () => {
  it("takes the first route's geometry (polyline, 1e5) and metres as miles", () => {
    const plan = readRoute({ code: "Ok", routes: [{ geometry: "_p~iF~ps|U_ulLnnqC_mqNvxq`@", distance: 1609.344 }, { geometry: "??", distance: 1 }] });
    expect(plan).toEqual({ points: [[38.5, -120.2], [40.7, -120.95], [43.252, -126.453]], miles: 1, source: "osrm" });
  });

  it.each([
    { why: "not an object", body: "Ok" },
    { why: "a code other than Ok", body: { code: "NoRoute", routes: [] } },
    { why: "no routes", body: { code: "Ok", routes: [] } },
    { why: "no geometry", body: { code: "Ok", routes: [{ distance: 5 }] } },
    { why: "a GeoJSON geometry", body: { code: "Ok", routes: [{ geometry: { type: "LineString" }, distance: 5 }] } },
    { why: "no distance", body: { code: "Ok", routes: [{ geometry: "_p~iF~ps|U_ulLnnqC" }] } },
    { why: "a negative distance", body: { code: "Ok", routes: [{ geometry: "_p~iF~ps|U_ulLnnqC", distance: -1 }] } },
    { why: "a geometry of one point", body: { code: "Ok", routes: [{ geometry: "_p~iF~ps|U", distance: 5 }] } },
  ])("rejects $why", ({ body }) => {
    expect(readRoute(body)).toBeNull();
  });

  it("asks {base}/route/v1/driving/{lng},{lat};… for the full polyline, keeping the base's path and query", () => {
    const osrm = new OsrmRouter({ baseUrl: "https://router.example/osrm/?key=abc" });
    expect(osrm.routeUrl([LONDON, [53.4808, -2.2426]])).toBe(
      "https://router.example/osrm/route/v1/driving/-0.127800,51.507400;-2.242600,53.480800?key=abc&overview=full&geometries=polyline",
    );
    expect(new OsrmRouter({ baseUrl: "http://127.0.0.1:5000" }).routeUrl([[0.0000001, 1e-7], [1, 2]])).toBe(
      "http://127.0.0.1:5000/route/v1/driving/0.000000,0.000000;2.000000,1.000000?overview=full&geometries=polyline",
    );
  });
});

function countingRouter(answer: (stops: readonly LatLng[]) => RoutePlan | null = estimateRoute) {
  const route = vi.fn(async (stops: readonly LatLng[]) => answer(stops));
  return { provider: { name: "counting", route } satisfies RouteProvider, route };
}

describe("CachedRouter", () => {
  it("asks once for the same stops", async () => {
    const { provider, route } = countingRouter();
    const cached = new CachedRouter(provider);
    const first = await cached.route([LONDON, MANCHESTER]);
    expect(await cached.route([LONDON, MANCHESTER])).toBe(first);
    expect(route).toHaveBeenCalledTimes(1);
  });

  it("shares one ask among concurrent asks for the same stops", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const route = vi.fn(async (stops: readonly LatLng[]) => {
      await gate;
      return estimateRoute(stops);
    });
    const cached = new CachedRouter({ name: "slow", route });
    const asks = [cached.route([LONDON, LEEDS]), cached.route([LONDON, LEEDS]), cached.route([[51.507401, -0.127801], LEEDS])];
    release();
    const [a, b, c] = await Promise.all(asks);
    expect(route).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
    expect(a).toBe(c);
  });

  it("keys by the stops rounded to 5 decimals, in order", () => {
    expect(cacheKey([[51.507404, -0.127796], [53.48, -2.24]])).toBe("51.50740,-0.12780;53.48000,-2.24000");
    expect(cacheKey([[-0.000001, 0.000001]])).toBe("0.00000,0.00000");
    expect(cacheKey([LONDON, LEEDS])).not.toBe(cacheKey([LEEDS, LONDON]));
  });

  it("forgets the least recently used route beyond its size", async () => {
    const { provider, route } = countingRouter();
    const cached = new CachedRouter(provider, { size: 2 });
    await cached.route([LONDON, LEEDS]);
    await cached.route([LONDON, MANCHESTER]);
    await cached.route([LONDON, LEEDS]); // now the most recent
    await cached.route([LONDON, GLASGOW]); // pushes out London → Manchester
    expect(cached.cachedCount).toBe(2);
    expect(route).toHaveBeenCalledTimes(3);
    await cached.route([LONDON, LEEDS]);
    expect(route).toHaveBeenCalledTimes(3);
    await cached.route([LONDON, MANCHESTER]);
    expect(route).toHaveBeenCalledTimes(4);
  });

  it("answers null for fewer than two stops without asking", async () => {
    const { provider, route } = countingRouter();
    expect(await new CachedRouter(provider).route([LONDON])).toBeNull();
    expect(route).not.toHaveBeenCalled();
  });

  it("keeps a fallback answer only for its time to live", async () => {
    let now = 0;
    const { provider, route } = countingRouter();
    const cached = new CachedRouter(provider, { isFallback: (plan) => plan.source === "estimate", fallbackTtlMs: 60_000, now: () => now });
    await cached.route([LONDON, LEEDS]);
    now = 59_999;
    await cached.route([LONDON, LEEDS]);
    expect(route).toHaveBeenCalledTimes(1);
    now = 60_000;
    await cached.route([LONDON, LEEDS]);
    expect(route).toHaveBeenCalledTimes(2);
  });

  it("does not remember a failed ask", async () => {
    const route = vi.fn().mockRejectedValueOnce(new Error("down")).mockResolvedValueOnce(estimateRoute([LONDON, LEEDS]));
    const cached = new CachedRouter({ name: "flaky", route });
    await expect(cached.route([LONDON, LEEDS])).rejects.toThrow("down");
    expect((await cached.route([LONDON, LEEDS]))?.source).toBe("estimate");
    expect(route).toHaveBeenCalledTimes(2);
  });

  it("hands out frozen plans, so no asker can change another's route", async () => {
    const plan = (await new CachedRouter(new OfflineRouter()).route([LONDON, LEEDS]))!;
    expect(Object.isFrozen(plan)).toBe(true);
    expect(() => plan.points.push(GLASGOW)).toThrow(TypeError);
  });
});

describe("choosing the router", () => {
  const settings = (extra: Record<string, string> = {}) => parseEnv({ NODE_ENV: "test", SESSION_SECRET: "x".repeat(32), ...extra });

  it("estimates offline when ROUTER_URL is unset", () => {
    expect(routerConfig(settings())).toEqual({ provider: "offline" });
    expect(createRouter().name).toBe("offline");
  });

  it("uses OSRM at ROUTER_URL when it is set", () => {
    const config = routerConfig(settings({ ROUTER_URL: "https://router.example/osrm" }));
    expect(config).toEqual({ provider: "osrm", url: "https://router.example/osrm" });
    expect(createRouter(config).name).toBe("osrm");
  });

  it.each(["router.example", "ftp://router.example", "not a url"])("rejects ROUTER_URL %s", (url) => {
    expect(() => settings({ ROUTER_URL: url })).toThrow(/ROUTER_URL: must be an http\(s\) URL/);
  });
});
