import { db } from "#db/client.server.ts";
import { corridorBox, detourMiles, offRoute } from "#domain/availability/corridor.ts";
import { CORRIDOR_MILES } from "#domain/availability/corridor.ts";
import { arrivalAt, collectionDays, type Journey, reachable } from "#domain/availability/reach.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { placeName } from "#domain/jobs/place-name.ts";
import { firstCollectionsIn } from "#models/jobs/first-collections.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { visibleToCarrierWhere } from "#models/jobs/sight.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The jobs along a planned empty journey (docs/availability.md): single loads on the board whose
// first collection lies within the corridor and on a day the vehicle can reach, of those the poster
// may see. The collections are read by day range and box (jobs/first-collections), then measured
// exactly; the jobs of the nearest are then read a page at a time.

/** At most this many jobs are listed (and matched when a journey is posted), least detour first. */
export const CORRIDOR_LIMIT = 50;
const CANDIDATES_PER_READ = 200;

export type Viewer = Pick<CurrentUser, "id" | "accountId" | "role">;
export type Candidate = { jobId: number; latitude: number; longitude: number; windowDate: Date; city: string | null; postCode: string | null; detourMiles: number };
export type AlongJob = Candidate & { collectionDay: Date; reference: string; collectionPlace: string; deliveryPlace: string; arrival: Date };

/** First collections in the corridor's box and the journey's days, measured exactly: in the corridor and reachable. */
export async function collectionsAlong(journey: Journey): Promise<Candidate[]> {
  const rows = await firstCollectionsIn(corridorBox(journey), collectionDays(journey));
  const candidates: Candidate[] = [];
  for (const { position: _first, ...row } of rows) {
    if (offRoute(journey, row).offMiles > CORRIDOR_MILES || !reachable(journey, row, row.windowDate)) continue;
    candidates.push({ ...row, detourMiles: detourMiles(journey, row) });
  }
  return candidates.sort((a, b) => a.detourMiles - b.detourMiles || a.jobId - b.jobId);
}

/** The jobs along the journey this carrier user may see and could quote on, least detour first. */
export async function jobsAlong(viewer: Viewer, journey: Journey, limit = CORRIDOR_LIMIT): Promise<AlongJob[]> {
  const [candidates, visible] = await Promise.all([collectionsAlong(journey), visibleToCarrierWhere(viewer)]);
  const found: AlongJob[] = [];
  for (let start = 0; start < candidates.length && found.length < limit; start += CANDIDATES_PER_READ) {
    const page = candidates.slice(start, start + CANDIDATES_PER_READ);
    const jobs = await openJobs(page.map((c) => c.jobId), { AND: [visible, jobScopes.onBoard] }, viewer.accountId);
    for (const candidate of page) {
      const job = jobs.get(candidate.jobId);
      if (job) found.push({ ...candidate, ...job, collectionDay: candidate.windowDate, collectionPlace: placeName(candidate), arrival: arrivalAt(journey, candidate) });
    }
  }
  return found.slice(0, limit);
}

/** Of these jobs, the single loads matching `where`, not the carrier's own account's, with their last delivery's place. */
async function openJobs(ids: number[], where: Prisma.JobWhereInput, accountId: number) {
  if (!ids.length) return new Map<number, { reference: string; deliveryPlace: string }>();
  const jobs = await db().job.findMany({
    where: { id: { in: ids }, jobType: "single", shipperAccountId: { not: accountId }, ...where },
    select: { id: true, reference: true, locations: { where: { kind: "delivery" }, select: { city: true, postCode: true, position: true } } },
  });
  return new Map(jobs.map((job) => {
    const last = job.locations.toSorted((a, b) => a.position - b.position).at(-1);
    return [job.id, { reference: job.reference, deliveryPlace: last ? placeName(last) : "Unknown place" }];
  }));
}

