import { db } from "#db/client.server.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// Accepted prices for the price guide's tests: awarded jobs on a lane, one delivered load each at
// its price. Each test uses its own lane (postcode areas), so other tests' awards never join it.

export type Place = { postCode: string; latitude: number; longitude: number };

export const PLACES = {
  truro: { postCode: "TR1 2HE", latitude: 50.263, longitude: -5.051 },
  lerwick: { postCode: "ZE1 0AA", latitude: 60.155, longitude: -1.145 },
  llandrindod: { postCode: "LD1 5AB", latitude: 52.241, longitude: -3.379 },
  stornoway: { postCode: "HS1 2BG", latitude: 58.209, longitude: -6.387 },
  wick: { postCode: "KW1 4AA", latitude: 58.441, longitude: -3.094 },
  galashiels: { postCode: "TD1 1AA", latitude: 55.615, longitude: -2.807 },
  plymouth: { postCode: "PL1 1AA", latitude: 50.371, longitude: -4.143 },
  inverness: { postCode: "IV1 1AA", latitude: 57.478, longitude: -4.224 },
  aberdeen: { postCode: "AB10 1AA", latitude: 57.149, longitude: -2.094 },
  carlisle: { postCode: "CA1 1AA", latitude: 54.892, longitude: -2.932 },
  torquay: { postCode: "TQ1 1AA", latitude: 50.463, longitude: -3.525 },
  york: { postCode: "YO1 7HH", latitude: 53.96, longitude: -1.081 },
  hereford: { postCode: "HR1 2AA", latitude: 52.056, longitude: -2.716 },
  swindon: { postCode: "SN1 1AA", latitude: 51.558, longitude: -1.781 },
} satisfies Record<string, Place>;

type Lane = { from: Place; to: Place; vehicleTypes?: string[]; loadType?: string };

/** One awarded job per price, from the shippers in turn (each a fresh shipper account). */
export async function acceptPrices(lane: Lane, prices: readonly number[], shipperCount: number, awardedAt = new Date()) {
  const shippers = await Promise.all(Array.from({ length: shipperCount }, () => createShipper()));
  const carrier = await createCarrier({ documents: false });
  for (const [i, priceCents] of prices.entries()) {
    const shipper = shippers[i % shipperCount]!;
    const job = await createJob(shipper.accountId, shipper.id, {
      status: "completed", awardedAt, vehicleTypes: JSON.stringify(lane.vehicleTypes ?? ["curtain_side"]), loadType: lane.loadType ?? "palletised",
      pickup: { postCode: lane.from.postCode, latitude: lane.from.latitude, longitude: lane.from.longitude },
      delivery: { postCode: lane.to.postCode, latitude: lane.to.latitude, longitude: lane.to.longitude },
    });
    await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, priceCents, status: "delivered" } });
  }
  return { shippers, carrier };
}
