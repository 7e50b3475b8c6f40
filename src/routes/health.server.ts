import { Router } from "express";
import { checkHealth } from "#server/health.server.ts";
import { isDraining } from "#server/draining.server.ts";

/**
 * GET /up (HEAD too), the one address for load balancers, kamal-proxy, Kubernetes readiness probes
 * and uptime monitors: 200 means "send traffic here". It answers 503 when the database or Redis does
 * not (naming which), and 503 {status:"draining"} once this process is shutting down, so traffic
 * moves elsewhere before the process goes. Mounted ahead of sessions and caches: a probe carries no
 * cookie, needs no CSRF token and is never rate limited; its requests are not logged one by one.
 * A liveness probe that restarts the process should not use it: a database outage is not cured by
 * restarting every server.
 */
export function healthRouter({ redisUrl }: { redisUrl?: string }): Router {
  return Router().get("/up", async (req, res) => {
    res.set("Cache-Control", "no-store");
    if (isDraining(req.app)) return res.status(503).json({ status: "draining" });
    const health = await checkHealth({ redisUrl });
    res.status(health.status === "ok" ? 200 : 503).json(health);
  });
}
