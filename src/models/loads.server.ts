import { db } from "#db/client.server.ts";
import { namedAccount, type NamedAccount } from "#models/account-names.server.ts";
import { keptUntilWritten } from "#db/kept-until-written.server.ts";
import { stopsOf } from "#domain/loads/stops.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { actorOf, loadScope, runsLoad } from "#models/loads/access.server.ts";
import { jobFactsSelect } from "#models/jobs/facts.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A load: one lorry's worth of a job, run by a carrier (or the shipper's own fleet) and driven by a
// driver. Who may see and run it is in loads/access.server.ts; its lists, status changes,
// assignment and collection each have a file of their own in src/models/loads/.

// An account's drivers change seldom and every load page of its office, its loads list and the job
// form list them: kept until a user is written here or, through Redis, in another process. Never
// answered stale, however long the read took: whoever just added a driver must see them listed.
const keptDrivers = keptUntilWritten<readonly Driver[]>(["User"], { slowMs: Infinity });
type Driver = Readonly<{ id: number; name: string }>;

/** Drivers of an account, for the assign-driver select and the single-load job form. */
export function driversFor(accountId: number): Promise<readonly Driver[]> {
  return keptDrivers(String(accountId), async () => {
    const rows = await db().user.findMany({
      where: { accountId, role: "driver", removedAt: null },
      select: { id: true, name: true },
      orderBy: { name: "asc" },
    });
    return Object.freeze(rows.map((row) => Object.freeze(row)));
  });
}

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
    select: {
      id: true, status: true, shipperAccountId: true, locations: true,
      ...jobFactsSelect, // the columns the job field table fills: the Goods section (src/domain/loads/goods.ts)
    },
  },
  driver: { select: { id: true, name: true } },
} as const satisfies Prisma.LoadSelect;

// The companies' names are kept until an account is written (account-names), not read with the load.
type Named = NamedAccount | null;
type LoadRow = Prisma.LoadGetPayload<{ select: typeof loadDetailSelect }>;
type Stops = ReturnType<typeof stopsOf<LoadRow["job"]["locations"][number]>>;
export type LoadDetail = Omit<LoadRow, "job"> & {
  job: LoadRow["job"] & { shipperAccount: NamedAccount };
  carrierAccount: Named;
  stops: Stops;
  driverChoices: readonly Readonly<{ id: number; name: string }>[];
};

/**
 * The load if this user may see it; otherwise 404, exactly as if it did not exist. A carrier's own
 * account (and a driver's own name) are not read again: the scope guarantees they are the viewer's.
 * A carrier's office gets the account's drivers with it (the choices for the driver), and the
 * load's driver from among them; so does a shipper's office on a load its own fleet runs.
 */
export async function requireLoadFor(user: CurrentUser, id: unknown): Promise<LoadDetail> {
  const actor = actorOf(user);
  const shipper = actor === "shipper";
  const select = { ...loadDetailSelect, driver: shipper && loadDetailSelect.driver };
  const [row, carrierDrivers] = await Promise.all([
    db().load.findFirst({ where: { id: recordId(id), ...loadScope(user) }, select }),
    actor === "carrier" ? driversFor(user.accountId) : [],
  ]);
  const load = found(row);
  const [driverChoices, shipperAccount, carrierAccount] = await Promise.all([
    shipper && runsLoad(load, user) ? driversFor(user.accountId) : carrierDrivers,
    namedAccount(load.job.shipperAccountId),
    shipper ? (load.carrierAccountId === null ? null : namedAccount(load.carrierAccountId)) : { id: user.account.id, name: user.account.name },
  ]);
  const known = actor === "driver" ? [user] : driverChoices;
  return {
    ...load,
    job: { ...load.job, shipperAccount: found(shipperAccount) },
    carrierAccount,
    driver: shipper ? (load.driver ?? null) : await driverOf(load.driverId, known),
    driverChoices,
    // The stops the award wrote, by the same rule, without reading them back.
    stops: stopsOf(load, load.job.locations, load.job.jobType === "single"),
  };
}

/** The load's driver, from the people at hand, else (no longer one of the account's drivers) read. */
async function driverOf(driverId: number | null, known: readonly { id: number; name: string }[]) {
  if (driverId === null) return null;
  const person = known.find((p) => p.id === driverId);
  return person ?? db().user.findUnique({ where: { id: driverId }, select: { id: true, name: true } });
}

/** What a JSON caller learns after a change: the load's state now. */
export function loadState(load: { id: number }) {
  const select = { id: true, status: true, driverId: true, carrierAccountId: true } as const;
  return db().load.findUnique({ where: { id: load.id }, select });
}
