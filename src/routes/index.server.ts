import { Router } from "express";
import type { Env } from "#lib/env.server.ts";
import type { SignInLimiter } from "#server/rate-limit.server.ts";
import { homeRouter } from "#routes/home.server.ts";
import { authRouter } from "#routes/auth.server.ts";
import { dashboardRouter } from "#routes/dashboard.server.ts";
import { adminRouter } from "#routes/admin.server.ts";
import { accountRouter } from "#routes/account.server.ts";
import { telemetryRouter } from "#routes/telemetry.server.ts";
import { serverTimeRouter } from "#routes/server-time.server.ts";
import { jobsRouter } from "#routes/jobs.server.ts";
import { biddingRouter } from "#routes/bidding.server.ts";
import { loadsRouter } from "#routes/loads.server.ts";
import { messagingRouter } from "#routes/messaging.server.ts";
import { notificationsRouter } from "#routes/notifications.server.ts";

export type RouteContext = { env: Env; signInLimiter: SignInLimiter };

export function routes(context: RouteContext): Router {
  const router = Router();
  router.use(serverTimeRouter());
  router.use(homeRouter());
  router.use(authRouter(context));
  router.use(telemetryRouter(context));
  router.use(dashboardRouter());
  router.use(accountRouter());
  router.use(adminRouter());
  router.use(jobsRouter());
  router.use(biddingRouter());
  router.use(loadsRouter());
  router.use(messagingRouter());
  router.use(notificationsRouter());
  return router;
}
