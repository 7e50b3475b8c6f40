import { db } from "#db/client.server.ts";
import type { OtherTabLoads } from "#domain/loads/empty-list.ts";
import { loadNumber } from "#domain/loads/load-number.ts";
import { FINISHED_LOAD_STATUSES, type LoadListView } from "#domain/loads/status.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { actorOf, isDriverAssignable, loadScope } from "#models/loads/access.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The loads list's queries: one page of a user's loads, the jobs they belong to, and how many each
// tab holds.

export const LOADS_PER_PAGE = 50;

const locationSummary = {
  select: { kind: true, position: true, city: true, countryCode: true },
  orderBy: [{ kind: "asc" }, { position: "asc" }],
} satisfies Prisma.Job$locationsArgs;

const byJobOrder = [{ jobId: "desc" }, { sequence: "asc" }] satisfies Prisma.LoadOrderByWithRelationInput[];
const latestDeliveryFirst = [
  { deliveryDate: { sort: "desc", nulls: "last" } }, { id: "desc" },
] satisfies Prisma.LoadOrderByWithRelationInput[];
const soonestCollectionFirst = [
  { pickupDate: { sort: "asc", nulls: "last" } }, { jobId: "asc" }, { sequence: "asc" },
] satisfies Prisma.LoadOrderByWithRelationInput[];

type ListOptions = { page?: number; jobId?: number | null; view?: LoadListView };

/**
 * One page of loads in a fixed handful of queries (no count: one extra row says whether a next
 * page exists): a shipper's grouped by job, newest job first, with the carrier; a carrier's by
 * collection date (undated last) with the driver; a driver's by collection date. Only the loads
 * still to run, or with `view: "finished"` the delivered and cancelled ones (latest delivery first
 * for a carrier or driver). `jobId` keeps to one job's loads.
 */
export async function loadsFor(user: CurrentUser, { page = 1, jobId = null, view = "current" }: ListOptions = {}) {
  const actor = actorOf(user);
  const byJob = actor === "shipper";
  const finished = view === "finished";
  const status = finished ? { in: [...FINISHED_LOAD_STATUSES] } : { notIn: [...FINISHED_LOAD_STATUSES] };
  const rows = await db().load.findMany({
    where: { ...loadScope(user), ...(jobId === null ? {} : { jobId }), status },
    select: {
      id: true, sequence: true, status: true, driverId: true, pickupDate: true, deliveryDate: true, priceCents: true,
      job: { select: { id: true, reference: true, jobType: true, locations: locationSummary } },
      carrierAccount: byJob ? { select: { name: true } } : false,
      driver: actor === "carrier" ? { select: { name: true } } : false,
    },
    orderBy: byJob ? byJobOrder : finished ? latestDeliveryFirst : soonestCollectionFirst,
    skip: (page - 1) * LOADS_PER_PAGE,
    take: LOADS_PER_PAGE + 1,
  });
  const loads = rows.slice(0, LOADS_PER_PAGE).map((row) => ({
    ...withRoute({ ...row, carrierAccount: row.carrierAccount ?? null, driver: row.driver ?? null }),
    number: loadNumber(row.job.reference, row.sequence),
    canAssignDriver: actor === "carrier" && isDriverAssignable(row.status),
  }));
  return { page, hasNext: rows.length > LOADS_PER_PAGE, byJob, view, loads };
}

/** How many of this user's loads (one job's, with `jobId`) are still to run, delivered and cancelled. */
export async function otherTabLoads(user: CurrentUser, jobId: number | null): Promise<OtherTabLoads> {
  const where = { ...loadScope(user), ...(jobId === null ? {} : { jobId }) };
  const rows = await db().load.groupBy({ by: ["status"], where, _count: { _all: true } });
  const loadsIn = (status: string) => rows.find((row) => row.status === status)?._count._all ?? 0;
  const finished = FINISHED_LOAD_STATUSES.reduce((sum, status) => sum + loadsIn(status), 0);
  const all = rows.reduce((sum, row) => sum + row._count._all, 0);
  return { toRun: all - finished, delivered: loadsIn("delivered"), cancelled: loadsIn("cancelled") };
}

/** The jobs this user sees loads of, newest first: the shipper's job switcher. */
export function jobsWithLoadsFor(user: CurrentUser) {
  return db().job.findMany({
    where: { loads: { some: loadScope(user) } },
    select: { id: true, reference: true },
    orderBy: { id: "desc" },
  });
}

type Place = { kind: string; city: string | null; countryCode: string | null };

function withRoute<T extends { job: { locations: Place[] } }>(load: T) {
  const pickup = load.job.locations.find((l) => l.kind === "pickup");
  const delivery = load.job.locations.filter((l) => l.kind === "delivery").at(-1);
  return { ...load, from: placeName(pickup), to: placeName(delivery) };
}

const placeName = (l: Omit<Place, "kind"> | undefined) =>
  (l ? [l.city, l.countryCode].filter(Boolean).join(", ") : "—");
