import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";

type LocationInput = Omit<Prisma.JobLocationCreateWithoutJobInput, "kind">;

export type JobOverrides = Partial<Omit<Prisma.JobUncheckedCreateInput, "shipperAccountId" | "createdById" | "locations">> & {
  pickup?: LocationInput;
  delivery?: LocationInput;
  /** Replaces the default pickup + delivery pair entirely. */
  locations?: Prisma.JobLocationCreateWithoutJobInput[];
};

let sequence = 0;

/**
 * An open single-load palletised job from Leeds to Bristol (one pickup, one delivery), ready for
 * quotes. Override any Job column; `pickup` / `delivery` change the default locations.
 */
export async function createJob(shipperAccountId: number, createdById: number, overrides: JobOverrides = {}) {
  const { pickup, delivery, locations, ...columns } = overrides;
  const n = ++sequence;
  return db().job.create({
    data: {
      shipperAccountId,
      createdById,
      reference: `Test job ${n}`,
      status: "open",
      jobType: "single",
      expectedQuantity: 1,
      loadType: "palletised",
      palletType: "standard",
      quantityStandard: 20,
      publishedAt: new Date(),
      ...columns,
      locations: {
        create: locations ?? [
          { kind: "pickup", position: 0, city: "Leeds", countryCode: "GB", postCode: "LS1 4AP", address: "1 Wellington St", windowDate: new Date("2027-03-03T00:00:00Z"), windowFrom: "08:00", windowTo: "12:00", ...pickup },
          { kind: "delivery", position: 0, city: "Bristol", countryCode: "GB", postCode: "BS1 6QF", address: "2 Temple Way", windowDate: new Date("2027-03-04T00:00:00Z"), windowFrom: "09:00", windowTo: "17:00", ...delivery },
        ],
      },
    },
    include: { locations: true },
  });
}

/** An auction job: opens and closes at the given times (ms or Date); status follows the clock. */
export function createAuctionJob(shipperAccountId: number, createdById: number, opensAt: number | Date, closesAt: number | Date, overrides: JobOverrides = {}) {
  const opens = new Date(opensAt);
  const closes = new Date(closesAt);
  const status = Date.now() < opens.getTime() ? "scheduled" : "live";
  return createJob(shipperAccountId, createdById, { isAuction: true, auctionOpensAt: opens, auctionClosesAt: closes, status, ...overrides });
}
