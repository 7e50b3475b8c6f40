import { Router } from "express";
import { geocoder } from "#geo/index.server.ts";
import type { Env } from "#lib/env.server.ts";
import { accountRouter } from "#routes/account.server.ts";
import { adminRouter } from "#routes/admin.server.ts";
import { apiKeysRouter } from "#routes/api-keys.server.ts";
import { attachmentsRouter } from "#routes/attachments.server.ts";
import { authRouter } from "#routes/auth.server.ts";
import { billingDetailsRouter } from "#routes/billing-details.server.ts";
import { companiesRouter } from "#routes/companies.server.ts";
import { complianceRouter } from "#routes/compliance.server.ts";
import { companyBlocksRouter } from "#routes/company-blocks.server.ts";
import { biddingRouter } from "#routes/bidding.server.ts";
import { chartsRouter } from "#routes/charts.server.ts";
import { dashboardRouter } from "#routes/dashboard.server.ts";
import { extraChargesRouter } from "#routes/extra-charges.server.ts";
import { GEO_PATHS, geoRouter } from "#routes/geo.server.ts";
import { homeRouter } from "#routes/home.server.ts";
import { creditNotesRouter } from "#routes/credit-notes.server.ts";
import { invoicesRouter } from "#routes/invoices.server.ts";
import { jobsRouter } from "#routes/jobs.server.ts";
import { loadTimelineRouter } from "#routes/load-timeline.server.ts";
import { loadsRouter } from "#routes/loads.server.ts";
import { messagingRouter } from "#routes/messaging.server.ts";
import { myQuotesRouter } from "#routes/my-quotes.server.ts";
import { notificationsRouter } from "#routes/notifications.server.ts";
import { poolsRouter } from "#routes/pools.server.ts";
import { priceGuideRouter } from "#routes/price-guide.server.ts";
import { proofOfDeliveryRouter } from "#routes/proof-of-delivery.server.ts";
import { proofReviewRouter } from "#routes/proof-review.server.ts";
import { returnLoadsRouter } from "#routes/return-loads.server.ts";
import { ratingsRouter } from "#routes/ratings.server.ts";
import { savedSearchesRouter } from "#routes/saved-searches.server.ts";
import { selfBillingAgreementsRouter } from "#routes/self-billing-agreements.server.ts";
import { serverTimeRouter } from "#routes/server-time.server.ts";
import { signaturesRouter } from "#routes/signatures.server.ts";
import { supportRouter } from "#routes/support.server.ts";
import { telemetryRouter } from "#routes/telemetry.server.ts";
import { teamRouter } from "#routes/team.server.ts";
import { trackingRouter } from "#routes/tracking.server.ts";
import { uploadsRouter } from "#routes/uploads.server.ts";
import { availabilityRouter } from "#routes/availability.server.ts";
import { roadChargesRouter } from "#routes/road-charges.server.ts";
import { vehiclesRouter } from "#routes/vehicles.server.ts";
import { webhooksRouter } from "#routes/webhooks.server.ts";
import { signedIn } from "#server/auth.server.ts";
import type { SignInLimiter } from "#server/rate-limit.server.ts";

export function routes({ env, signInLimiter }: { env: Env; signInLimiter: SignInLimiter }): Router {
  const places = geocoder();
  // Load the gazetteer at start-up so the first suggestion is quick; test apps load it on first use.
  if (env.NODE_ENV !== "test") places.warm?.();
  return Router()
    .use(serverTimeRouter())
    .use(homeRouter())
    .use(authRouter({ signInLimiter, env }))
    .use(telemetryRouter({ env }))
    .use(dashboardRouter())
    .use(accountRouter())
    .use(billingDetailsRouter(), apiKeysRouter(), webhooksRouter({ env }))
    .use(teamRouter({ env }))
    .use(complianceRouter(), companiesRouter(), companyBlocksRouter(), poolsRouter({ env }))
    .use(adminRouter())
    .get(GEO_PATHS, signedIn)
    .use(geoRouter(places))
    .use(jobsRouter())
    .use(savedSearchesRouter())
    .use(biddingRouter())
    .use(myQuotesRouter())
    .use(loadsRouter())
    .use(vehiclesRouter())
    .use(trackingRouter())
    .use(messagingRouter())
    .use(notificationsRouter())
    .use(uploadsRouter())
    .use(attachmentsRouter())
    .use(proofOfDeliveryRouter())
    .use(proofReviewRouter())
    .use(extraChargesRouter())
    .use(invoicesRouter())
    .use(selfBillingAgreementsRouter())
    .use(creditNotesRouter())
    .use(loadTimelineRouter(), returnLoadsRouter(), availabilityRouter())
    .use(ratingsRouter())
    .use(chartsRouter(), priceGuideRouter(), roadChargesRouter())
    .use(supportRouter())
    .use(signaturesRouter());
}
