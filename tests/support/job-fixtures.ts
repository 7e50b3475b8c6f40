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

type FormFields = Record<string, unknown>;

/**
 * The job form as a browser posts it (`{ job: {...} }`): a single load of 20 EU pallets from Leeds
 * to Bristol. Override top-level fields; `pickups` / `deliveries` replace the location lists.
 */
export function jobFormBody(overrides: FormFields = {}): { job: FormFields } {
  return {
    job: {
      job_type: "single",
      reference: "Pallets to Bristol",
      loading_method: "rear",
      load_type: "palletised",
      pallet_type: "eu",
      quantity_eu: "20",
      total_weight: "9500",
      vehicle_types: ["curtain_side", "artic"],
      vehicle_spec: "standard",
      required_certifications: ["fors_silver"],
      timezone: "Europe/London",
      is_auction: "0",
      pickups: [{ city: "Leeds", post_code: "LS1 4AP", region: "England", country_code: "GB", latitude: "53.8", longitude: "-1.55", window_date: "2031-03-03", window_from: "08:00", window_to: "12:00" }],
      deliveries: [{ city: "Bristol", post_code: "BS1 6QF", region: "England", country_code: "GB", latitude: "51.45", longitude: "-2.59", window_date: "2031-03-04" }],
      ...overrides,
    },
  };
}

/**
 * URL-encodes nested fields the way a browser posts the job form: `job[pickups][0][city]=Leeds`,
 * `job[vehicle_types][]=box`. (supertest's own encoding writes `pickups[][city]`, which loses items.)
 */
export function formBody(fields: Record<string, unknown>): string {
  const params = new URLSearchParams();
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => add(typeof item === "object" && item !== null ? `${name}[${index}]` : `${name}[]`, item));
    } else if (typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) add(`${name}[${key}]`, inner);
    } else {
      params.append(name, String(value));
    }
  };
  for (const [key, value] of Object.entries(fields)) add(key, value);
  return params.toString();
}
