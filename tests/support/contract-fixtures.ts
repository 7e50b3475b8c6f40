import { db } from "#db/client.server.ts";
import { createJob } from "./job-fixtures.ts";
import { createCarrier, createShipper, createUser } from "./fixtures.ts";

/**
 * A contract job awarded (by the usual award) to `carrier`, whose quote was accepted with 3 loads; a
 * second bidder declined; a driver of the winning carrier; an unrelated carrier; and a single-load
 * job awarded to the same carrier (nothing to sign there).
 */
export async function awardedContract() {
  const shipper = await createShipper({ name: "Sarah Shipper", company: "Northwind Foods" });
  const carrier = await createCarrier({ name: "Callum Carrier", company: "Pennine Haulage" });
  const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Dave Driver" });
  const loser = await createCarrier({ name: "Lou Loser" });
  const outsider = await createCarrier({ name: "Olly Outsider" });
  const job = await createJob(shipper.accountId, shipper.id, {
    status: "awarded",
    jobType: "contract",
    reference: "Chilled runs to Leeds",
    contractDuration: "six_months",
    startDate: new Date("2027-01-04T00:00:00Z"),
    expectedQuantity: 3,
    awardedAt: new Date(),
  });
  const quote = await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 42_500, numberOfLoads: 3, status: "accepted" } });
  await db().quote.create({ data: { jobId: job.id, carrierAccountId: loser.accountId, placedById: loser.id, valueCents: 50_000, numberOfLoads: 3, status: "declined" } });
  await db().load.createMany({
    data: [1, 2, 3].map((sequence) => ({ jobId: job.id, sequence, carrierAccountId: carrier.accountId, quoteId: quote.id, status: "assigned", priceCents: 42_500 })),
  });
  const single = await createJob(shipper.accountId, shipper.id, { status: "awarded", reference: "One-off pallets" });
  await db().quote.create({ data: { jobId: single.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 30_000, numberOfLoads: 1, status: "accepted" } });
  return { shipper, carrier, driver, loser, outsider, job, quote, single };
}
