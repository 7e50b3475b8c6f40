import { db } from "#db/client.server.ts";
import { inOfficeOf } from "#domain/accounts/team.ts";
import { returnLoadFit, type Fit } from "#domain/return-loads/fit.ts";
import { boundingBox, milesApart, type Point } from "#domain/return-loads/geometry.ts";
import { RETURN_LOADS_LIMIT, type ReturnLoadsQuery } from "#domain/return-loads/query.ts";
import { type DateWindow, returnWindow } from "#domain/return-loads/window.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { HttpError } from "#lib/errors.server.ts";
import { placeName } from "#domain/jobs/place-name.ts";
import { firstCollectionsIn, type FirstCollection } from "#models/jobs/first-collections.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { visibleToCarrierWhere } from "#models/jobs/sight.server.ts";
import { carrierBase } from "#models/return-loads/base.server.ts";
import { type LoadDetail, requireLoadFor } from "#models/loads.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Return loads (docs/return-loads.md): open jobs this carrier may see whose first collection is
// within a radius of where one of its loads ends, on the delivery day or the next two. The
// collections in the radius's box on those days are read first (jobs/first-collections), then
// measured exactly; only single loads take part (a schedule's collections have no day).

export const RETURN_LOADS_FOR_OFFICE = "Return loads are for your office: ask them which load to take home";

/** The carrier's own load (another account's is 404, as its page is); its drivers are refused. */
export async function requireReturnLoadsLoad(user: CurrentUser, id: unknown): Promise<LoadDetail> {
  const load = await requireLoadFor(user, id);
  if (!inOfficeOf("carrier", load.carrierAccountId, user)) throw new HttpError(403, RETURN_LOADS_FOR_OFFICE);
  return load;
}

/** Where the lorry is empty: the load's last delivery with a known position, and its day. */
export type EmptyAt = Point & { day: Date; city: string };

export function emptyAtOf(load: LoadDetail): EmptyAt | null {
  const last = load.stops.filter(({ jobLocation: at }) => at.kind === "delivery" && at.latitude != null && at.longitude != null).at(-1);
  const { latitude, longitude, city, postCode } = last?.jobLocation ?? {};
  const day = last?.windowDate ?? load.deliveryDate;
  if (latitude == null || longitude == null || !day) return null;
  return { latitude, longitude, day, city: city || postCode || "" };
}

/** Jobs read at a time (each id a bound parameter: well inside every database's limit). */
const CANDIDATES_PER_READ = 200;

export type ReturnLoad = Fit & {
  jobId: number; reference: string; collectionPlace: string; collectionDay: Date; deliveryPlace: string;
};
export type ReturnLoads = { emptyAt: EmptyAt | null; base: Point | null; window: DateWindow | null; loads: ReturnLoad[] };

/** The return loads for this load, nearest collection first, at most RETURN_LOADS_LIMIT. */
export async function returnLoadsFor(user: CurrentUser, load: LoadDetail, query: ReturnLoadsQuery): Promise<ReturnLoads> {
  const emptyAt = emptyAtOf(load);
  const [base, visible] = await Promise.all([carrierBase(user.accountId), visibleToCarrierWhere(user)]);
  if (!emptyAt) return { emptyAt, base, window: null, loads: [] };
  const window = returnWindow(emptyAt.day);
  // Inside the box is not yet inside the radius: each collection is measured exactly, nearest first;
  // then the jobs of those this carrier may see, with their deliveries, are read in one go.
  const near = (await firstCollectionsIn(boundingBox(emptyAt, query.radius), window))
    .map((place) => ({ place, miles: milesApart(emptyAt, place) }))
    .filter((candidate) => candidate.miles <= query.radius && candidate.place.jobId !== load.jobId)
    .sort((a, b) => a.miles - b.miles || a.place.jobId - b.place.jobId);
  const loads: ReturnLoad[] = [];
  // The candidates' jobs are read nearest first, a page at a time, until enough fit: usually one page.
  for (let start = 0; start < near.length && loads.length < RETURN_LOADS_LIMIT; start += CANDIDATES_PER_READ) {
    const page = near.slice(start, start + CANDIDATES_PER_READ);
    const jobs = await visibleJobs(page.map((candidate) => candidate.place.jobId), { AND: [visible, jobScopes.onBoard] });
    for (const { place } of page) {
      const job = jobs.get(place.jobId);
      const fit = job && returnLoad(place, job, emptyAt, base, query.radius);
      if (fit && (query.towards === "anywhere" || !base || fit.towardsBase)) loads.push(fit);
    }
  }
  return { emptyAt, base, window, loads: loads.slice(0, RETURN_LOADS_LIMIT) };
}

function returnLoad(row: FirstCollection, job: Job, emptyAt: Point, base: Point | null, radius: number): ReturnLoad {
  const delivery = lastDelivery(job.locations);
  const at = delivery && delivery.latitude != null && delivery.longitude != null ? { latitude: delivery.latitude, longitude: delivery.longitude } : null;
  return {
    ...returnLoadFit(emptyAt, row, at, base, radius),
    jobId: job.id, reference: job.reference, collectionPlace: placeName(row), collectionDay: row.windowDate,
    deliveryPlace: delivery ? placeName(delivery) : "Unknown place",
  };
}

type Place = { latitude: number | null; longitude: number | null; city: string | null; postCode: string | null; position: number };
type Job = { id: number; reference: string; locations: Place[] };

const placeSelect = { latitude: true, longitude: true, city: true, postCode: true, position: true } as const;

/** Of these jobs, the single loads matching `where` (what the carrier may see), with their deliveries. */
async function visibleJobs(ids: number[], where: Prisma.JobWhereInput): Promise<Map<number, Job>> {
  if (!ids.length) return new Map();
  const jobs = await db().job.findMany({
    where: { id: { in: ids }, jobType: "single", ...where },
    select: { id: true, reference: true, locations: { where: { kind: "delivery" }, select: placeSelect } },
  });
  return new Map(jobs.map((job) => [job.id, job]));
}

const lastDelivery = (places: Place[]) => places.toSorted((a, b) => a.position - b.position).at(-1) ?? null;

