import { decodePolyline, type LatLng } from "#domain/maps/polyline.ts";
import { estimateRoute } from "./offline-router.ts";
import type { RoutePlan, RouteProvider } from "./provider.ts";

export const OSRM_TIMEOUT_MS = 3000;
const METRES_PER_MILE = 1609.344;

/** Where a failed ask is reported: a reason and the HTTP status, never the service's address (it may carry a key). */
export type RouterWarn = (details: { router: string; reason: string; status?: number }, message: string) => void;

export type OsrmRouterOptions = {
  /**
   * The service's base URL, e.g. "https://router.example/osrm". Its query string (a key) is kept on
   * every ask; a user and password in it are sent as HTTP Basic authorization (fetch refuses URLs
   * that carry them).
   */
  baseUrl: string;
  timeoutMs?: number;
  warn?: RouterWarn;
  fetch?: typeof globalThis.fetch;
};

/**
 * Road routes from a hosted OSRM-compatible service (`/route/v1/driving/…`): its drawn geometry and
 * road distance. Anything short of a good answer within the timeout (no answer, an error status, a
 * "code" other than "Ok", a malformed body) gives the offline estimate instead, so a page never waits
 * on or fails with the service.
 */
export class OsrmRouter implements RouteProvider {
  readonly name = "osrm";
  private readonly baseUrl: URL;
  private readonly headers: Record<string, string> = { accept: "application/json" };
  private readonly timeoutMs: number;
  private readonly warn: RouterWarn;
  private readonly fetch: typeof globalThis.fetch;

  constructor(options: OsrmRouterOptions) {
    this.baseUrl = new URL(options.baseUrl);
    if (this.baseUrl.username || this.baseUrl.password) {
      const credentials = `${decodeURIComponent(this.baseUrl.username)}:${decodeURIComponent(this.baseUrl.password)}`;
      this.headers.authorization = `Basic ${Buffer.from(credentials).toString("base64")}`;
      this.baseUrl.username = "";
      this.baseUrl.password = "";
    }
    this.timeoutMs = options.timeoutMs ?? OSRM_TIMEOUT_MS;
    this.warn = options.warn ?? (() => {});
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  async route(stops: readonly LatLng[]): Promise<RoutePlan | null> {
    if (stops.length < 2) return null;
    try {
      const response = await this.fetch(this.routeUrl(stops), { signal: AbortSignal.timeout(this.timeoutMs), headers: this.headers });
      if (!response.ok) {
        // The unread body would otherwise hold the connection until it is collected.
        await response.body?.cancel().catch(() => {});
        return this.fallBack(stops, "status", response.status);
      }
      const plan = readRoute(await response.json());
      return plan ?? this.fallBack(stops, "unreadable answer");
    } catch (error) {
      return this.fallBack(stops, failureReason(error));
    }
  }

  /** `{base}/route/v1/driving/{lng},{lat};…?overview=full&geometries=polyline`, the base's own query kept. */
  routeUrl(stops: readonly LatLng[]): string {
    const url = new URL(this.baseUrl);
    const coordinates = stops.map(([lat, lng]) => `${coordinate(lng)},${coordinate(lat)}`).join(";");
    url.pathname = `${url.pathname.replace(/\/+$/, "")}/route/v1/driving/${coordinates}`;
    url.searchParams.set("overview", "full");
    url.searchParams.set("geometries", "polyline");
    return url.toString();
  }

  private fallBack(stops: readonly LatLng[], reason: string, status?: number): RoutePlan | null {
    this.warn({ router: this.name, reason, ...(status === undefined ? {} : { status }) }, "Route service failed; using the offline estimate");
    return estimateRoute(stops);
  }
}

function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return "unreachable";
  if (error.name === "TimeoutError" || error.name === "AbortError") return "timeout";
  return error instanceof SyntaxError ? "unreadable answer" : "unreachable";
}

// Six decimals (about 10 cm) and never exponent notation, which the service would not read.
const coordinate = (degrees: number) => degrees.toFixed(6);

/** The first route of an OSRM answer as a plan, or null when the answer is not a usable route. */
export function readRoute(body: unknown): RoutePlan | null {
  if (!isRecord(body) || body.code !== "Ok" || !Array.isArray(body.routes)) return null;
  const [first] = body.routes as unknown[];
  if (!isRecord(first) || typeof first.geometry !== "string" || typeof first.distance !== "number" || !Number.isFinite(first.distance) || first.distance < 0) return null;
  const points = decodePolyline(first.geometry);
  if (points.length < 2) return null;
  return { points, miles: first.distance / METRES_PER_MILE, source: "osrm" };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
