import { db } from "#db/client.server.ts";
import { JOURNEY_FIELDS, MAX_JOURNEY_DAYS } from "#domain/availability/input.ts";
import { CORRIDOR_MILES } from "#domain/availability/corridor.ts";
import { journeyOf, PLANNING_MPH } from "#domain/availability/reach.ts";
import { count } from "#domain/format/count.ts";
import { formatDate, formatDateTime } from "#domain/format/dates.ts";
import { VEHICLE_TYPES, labelFor } from "#domain/jobs/catalogue.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import { type JourneyRow, liveJourneysOf } from "#models/availability.server.ts";
import { type AlongJob, jobsAlong } from "#models/availability/corridor.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { visibleToCarrierWhere } from "#models/jobs/sight.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { fleetOf } from "#models/vehicles.server.ts";

// The planned-journey pages (views/availability): the company's live journeys, the form to post one,
// and one journey with the jobs along it, each linked to its job page to quote on it.

export const AVAILABILITY_PATH = "/availability";
export const NEW_JOURNEY_PATH = "/availability/new";
export const journeyPath = (id: number) => `${AVAILABILITY_PATH}/${id}`;

const milesText = (miles: number) => `${Math.round(miles)} ${Math.round(miles) === 1 ? "mile" : "miles"}`;

/** What a journey's row and heading say. */
function journeyView(row: JourneyRow) {
  return {
    id: row.id,
    path: journeyPath(row.id),
    deleteAction: journeyPath(row.id),
    route: `${row.fromPlace} → ${row.toPlace}`,
    fromText: formatDateTime(row.availableFrom),
    untilText: formatDateTime(row.availableUntil),
    vehicleText: [row.vehicle?.registration, labelFor(VEHICLE_TYPES, row.vehicleType)].filter(Boolean).join(" · "),
  };
}

/**
 * The company's live journeys, each with how many of the jobs found along it are still open to this
 * viewer (a job since awarded, withdrawn or out of sight is not counted, so the number never
 * promises more than the journey's own page lists).
 */
export async function journeysPage(user: CurrentUser) {
  const [journeys, visible] = await Promise.all([liveJourneysOf(user), visibleToCarrierWhere(user)]);
  const counts = await db().availabilityMatch.groupBy({
    by: ["availabilityId"],
    where: { availabilityId: { in: journeys.map((j) => j.id) }, job: { AND: [visible, jobScopes.onBoard] } },
    _count: { _all: true },
  });
  const found = new Map(counts.map((row) => [row.availabilityId, row._count._all]));
  return {
    title: "Planned journeys",
    newHref: NEW_JOURNEY_PATH,
    corridorMiles: CORRIDOR_MILES,
    journeys: journeys.map((row) => ({ ...journeyView(row), matchesText: count(found.get(row.id) ?? 0, "job") + " found" })),
  };
}

export type JourneyForm = { errors: FieldErrors; values: Record<string, unknown> };

/** The form to post a journey: the company's vehicles and the vehicle types, with any messages. */
export async function newJourneyPage(user: CurrentUser, form: JourneyForm = { errors: {}, values: {} }) {
  const vehicles = await fleetOf(user.accountId);
  return {
    title: Object.keys(form.errors).length ? "Error: Post a vehicle as available" : "Post a vehicle as available",
    action: AVAILABILITY_PATH,
    backHref: AVAILABILITY_PATH,
    fields: JOURNEY_FIELDS,
    maxDays: MAX_JOURNEY_DAYS,
    vehicles: vehicles.map((v) => ({ value: String(v.id), label: v.summary })),
    vehicleTypes: VEHICLE_TYPES,
    errors: form.errors,
    values: form.values,
  };
}

function alongRow(job: AlongJob) {
  return {
    jobId: job.jobId,
    reference: job.reference,
    jobHref: `/jobs/${job.jobId}`,
    collectionText: `${job.collectionPlace}, ${formatDate(job.collectionDay)}`,
    deliveryPlace: job.deliveryPlace,
    detourText: milesText(job.detourMiles),
    arrivalText: formatDateTime(job.arrival),
  };
}

/** One journey and the jobs along it that its viewer may see. */
export async function journeyPage(user: CurrentUser, journey: JourneyRow) {
  const view = journeyView(journey);
  const jobs = await jobsAlong(user, journeyOf(journey));
  return {
    title: `Planned journey ${view.route}`,
    backHref: AVAILABILITY_PATH,
    journey: view,
    live: journey.availableUntil.getTime() > Date.now(),
    corridorMiles: CORRIDOR_MILES,
    planningMph: PLANNING_MPH,
    rows: jobs.map(alongRow),
  };
}
