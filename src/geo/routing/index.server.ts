import { env, type Env } from "#lib/env.server.ts";
import { logger } from "#lib/logger.server.ts";
import { CachedRouter } from "./cached-router.ts";
import { OfflineRouter } from "./offline-router.ts";
import { OsrmRouter, type RouterWarn } from "./osrm-router.server.ts";
import type { RouteProvider } from "./provider.ts";

export type { RoutePlan, RouteProvider } from "./provider.ts";

export type RouterConfig = { provider: "offline" } | { provider: "osrm"; url: string; timeoutMs?: number };

/** The router the settings ask for: OSRM at ROUTER_URL when it is set, else the offline estimate. */
export function routerConfig(settings: Pick<Env, "ROUTER_URL">): RouterConfig {
  return settings.ROUTER_URL ? { provider: "osrm", url: settings.ROUTER_URL } : { provider: "offline" };
}

/**
 * The one place a router is chosen, always wrapped in the route cache. Another hosted router is added
 * as a class implementing RouteProvider, a new `provider` value here and its setting in
 * env.server.ts; pages do not change.
 */
export function createRouter(config: RouterConfig = { provider: "offline" }, warn: RouterWarn = defaultWarn): RouteProvider {
  switch (config.provider) {
    case "offline":
      return new CachedRouter(new OfflineRouter());
    case "osrm":
      return new CachedRouter(new OsrmRouter({ baseUrl: config.url, timeoutMs: config.timeoutMs, warn }), { isFallback: (plan) => plan.source !== "osrm" });
  }
}

const defaultWarn: RouterWarn = (details, message) => logger().warn(details, message);

let shared: RouteProvider | undefined;

/** The process-wide router (one cache shared by every request). */
export function router(): RouteProvider {
  shared ??= createRouter(routerConfig(env()));
  return shared;
}
