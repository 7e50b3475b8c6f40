import type { LatLng } from "#domain/maps/polyline.ts";
import type { RoutePlan, RouteProvider } from "./provider.ts";

export const ROUTE_CACHE_SIZE = 500;
export const FALLBACK_TTL_MS = 60_000;

export type CachedRouterOptions = {
  /** How many routes are kept; the least recently asked for goes first. */
  size?: number;
  /**
   * True for an answer given in place of the router's own (the estimate when the road router
   * failed). Such an answer is kept only `fallbackTtlMs`, so the real route is asked for again soon,
   * without asking on every page while the service is down.
   */
  isFallback?: (plan: RoutePlan) => boolean;
  fallbackTtlMs?: number;
  now?: () => number;
};

type Entry = { plan: Promise<RoutePlan | null>; expiresAt: number };

/**
 * Routes are asked for on every job and load page, so answers are kept in memory, keyed by the stops
 * rounded to 5 decimals (about a metre), least recently used first out. Asks for the same stops while
 * one is under way share it. A plan from here is shared by every asker: read it, never change it.
 */
export class CachedRouter implements RouteProvider {
  readonly name: string;
  private readonly entries = new Map<string, Entry>();
  private readonly size: number;
  private readonly isFallback: (plan: RoutePlan) => boolean;
  private readonly fallbackTtlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly inner: RouteProvider,
    options: CachedRouterOptions = {},
  ) {
    this.name = inner.name;
    this.size = options.size ?? ROUTE_CACHE_SIZE;
    this.isFallback = options.isFallback ?? (() => false);
    this.fallbackTtlMs = options.fallbackTtlMs ?? FALLBACK_TTL_MS;
    this.now = options.now ?? Date.now;
  }

  route(stops: readonly LatLng[]): Promise<RoutePlan | null> {
    if (stops.length < 2) return Promise.resolve(null);
    const key = cacheKey(stops);
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > this.now()) {
      // Re-inserting moves the key to the end of the Map's order: the most recently used.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached.plan;
    }
    const entry: Entry = { plan: Promise.resolve(null), expiresAt: Infinity };
    entry.plan = new Promise<RoutePlan | null>((resolve) => resolve(this.inner.route(stops))).then(
      (answer) => {
        if (answer && this.isFallback(answer)) entry.expiresAt = this.now() + this.fallbackTtlMs;
        return answer && freeze(answer);
      },
      (error: unknown) => {
        // A failed ask is not remembered: the next page asks again.
        if (this.entries.get(key) === entry) this.entries.delete(key);
        throw error;
      },
    );
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.size) this.entries.delete(this.entries.keys().next().value!);
    return entry.plan;
  }

  /** How many routes are held (answered or under way). */
  get cachedCount(): number {
    return this.entries.size;
  }
}

/** The stops rounded to 5 decimals, "lat,lng;lat,lng…": stops that differ by less share a route. */
export function cacheKey(stops: readonly LatLng[]): string {
  return stops.map(([lat, lng]) => `${rounded(lat)},${rounded(lng)}`).join(";");
}

// Adding 0 turns -0 into 0, so a stop just west of Greenwich and one on it share a key.
const rounded = (degrees: number) => (Math.round(degrees * 1e5) / 1e5 + 0).toFixed(5);

// Shared answers are frozen, so a caller that changes one by mistake fails loudly instead of
// changing every later page's route.
function freeze(plan: RoutePlan): RoutePlan {
  Object.freeze(plan.points);
  return Object.freeze(plan);
}
