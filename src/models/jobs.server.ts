import { jobSummarySelect } from "#models/jobs/summary.server.ts";
import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import type { JobFormData } from "#domain/jobs/form/parse.ts";
import {
  NOT_CANCELLABLE, NOT_EDITABLE, SHIPPER_TABS, isCancellable, openingTab, isOutForQuotes, isEditable, publishRefusal, publishedStatus, type ShipperTab,
} from "#domain/jobs/status.ts";
import { OWN_DRIVER_TOO_LATE, isForOwnDriver, statusOnPublish } from "#domain/jobs/own-fleet.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { jobColumnsOf, locationColumnsOf } from "#domain/jobs/form/stored.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { addressLine } from "#domain/format/address.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { wakeAuctionClock } from "#models/auctions.server.ts";
import { locatedAll } from "#models/jobs/locations.server.ts";
import { recordMatches } from "#models/saved-searches.server.ts";
import { notifyAll, refreshJobPages, refreshQuotesPages } from "#models/notifications/after-commit.server.ts";
import { recordJobCo2e } from "#models/jobs/co2e.server.ts";
import { afterOwnFleetAward, createOwnFleetLoads } from "#models/award/own-fleet.server.ts";

export type Intent = "draft" | "publish" | "save";
export type JobWrite = Result<{ id: number }>;
/** A saved job form: the job and the status it was saved in. */
export type JobSave = Result<{ id: number; status: string }>;

export const jobDetailInclude = {
  locations: { orderBy: [{ kind: "desc" }, { position: "asc" }, { id: "asc" }] },
  assignedDriver: { select: { id: true, name: true } },
  _count: { select: { quotes: { where: { status: "accepted" } } } },
} as const satisfies Prisma.JobInclude;
export type JobDetail = Prisma.JobGetPayload<{ include: typeof jobDetailInclude }>;


export const hasAcceptedQuote = (job: JobDetail) => job._count.quotes > 0;
export const canEditJob = (job: JobDetail) => isEditable({ status: job.status, hasAcceptedQuote: hasAcceptedQuote(job) });

/** One of the shipper's own jobs, for its office; any other job (or anyone else, its drivers too) is a 404. */
export async function requireOwnJob(user: CurrentUser, id: unknown): Promise<JobDetail> {
  found(isOfficeOf("shipper", user));
  return found(await db().job.findFirst({ where: { id: recordId(id), shipperAccountId: user.accountId }, include: jobDetailInclude }));
}

/** The job page: the shipper's own job, or a published job a carrier may read; otherwise 404. */
export async function requireViewableJob(user: CurrentUser, id: unknown): Promise<JobDetail> {
  if (user.account.kind === "shipper") return requireOwnJob(user, id);
  found(user.account.kind === "carrier");
  // The shipper's choice of driver is theirs alone: a carrier's page neither shows nor reads it.
  const job = found(await db().job.findFirst({ where: { id: recordId(id), ...jobScopes.visibleToCarrier(user) }, include: { ...jobDetailInclude, assignedDriver: false } }));
  return { ...job, assignedDriver: null };
}

/** Problems only the database can see: the driver must be one of the account's drivers, still on it. */
async function accountErrors(data: JobFormData, user: CurrentUser): Promise<Record<string, string> | null> {
  if (data.assignedDriverId === null) return null;
  const driver = await db().user.findFirst({ where: { id: data.assignedDriverId, accountId: user.accountId, role: "driver", removedAt: null }, select: { id: true } });
  return driver ? null : { assigned_driver_id: "Choose a driver from the list" };
}

async function withCoordinates(data: JobFormData): Promise<JobFormData> {
  const [pickups, deliveries] = await Promise.all([locatedAll(data.pickups), locatedAll(data.deliveries)]);
  return { ...data, pickups, deliveries };
}

function locationRows(data: JobFormData) {
  return [...data.pickups.map((l) => locationColumnsOf("pickup", l)), ...data.deliveries.map((l) => locationColumnsOf("delivery", l))];
}

/**
 * A new job from the form: saved as a draft, or published (open tender, or a scheduled/live
 * auction; a single load for the shipper's own driver is awarded to its own fleet at once, with its
 * load, in one transaction).
 */
export async function createJob(user: CurrentUser, form: JobFormData, intent: Intent): Promise<JobSave> {
  const now = Date.now();
  const refusal = intent === "publish" ? publishRefusal(form, now) : null;
  const errors = refusal ?? (await accountErrors(form, user));
  if (errors) return refused(errors);
  const data = await withCoordinates(form);
  const published = intent === "publish";
  const status = published ? statusOnPublish(data, now) : "draft";
  const create = (client: Tx | ReturnType<typeof db>) =>
    client.job.create({
      data: {
        ...jobColumnsOf(data),
        shipperAccountId: user.accountId,
        createdById: user.id,
        status,
        publishedAt: published ? new Date(now) : null,
        awardedAt: status === "awarded" ? new Date(now) : null,
        locations: { create: locationRows(data) },
      },
      select: { id: true, isAuction: true },
    });
  const job = status !== "awarded" ? await create(db()) : await db().$transaction(async (tx) => {
    const created = await create(tx);
    await createOwnFleetLoads(tx, created.id, ownFleetOf(user, data));
    return created;
  });
  await recordJobCo2e(job.id); // its loads' CO2e, as the dashboard adds it up
  if (status === "awarded") await afterOwnFleetAward(job.id);
  else if (published && job.isAuction) wakeAuctionClock();
  if (published && status !== "awarded") await recordMatches(job.id);
  return ok({ id: job.id, status });
}

/** Who runs a job for the shipper's own driver: the shipper's account, with that driver. */
const ownFleetOf = (user: CurrentUser, data: JobFormData) => ({ accountId: user.accountId, driverId: data.assignedDriverId! });

/** The status after an edit: a draft stays one unless published; a published job follows its auction times. */
function statusAfterEdit(current: string, data: JobFormData, intent: Intent, now: number): string {
  if (current === "draft") return intent === "publish" ? statusOnPublish(data, now) : "draft";
  return isOutForQuotes(current) ? publishedStatus(data, now) : current;
}

/**
 * Saves the form over the job, its locations added, changed and removed in place. Refused once a
 * quote has been accepted (or the job has moved past bidding), checked in the same write.
 */
export async function updateJob(job: JobDetail, user: CurrentUser, form: JobFormData, intent: Intent): Promise<JobSave> {
  if (!canEditJob(job)) return refusedBase(NOT_EDITABLE, 409);
  const now = Date.now();
  const status = statusAfterEdit(job.status, form, intent, now);
  const tooLate = isOutForQuotes(job.status) && isForOwnDriver(form) ? { assigned_driver_id: OWN_DRIVER_TOO_LATE } : null;
  const errors = tooLate ?? (status !== "draft" ? publishRefusal(form, now) : null) ?? (await accountErrors(form, user));
  if (errors) return refused(errors);
  const data = await withCoordinates(form);
  const ownFleet = status === "awarded";
  const saved = await db().$transaction(async (tx) => {
    if (!(await saveColumns(tx, job, data, status, now))) return false;
    await syncLocations(tx, job, data);
    if (ownFleet) await createOwnFleetLoads(tx, job.id, ownFleetOf(user, data));
    return true;
  });
  if (!saved) return refusedBase(NOT_EDITABLE, 409);
  await recordJobCo2e(job.id); // the route or vehicle types may have changed
  if (ownFleet) await afterOwnFleetAward(job.id);
  else if (data.isAuction && status !== "draft") wakeAuctionClock();
  if (status !== "draft" && !ownFleet) await recordMatches(job.id);
  // Carriers reading the job (and its other open pages) see the edited job, not the one they opened.
  if (job.status !== "draft") await refreshJobPages(job.id);
  return ok({ id: job.id, status });
}

type Tx = Prisma.TransactionClient;

/** The job's own columns, only while it is still as the form found it (no quote accepted since). */
async function saveColumns(tx: Tx, job: JobDetail, data: JobFormData, status: string, now: number): Promise<boolean> {
  const publishedAt = job.publishedAt ?? (status !== "draft" ? new Date(now) : null);
  const awardedAt = status === "awarded" ? new Date(now) : job.awardedAt;
  const { count } = await tx.job.updateMany({
    where: { id: job.id, status: job.status, quotes: { none: { status: "accepted" } } },
    data: { ...jobColumnsOf(data), status, publishedAt, awardedAt },
  });
  return count > 0;
}

/** Removes the locations the form removed, updates the ones it kept and adds the new ones. */
async function syncLocations(tx: Tx, job: JobDetail, data: JobFormData): Promise<true> {
  const ours = new Set(job.locations.map((location) => location.id));
  const destroyed = new Set(data.destroyedLocationIds.filter((id) => ours.has(id)));
  if (destroyed.size) await tx.jobLocation.deleteMany({ where: { jobId: job.id, id: { in: [...destroyed] } } });
  const sides = [...data.pickups.map((l) => ["pickup", l] as const), ...data.deliveries.map((l) => ["delivery", l] as const)];
  for (const [kind, location] of sides) {
    const columns = locationColumnsOf(kind, location);
    const kept = location.id !== null && ours.has(location.id) && !destroyed.has(location.id);
    if (kept) await tx.jobLocation.update({ where: { id: location.id! }, data: columns });
    else await tx.jobLocation.create({ data: { ...columns, jobId: job.id } });
  }
  return true;
}

/**
 * Withdraws the job before award; its quotes stay for the record. The carriers who quoted are told,
 * and their open "My quotes" pages show the quote lost; the job's open pages stop taking quotes.
 */
export async function cancelJob(job: JobDetail): Promise<JobWrite> {
  if (!isCancellable(job.status)) return refusedBase(NOT_CANCELLABLE, 409);
  const { count } = await db().job.updateMany({
    where: { id: job.id, ...jobScopes.beforeAward, quotes: { none: { status: "accepted" } } },
    data: { status: "cancelled", cancelledAt: new Date() },
  });
  if (!count) return refusedBase(NOT_CANCELLABLE, 409);
  await notifyAll([{ kind: "job_cancelled", jobId: job.id }]);
  const bidders = await db().quote.findMany({ where: { jobId: job.id, status: { not: "withdrawn" } }, select: { carrierAccountId: true } });
  await Promise.all([refreshJobPages(job.id), refreshQuotesPages(bidders.map((q) => q.carrierAccountId))]);
  return ok({ id: job.id });
}

const listSelect = {
  ...jobSummarySelect,
  updatedAt: true,
  _count: { select: { quotes: { where: { status: "active" } } } },
} as const satisfies Prisma.JobSelect;
export type JobListRow = Prisma.JobGetPayload<{ select: typeof listSelect }>;

export const SHIPPER_PAGE_SIZE = 50;

/**
 * One page of the shipper's jobs in a tab (newest first), how many jobs each tab holds, and the tab:
 * the one asked for (`tabAsked`, a ?status= value), or the first that has jobs (openingTab).
 */
export async function jobsForShipper(user: CurrentUser, tabAsked: unknown, pageAsked = 1) {
  const byStatus = await db().job.groupBy({ by: ["status"], where: { shipperAccountId: user.accountId }, _count: { _all: true } });
  const counts = Object.fromEntries(
    SHIPPER_TABS.map((t) => [t.value, byStatus.filter((row) => (t.statuses as readonly string[]).includes(row.status)).reduce((sum, row) => sum + row._count._all, 0)]),
  ) as Record<ShipperTab, number>;
  const { value: tab, statuses } = openingTab(tabAsked, counts);
  const pages = Math.max(1, Math.ceil(counts[tab] / SHIPPER_PAGE_SIZE));
  const page = Math.min(pageAsked, pages);
  const jobs = await db().job.findMany({
    where: { shipperAccountId: user.accountId, status: { in: [...statuses] } },
    select: listSelect,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    skip: (page - 1) * SHIPPER_PAGE_SIZE,
    take: SHIPPER_PAGE_SIZE,
  });
  return { tab, jobs, counts, page, pages };
}

/** Places the account has used before, offered first by the address autocomplete. */
export async function recentPlaces(user: CurrentUser, limit = 8) {
  const rows = await db().jobLocation.findMany({
    where: { job: { shipperAccountId: user.accountId }, latitude: { not: null } },
    select: { fullAddress: true, address: true, city: true, postCode: true, region: true, countryCode: true, companyName: true, latitude: true, longitude: true },
    orderBy: { id: "desc" },
    take: 50,
  });
  const newestByLabel = new Map<string, PlaceRow>();
  for (const row of rows) {
    const label = addressLine(row, { company: true, country: false });
    if (label && !newestByLabel.has(label)) newestByLabel.set(label, row);
  }
  return [...newestByLabel].slice(0, limit).map(([label, row]) => suggestionOf(label, row));
}

type PlaceRow = { address: string | null; city: string | null; postCode: string | null; region: string | null; countryCode: string | null; companyName: string | null; latitude: number | null; longitude: number | null };

/** A stored place as the address autocomplete offers it. */
function suggestionOf(label: string, row: PlaceRow) {
  return {
    label,
    ...(row.companyName ? { name: row.companyName } : {}),
    address: row.address ?? undefined,
    city: row.city ?? undefined,
    post_code: row.postCode ?? undefined,
    region: row.region ?? undefined,
    country_code: row.countryCode ?? undefined,
    latitude: row.latitude ?? undefined,
    longitude: row.longitude ?? undefined,
  };
}
