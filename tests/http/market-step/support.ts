import { db } from "#db/client.server.ts";
import { savedFilters } from "#domain/jobs/saved-search.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob, type JobOverrides } from "../../support/job-fixtures.ts";

// A shipper with a pool of one carrier, and jobs it offers that pool first, delivering to a region of
// the test's own so searches saved by one test never match another's jobs.

export type Person = Awaited<ReturnType<typeof createShipper>>;

let pools = 0;

export const MINUTE = 60_000;

export function saveSearch(user: { id: number }, name: string, query: Record<string, string>) {
  return db().savedSearch.create({ data: { userId: user.id, name, filters: savedFilters.serialise(savedFilters.fromQuery(query)) } });
}

/** A pool of this shipper holding these carrier companies. */
export function poolOf(shipper: Person, carriers: Person[]) {
  return db().pool.create({
    data: {
      shipperAccountId: shipper.accountId, name: `Regulars ${++pools}`, createdById: shipper.id,
      members: { create: carriers.map((carrier) => ({ carrierAccountId: carrier.accountId })) },
    },
  });
}

/** A job offered to the pool first, its market step due a minute ago, delivering to Glasgow in `region`. */
export function invitedJob(shipper: Person, poolId: number, region: string, overrides: JobOverrides = {}) {
  return createJob(shipper.accountId, shipper.id, {
    audience: "pools_then_market", onMarket: false, marketAt: new Date(Date.now() - MINUTE),
    delivery: { city: "Glasgow", region, countryCode: "GB", postCode: "G1 1AA", address: "1 George Sq" },
    pools: { create: [{ poolId }] },
    ...overrides,
  });
}

export async function world() {
  const shipper = await createShipper({ company: "Northwind Foods" });
  const member = await createCarrier({ company: "Pennine Haulage" });
  const outsider = await createCarrier({ company: "Severn Freight" });
  const pool = await poolOf(shipper, [member]);
  return { shipper, member, outsider, pool };
}

export const noticesOf = (kind: string, path: string) =>
  db().notification.findMany({ where: { kind, path }, select: { userId: true, title: true, body: true }, orderBy: { userId: "asc" } });

export const jobOf = (id: number) =>
  db().job.findUniqueOrThrow({ where: { id }, select: { onMarket: true, marketReachedAt: true, marketSkippedAt: true, deadlineNotifiedAt: true } });
