import { db } from "#db/client.server.ts";
import { loadStream } from "#domain/messaging/streams.ts";
import { refreshStream } from "#lib/turbo.server.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { stopsOf } from "#domain/loads/stops.ts";
import { loadNumber } from "#domain/loads/load-number.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { type CarrierSelectorRequest, isSamePlace } from "#domain/loads/carrier-selector.ts";
import { FINISHED_LOAD_STATUSES, type LoadActor, type LoadListView, canTransition, isBeforeCollection, isLoadStatus, loadActorFor, nextStatuses } from "#domain/loads/status.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { notifyAll } from "#models/quotes.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { type OtherTabLoads, pointerToOtherTab } from "#domain/loads/empty-list.ts";

export const LOADS_PER_PAGE = 50;

export function actorOf(user: CurrentUser): LoadActor {
  return found(loadActorFor({ role: user.role, accountKind: user.account.kind }));
}

/**
 * Every load this user may see: the shipper's jobs, the carrier's loads, the driver's own (a
 * carrier's driver, or a shipper's on a load its own fleet runs: the account running a load is its
 * carrier account either way).
 */
export function loadScope(user: CurrentUser): Prisma.LoadWhereInput {
  const actor = actorOf(user);
  if (actor === "shipper") return { job: { shipperAccountId: user.accountId } };
  if (actor === "carrier") return { carrierAccountId: user.accountId };
  return { carrierAccountId: user.accountId, driverId: user.id };
}

/** The rule of loadScope for a load already in hand. */
export function loadVisibleTo(load: { shipperAccountId: number; carrierAccountId: number | null; driverId: number | null }, user: CurrentUser): boolean {
  const actor = actorOf(user);
  if (actor === "shipper") return load.shipperAccountId === user.accountId;
  return load.carrierAccountId === user.accountId && (actor === "carrier" || load.driverId === user.id);
}

/** Drivers of an account, for the assign-driver select and the single-load job form. */
export function driversFor(accountId: number): Promise<{ id: number; name: string }[]> {
  return db().user.findMany({ where: { accountId, role: "driver", removedAt: null }, select: { id: true, name: true }, orderBy: { name: "asc" } });
}

const locationSummary = {
  select: { kind: true, position: true, city: true, countryCode: true },
  orderBy: [{ kind: "asc" }, { position: "asc" }],
} satisfies Prisma.Job$locationsArgs;

/**
 * One page of loads in a fixed handful of queries (no count: one extra row says whether a next
 * page exists): a shipper's grouped by job, newest job first, with the carrier; a carrier's by
 * collection date (undated last) with the driver; a driver's by collection date. Only the loads
 * still to run, or with `view: "finished"` the delivered and cancelled ones (latest delivery first
 * for a carrier or driver). `jobId` keeps to one job's loads.
 */
export async function loadsFor(user: CurrentUser, { page = 1, jobId = null, view = "current" }: { page?: number; jobId?: number | null; view?: LoadListView } = {}) {
  const actor = actorOf(user);
  const byJob = actor === "shipper";
  const finished = view === "finished";
  const rows = await db().load.findMany({
    where: { ...loadScope(user), ...(jobId === null ? {} : { jobId }), status: finished ? { in: [...FINISHED_LOAD_STATUSES] } : { notIn: [...FINISHED_LOAD_STATUSES] } },
    select: {
      id: true,
      sequence: true,
      status: true,
      driverId: true,
      pickupDate: true,
      deliveryDate: true,
      priceCents: true,
      job: { select: { id: true, reference: true, jobType: true, locations: locationSummary } },
      carrierAccount: byJob ? { select: { name: true } } : false,
      driver: actor === "carrier" ? { select: { name: true } } : false,
    },
    orderBy: byJob ? [{ jobId: "desc" }, { sequence: "asc" }]
      : finished ? [{ deliveryDate: { sort: "desc", nulls: "last" } }, { id: "desc" }]
      : [{ pickupDate: { sort: "asc", nulls: "last" } }, { jobId: "asc" }, { sequence: "asc" }],
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

/**
 * The /loads page: one page of loads, optionally one job's (`job`, a record id: a job with none of
 * this user's loads is 404), with the shipper's job switcher and a carrier office's drivers.
 */
export async function loadsPageFor(user: CurrentUser, { page = 1, job, view = "current" }: { page?: number; job?: unknown; view?: LoadListView } = {}) {
  const actor = actorOf(user);
  const jobId = job === undefined || job === "" ? null : recordId(job);
  const [jobs, drivers] = await Promise.all([
    actor === "shipper" || jobId !== null ? jobsWithLoadsFor(user) : [],
    actor === "carrier" ? driversFor(user.accountId) : [],
  ]);
  if (jobId !== null) found(jobs.some((j) => j.id === jobId));
  const list = await loadsFor(user, { page, jobId, view });
  // An empty tab says where the loads are: how many the other tab holds.
  const elsewhere = list.loads.length === 0 && page === 1 ? pointerToOtherTab(view, await otherTabLoads(user, jobId)) : null;
  return { ...list, jobId, jobs: actor === "shipper" ? jobs : [], drivers, elsewhere };
}

/** How many of this user's loads (one job's, with `jobId`) are still to run, delivered and cancelled. */
async function otherTabLoads(user: CurrentUser, jobId: number | null): Promise<OtherTabLoads> {
  const rows = await db().load.groupBy({ by: ["status"], where: { ...loadScope(user), ...(jobId === null ? {} : { jobId }) }, _count: { _all: true } });
  const loadsIn = (status: string) => rows.find((row) => row.status === status)?._count._all ?? 0;
  const finished = FINISHED_LOAD_STATUSES.reduce((sum, status) => sum + loadsIn(status), 0);
  return { toRun: rows.reduce((sum, row) => sum + row._count._all, 0) - finished, delivered: loadsIn("delivered"), cancelled: loadsIn("cancelled") };
}

/** The jobs this user sees loads of, newest first: the shipper's job switcher. */
function jobsWithLoadsFor(user: CurrentUser) {
  return db().job.findMany({ where: { loads: { some: loadScope(user) } }, select: { id: true, reference: true }, orderBy: { id: "desc" } });
}

/** A carrier's office puts a driver on a load, or changes one, until it is collected. */
const isDriverAssignable = (status: string) => status === "assigned" || status === "driver_assigned";

/**
 * Drivers are put on a load by the office of the account running it: the carrier's, or the
 * shipper's on a load its own fleet runs (src/domain/jobs/own-fleet.ts).
 */
export const runsLoad = (load: { carrierAccountId: number | null }, user: CurrentUser) => actorOf(user) !== "driver" && load.carrierAccountId === user.accountId;

function withRoute<T extends { job: { locations: { kind: string; city: string | null; countryCode: string | null }[] } }>(load: T) {
  const pickup = load.job.locations.find((l) => l.kind === "pickup");
  const delivery = load.job.locations.filter((l) => l.kind === "delivery").at(-1);
  return { ...load, from: placeName(pickup), to: placeName(delivery) };
}

const placeName = (l: { city: string | null; countryCode: string | null } | undefined) => (l ? [l.city, l.countryCode].filter(Boolean).join(", ") : "—");

/** The job's columns that say what its loads carry: the load page's Goods (src/domain/loads/goods.ts). */
const jobGoodsSelect = {
  numberOfLoads: true, isAuction: true, loadCondition: true, vehicleSpec: true, requiredCertifications: true, palletType: true, quantityEu: true, quantityStandard: true,
  quantityEuDouble: true, quantityStandardDouble: true, quantityOther: true, palletSize: true, containerSize: true, loadQuantity: true, totalWeightKg: true, additionalNotes: true, customsPaperwork: true,
} as const satisfies Prisma.JobSelect;

const loadDetailSelect = {
  id: true,
  jobId: true,
  sequence: true,
  status: true,
  carrierAccountId: true,
  driverId: true,
  vehicleId: true,
  priceCents: true,
  pickupDate: true,
  deliveryDate: true,
  collectedAt: true,
  deliveredAt: true,
  job: {
    select: { id: true, reference: true, jobType: true, status: true, shipperAccountId: true, loadType: true, vehicleTypes: true, shipperAccount: { select: { id: true, name: true } }, locations: true, timezone: true, ...jobGoodsSelect },
  },
  carrierAccount: { select: { id: true, name: true } },
  driver: { select: { id: true, name: true } },
} as const satisfies Prisma.LoadSelect;

type LoadRow = Prisma.LoadGetPayload<{ select: typeof loadDetailSelect }>;
export type LoadDetail = LoadRow & { stops: ReturnType<typeof stopsOf<LoadRow["job"]["locations"][number]>>; driverChoices: { id: number; name: string }[] };

/**
 * The load if this user may see it; otherwise 404, exactly as if it did not exist. A carrier's own
 * account (and a driver's own name) are not read again: the scope guarantees they are the viewer's.
 * A carrier's office gets the account's drivers with it (the choices for the driver), and the
 * load's driver from among them; so does a shipper's office on a load its own fleet runs.
 */
export async function requireLoadFor(user: CurrentUser, id: unknown): Promise<LoadDetail> {
  const actor = actorOf(user);
  const select = { ...loadDetailSelect, carrierAccount: actor === "shipper" && loadDetailSelect.carrierAccount, driver: actor === "shipper" && loadDetailSelect.driver };
  const [row, carrierDrivers] = await Promise.all([
    db().load.findFirst({ where: { id: recordId(id), ...loadScope(user) }, select }),
    actor === "carrier" ? driversFor(user.accountId) : [],
  ]);
  const load = found(row);
  const driverChoices = actor === "shipper" && runsLoad(load, user) ? await driversFor(user.accountId) : carrierDrivers;
  return {
    ...load,
    carrierAccount: actor === "shipper" ? (load.carrierAccount ?? null) : { id: user.account.id, name: user.account.name },
    driver: actor === "shipper" ? (load.driver ?? null) : await driverOf(load.driverId, actor === "driver" ? [user] : driverChoices),
    driverChoices,
    // The stops the award wrote, by the same rule, without reading them back.
    stops: stopsOf(load, load.job.locations, load.job.jobType === "single"),
  };
}

/** The load's driver, from the people at hand, else (no longer one of the account's drivers) read. */
async function driverOf(driverId: number | null, known: readonly { id: number; name: string }[]) {
  if (driverId === null) return null;
  return known.find((person) => person.id === driverId) ?? db().user.findUnique({ where: { id: driverId }, select: { id: true, name: true } });
}

type Outcome = Result;

/**
 * The office running the load (a carrier's, or an own-fleet shipper's) puts one of its drivers on
 * it, changes driver, or (driverId null) takes them off.
 */
export async function assignDriver(load: LoadDetail, user: CurrentUser, driverId: number | null): Promise<Outcome> {
  if (!runsLoad(load, user)) return refusedBase("Only your office can assign drivers");
  if (driverId === null) {
    if (load.status !== "driver_assigned") return refused({ driver_id: "Choose a driver" });
    return moveStatus(load, "assigned", { driverId: null }, ["driver_assigned"]);
  }
  const driver = await db().user.findFirst({ where: { id: driverId, accountId: user.accountId, role: "driver", removedAt: null }, select: { id: true } });
  if (!driver) return refused({ driver_id: "Choose one of your drivers" });
  if (!isDriverAssignable(load.status)) return refusedBase("A driver can only be assigned before collection");
  const outcome = await moveStatus(load, "driver_assigned", { driverId }, ["assigned", "driver_assigned"]);
  if (outcome.ok) await notifyAll([{ kind: "driver_assigned", loadId: load.id, driverId }]);
  return outcome;
}

/** A status change by the table in src/domain/loads/status.ts, for the actor this user is. */
export async function changeLoadStatus(load: LoadDetail, user: CurrentUser, status: unknown): Promise<Outcome> {
  if (!isLoadStatus(status) || !canTransition(load.status, status, actorOf(user))) {
    return refused({ status: `This load cannot be marked ${String(status).replaceAll("_", " ")} now` });
  }
  if (status === "delivered") return refused({ status: PROOF_FIRST });
  // A collection is recorded with its checks and its event by markCollected (load-collection.server.ts).
  if (status === "collected") return refused({ status: "Mark the load collected from its page" });
  const outcome = await moveStatus(load, status, {}, [load.status]);
  if (outcome.ok) await afterStatusChange(load, status);
  return outcome;
}

export const PROOF_FIRST = "Record the proof of delivery to mark this load delivered";

/** What follows any change of a load's status: the job's own status, notifications, and open load pages refreshed. */
export async function afterStatusChange(load: { id: number; jobId: number }, status: string) {
  await progressJob(load.jobId, status);
  await notifyAll([{ kind: "load_status", loadId: load.id, status }]);
  await broadcastTo(loadStream(load.id), refreshStream());
}

/** This user may see the load (its page, its live updates). */
export async function canSeeLoad(user: CurrentUser, loadId: number): Promise<boolean> {
  return (await db().load.count({ where: { id: loadId, ...loadScope(user) } })) > 0;
}

/** The shipper hands a load (also one nobody won) to a carrier whose quote was accepted. */
export async function moveLoad(load: LoadDetail, user: CurrentUser, input: { carrierAccountId: number; pickupDate: Date | null }): Promise<Outcome> {
  found(actorOf(user) === "shipper");
  if (!isBeforeCollection(load.status)) return refusedBase("This load has already been collected");
  const quote = await db().quote.findFirst({ where: { jobId: load.jobId, carrierAccountId: input.carrierAccountId, status: "accepted" }, select: { id: true, valueCents: true } });
  if (!quote) return refused({ carrier_account_id: "Choose a carrier whose quote you accepted" });
  const sameCarrier = input.carrierAccountId === load.carrierAccountId;
  const outcome = await db().$transaction(async (tx) => {
    const data = sameCarrier ? {} : { carrierAccountId: input.carrierAccountId, quoteId: quote.id, priceCents: quote.valueCents, driverId: null, vehicleId: null, status: "assigned" };
    const { count } = await tx.load.updateMany({ where: { id: load.id, status: load.status }, data: { ...data, ...(input.pickupDate ? { pickupDate: input.pickupDate } : {}) } });
    if (!count) return refusedBase("This load changed meanwhile; please try again", 409);
    if (input.pickupDate) await tx.loadStop.updateMany({ where: { loadId: load.id, jobLocation: { kind: "pickup" } }, data: { windowDate: input.pickupDate } });
    return ok();
  });
  if (outcome.ok && !sameCarrier) await notifyAll([{ kind: "load_assigned", loadId: load.id, carrierAccountId: input.carrierAccountId }]);
  return outcome;
}

// Compare-and-set on the status read, so two people acting at once cannot both move the load.
async function moveStatus(load: LoadDetail, status: string, data: Prisma.LoadUncheckedUpdateManyInput, from: string[]): Promise<Outcome> {
  const { count } = await db().load.updateMany({ where: { id: load.id, status: { in: from } }, data: { ...data, status } });
  return count ? ok() : refusedBase("This load changed meanwhile; please reload and try again", 409);
}

/** The job follows its loads: in progress at the first collection, completed when none is left to run. */
async function progressJob(jobId: number, status: string) {
  if (status === "collected") {
    await db().job.updateMany({ where: { id: jobId, status: "awarded" }, data: { status: "in_progress" } });
  } else if (status === "delivered" || status === "cancelled") {
    const open = await db().load.count({ where: { jobId, status: { notIn: ["delivered", "cancelled"] } } });
    if (open === 0) await db().job.updateMany({ where: { id: jobId, status: { in: ["awarded", "in_progress"] }, loads: { some: { status: "delivered" } } }, data: { status: "completed" } });
  }
}

/** What the load page offers this user: status buttons from the table, driver and carrier changes. */
export function loadActions(load: LoadDetail, user: CurrentUser) {
  const actor = actorOf(user);
  return {
    actor,
    statuses: nextStatuses(load.status, actor).filter((s) => s !== "assigned" && s !== "driver_assigned"),
    canAssignDriver: runsLoad(load, user) && isDriverAssignable(load.status),
    // An own-fleet load has no carrier's quote to hand it to.
    canMove: actor === "shipper" && !runsLoad(load, user) && isBeforeCollection(load.status),
  };
}

export type CarrierChoice = { id: number; name: string; priceCents: number; loadsThatDay: number; collectsNearby: boolean };

/**
 * The carriers a shipper may hand a load of this job to (those whose quote was accepted), with how
 * busy each already is for this shipper on the chosen day and whether they collect in that place.
 * Only the job's shipper may ask; anyone else gets 404.
 */
export async function carrierChoices(user: CurrentUser, request: CarrierSelectorRequest) {
  found(isOfficeOf("shipper", user));
  const job = found(await db().job.findFirst({ where: { id: request.job_id, shipperAccountId: user.accountId }, select: { id: true } }));
  const quotes = await db().quote.findMany({
    where: { jobId: job.id, status: "accepted" },
    select: { carrierAccountId: true, valueCents: true, carrierAccount: { select: { name: true } } },
    orderBy: { valueCents: "asc" },
  });
  const day = request.date ? new Date(`${request.date}T00:00:00Z`) : null;
  const sameDay = day
    ? await db().load.findMany({
        where: { job: { shipperAccountId: user.accountId }, carrierAccountId: { in: quotes.map((q) => q.carrierAccountId) }, pickupDate: day, status: { not: "cancelled" } },
        select: { carrierAccountId: true, stops: { where: { jobLocation: { kind: "pickup" } }, select: { jobLocation: { select: { city: true, countryCode: true } } } } },
      })
    : [];
  const choices: CarrierChoice[] = quotes.map((q) => {
    const theirs = sameDay.filter((l) => l.carrierAccountId === q.carrierAccountId);
    return {
      id: q.carrierAccountId,
      name: q.carrierAccount.name,
      priceCents: q.valueCents,
      loadsThatDay: theirs.length,
      collectsNearby: theirs.some((l) => l.stops.some((s) => isSamePlace({ city: s.jobLocation.city, country: s.jobLocation.countryCode }, request.address))),
    };
  });
  return { choices, selectedId: request.carrier_account_id ?? null, date: request.date, address: request.address };
}

/** What a JSON caller learns after a change: the load's state now. */
export function loadState(load: { id: number }) {
  return db().load.findUnique({ where: { id: load.id }, select: { id: true, status: true, driverId: true, carrierAccountId: true } });
}
