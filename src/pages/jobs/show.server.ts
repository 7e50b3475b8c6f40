import { isOfficeOf } from "#domain/accounts/team.ts";
import { paymentTermsFact } from "#domain/billing/labels.ts";
import { driverFact } from "#domain/jobs/driver-fact.ts";
import { jobFacts } from "#domain/jobs/form/facts.ts";
import { jobView } from "#domain/jobs/job-view.ts";
import { isBeforeAward, isCancellable } from "#domain/jobs/status.ts";
import { storedLoadEstimates } from "#domain/jobs/stored-values.ts";
import { loadSummary, scheduleSummary } from "#domain/jobs/summary.ts";
import { jobStream } from "#domain/messaging/streams.ts";
import { jobTrip } from "#geo/trips.server.ts";
import { streamTag } from "#lib/turbo.server.ts";
import { companyScores } from "#models/company-scores.server.ts";
import { canEditJob, type JobDetail } from "#models/jobs.server.ts";
import { loadDriversOf } from "#models/jobs/drivers.server.ts";
import { noteJobView } from "#models/jobs/invited.server.ts";
import { jobMessagingFor } from "#models/messages/conversation-view.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { biddingPanelFor } from "#pages/bidding-panel.server.ts";
import { scoreView } from "#pages/company-score-view.server.ts";
import { vehiclesForJobPath } from "#pages/availability/vehicles.server.ts";
import { audiencePanel } from "#pages/jobs/audience-panel.server.ts";
import { roadChargesPanel } from "#pages/road-charges.server.ts";

// The job page (views/jobs/show.ejs): the job's facts, its route, the bidding panel and the
// conversation, for the shipper who owns it or a carrier reading it; a carrier's office also sees
// the shipper's score (stars, days to pay, New on Loadline: one statement) before it quotes.

type Fact = { label: string; value: string };

/**
 * The Schedule and Load cards' rows: those made of several fields first, then the field table's own
 * facts; the schedule ends with the payment terms (none for a job posted before terms were kept).
 */
function factsOf(job: JobDetail, driver: Fact | null) {
  // The shipper's terms when it posted the job, for carriers to weigh before they quote.
  const terms = paymentTermsFact(job.paymentTermsDays);
  const schedule = [
    { label: "When", value: scheduleSummary(job) },
    { label: "Loads expected", value: String(job.expectedQuantity) },
    ...jobFacts(job, "schedule"),
    ...(driver ? [driver] : []),
    ...(terms ? [terms] : []),
  ];
  return { scheduleFacts: schedule, loadFacts: [{ label: "Load", value: loadSummary(job) }, ...jobFacts(job, "load")] };
}

export async function jobPage(user: CurrentUser, job: JobDetail) {
  const owner = isOfficeOf("shipper", user);
  // The shipper reads who drives the job's loads; the driver chosen on the form only until the award.
  // A carrier's office opening a job offered to its pools: the shipper sees that it has looked.
  const looking = isOfficeOf("carrier", user) && !job.onMarket ? noteJobView(job.id, user.accountId) : null;
  // Road charges are worked out from the route the map draws: no second ask of the router.
  const tripPlan = jobTrip(job);
  const [bidding, messaging, trip, loadDrivers, scores, roadCharges] = await Promise.all([
    biddingPanelFor(job, user),
    jobMessagingFor(user, job),
    tripPlan,
    owner && !isBeforeAward(job.status) ? loadDriversOf(job.id) : [],
    isOfficeOf("carrier", user) ? companyScores([job.shipperAccountId]) : null,
    tripPlan.then((found) => roadChargesPanel(user, job, found.plan)),
    looking,
  ]);
  const driver = owner ? driverFact(job, loadDrivers) : null;
  const shipperScore = scores?.get(job.shipperAccountId);
  return {
    title: job.reference, job, bidding, messaging, trip, owner, jobView, driver, roadCharges,
    shipper: shipperScore ? scoreView(shipperScore) : null,
    audience: owner ? audiencePanel(job) : null,
    vehiclesHref: vehiclesHrefFor(user, job, owner),
    canEdit: owner && canEditJob(job),
    canCancel: owner && isCancellable(job.status),
    liveTag: streamTag(jobStream(job.id)),
    ...factsOf(job, driver),
    pickups: job.locations.filter((location) => location.kind === "pickup"),
    deliveries: job.locations.filter((location) => location.kind === "delivery"),
    estimates: storedLoadEstimates(job.additionalData),
  };
}

/**
 * For the shipper's office while the job takes quotes: the carriers' planned empty journeys passing
 * its first collection that day (a collection without a day or a position has none to search).
 */
function vehiclesHrefFor(user: CurrentUser, job: JobDetail, owner: boolean): string | null {
  const first = job.locations.find((location) => location.kind === "pickup" && location.position === 0);
  const searchable = first?.windowDate && first.latitude != null && first.longitude != null;
  return owner && isOfficeOf("shipper", user) && isBeforeAward(job.status) && job.status !== "draft" && searchable ? vehiclesForJobPath(job.id) : null;
}
