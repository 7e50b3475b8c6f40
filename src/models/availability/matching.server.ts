import { db } from "#db/client.server.ts";
import { OFFICE_ROLES } from "#domain/accounts/team.ts";
import { CORRIDOR_MILES, detourMiles, inCorridor } from "#domain/availability/corridor.ts";
import { journeyOf, reachable } from "#domain/availability/reach.ts";
import { boundingBox } from "#domain/return-loads/geometry.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { logger } from "#lib/logger.server.ts";
import { jobsAlong, type Viewer } from "#models/availability/corridor.server.ts";
import { onTheRoad, routeOverlaps } from "#models/availability/live.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { visibleToCarrierWhere } from "#models/jobs/sight.server.ts";
import { notifyAll } from "#models/notifications/after-commit.server.ts";
import type { JourneyMatched } from "#models/availability/notices.server.ts";

// A job along a planned empty journey is recorded once (unique journey and job) and its poster told
// at once; the hourly e-mail follows (availability/digest). Matched when a journey is posted (the
// jobs already on the board) and when a job is published or reaches the market (the live journeys
// passing its first collection: one query over journeys whose route box meets the collection's box).

/** The poster, when still in the carrier's office: only they are told, and only of jobs they may see. */
const POSTERS = { removedAt: null, role: { in: [...OFFICE_ROLES] }, account: { kind: "carrier" } } satisfies Prisma.UserWhereInput;
const posterSelect = { id: true, accountId: true, role: true } as const;
/** Live journeys read for one job's collection, at most: far more than pass any one place on one day. */
const JOURNEYS_PER_JOB = 500;

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";
const journeyName = (row: { fromPlace: string; toPlace: string }) => `${row.fromPlace} → ${row.toPlace}`;

export type MatchTarget = { journeyIds: number[] } | { jobId: number };

/** Records and tells the matches of these journeys, or of this job. Never throws (the write that called it stands); answers how many. */
export async function recordJourneyMatches(target: MatchTarget): Promise<number> {
  try {
    const matches = "jobId" in target ? await matchesOfJob(target.jobId) : await matchesOfJourneys(target.journeyIds);
    const recorded = await recordEach(matches);
    if (recorded.length) await notifyAll([{ kind: "journey_match", matches: recorded }]);
    return recorded.length;
  } catch (err) {
    logger().error({ err, target }, "recording planned-journey matches failed");
    return 0;
  }
}

async function matchesOfJourneys(ids: number[]): Promise<JourneyMatched[]> {
  const journeys = await db().vehicleAvailability.findMany({
    where: { id: { in: ids }, user: POSTERS },
    select: { id: true, fromPlace: true, toPlace: true, fromLatitude: true, fromLongitude: true, toLatitude: true, toLongitude: true, availableFrom: true, availableUntil: true, user: { select: posterSelect } },
  });
  const matches: JourneyMatched[] = [];
  for (const journey of journeys) {
    const along = await jobsAlong(journey.user, journeyOf(journey));
    matches.push(...along.map((job) => ({ availabilityId: journey.id, jobId: job.jobId, userId: journey.user.id, journey: journeyName(journey), detourMiles: Math.round(job.detourMiles) })));
  }
  return matches;
}

/** The live journeys passing the job's first collection on its day, whose posters may see the job. */
async function matchesOfJob(jobId: number): Promise<JourneyMatched[]> {
  const pickup = await db().jobLocation.findFirst({
    where: { jobId, kind: "pickup", position: 0, latitude: { not: null }, longitude: { not: null }, windowDate: { not: null }, job: { jobType: "single", ...jobScopes.onBoard } },
    select: { latitude: true, longitude: true, windowDate: true, job: { select: { shipperAccountId: true } } },
  });
  if (!pickup) return [];
  const place = { latitude: pickup.latitude!, longitude: pickup.longitude! };
  const day = pickup.windowDate!;
  const journeys = await db().vehicleAvailability.findMany({
    where: {
      AND: [routeOverlaps(boundingBox(place, CORRIDOR_MILES)), onTheRoad(day), { availableUntil: { gt: new Date() } }],
      accountId: { not: pickup.job.shipperAccountId }, user: POSTERS, matches: { none: { jobId } },
    },
    select: { id: true, fromPlace: true, toPlace: true, fromLatitude: true, fromLongitude: true, toLatitude: true, toLongitude: true, availableFrom: true, availableUntil: true, user: { select: posterSelect } },
    orderBy: { id: "asc" },
    take: JOURNEYS_PER_JOB,
  });
  const fitting = journeys.filter((row) => {
    const journey = journeyOf(row);
    return inCorridor(journey, place) && reachable(journey, place, day);
  });
  const seeing = await accountsSeeing(jobId, fitting.map((row) => row.user));
  return fitting.filter((row) => seeing.has(row.user.accountId)).map((row) => {
    const detour = Math.round(detourMiles(journeyOf(row), place));
    return { availabilityId: row.id, jobId, userId: row.user.id, journey: journeyName(row), detourMiles: detour };
  });
}

/** The carrier companies (one of their office users asking) that may see the job: a query per company. */
async function accountsSeeing(jobId: number, posters: Viewer[]): Promise<Set<number>> {
  const byAccount = new Map(posters.map((poster) => [poster.accountId, poster]));
  const seeing = new Set<number>();
  for (const [accountId, poster] of byAccount) {
    const where = await visibleToCarrierWhere(poster);
    if (await db().job.findFirst({ where: { id: jobId, AND: [where, jobScopes.onBoard] }, select: { id: true } })) seeing.add(accountId);
  }
  return seeing;
}

/** Records each match once: one another request recorded first is left out (it has told). */
async function recordEach(matches: JourneyMatched[]): Promise<JourneyMatched[]> {
  const recorded: JourneyMatched[] = [];
  for (const match of matches) {
    try {
      await db().availabilityMatch.create({ data: { availabilityId: match.availabilityId, jobId: match.jobId } });
      recorded.push(match);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return recorded;
}
