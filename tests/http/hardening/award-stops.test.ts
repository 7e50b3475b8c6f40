import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { finishInterruptedAwards } from "#models/loads/stops.server.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

async function awardedJob(loads: number) {
  const shipper = await createShipper();
  const carrier = await createCarrier();
  const job = await createJob(shipper.accountId, shipper.id, {
    jobType: "multi", frequency: "daily", numberOfLoads: 1, expectedQuantity: loads,
    startDate: new Date("2027-03-01T00:00:00Z"), endDate: new Date("2027-12-31T00:00:00Z"),
  });
  await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: loads, status: "active" } });
  expect(await awardJob(job.id)).toMatchObject({ ok: true, loads });
  return job;
}

const stopsOf = (jobId: number) =>
  db().loadStop.findMany({ where: { load: { jobId } }, select: { loadId: true, jobLocationId: true, windowDate: true }, orderBy: [{ loadId: "asc" }, { jobLocationId: "asc" }] });

describe("an award's loads and stops", () => {
  it("gives every load one stop per location, due on the load's own days", async () => {
    const job = await awardedJob(30);
    const loads = await db().load.findMany({ where: { jobId: job.id }, select: { id: true, sequence: true, pickupDate: true, deliveryDate: true, createdAt: true }, orderBy: { sequence: "asc" } });
    expect(loads.map((load) => load.sequence)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(loads[0]!.pickupDate?.toISOString()).toBe("2027-03-01T00:00:00.000Z");
    expect(loads[0]!.createdAt).toBeInstanceOf(Date);
    const stops = await stopsOf(job.id);
    expect(stops).toHaveLength(60);
    const first = stops.filter((stop) => stop.loadId === loads[0]!.id).map((stop) => stop.windowDate?.toISOString());
    expect(first.sort()).toEqual([loads[0]!.pickupDate!.toISOString(), loads[0]!.deliveryDate!.toISOString()].sort());
  });

  it("finishes at start-up the stops an interrupted award left unwritten, exactly once", async () => {
    const job = await awardedJob(12);
    const complete = await stopsOf(job.id);
    const interrupted = await db().load.findMany({ where: { jobId: job.id, sequence: { gt: 5 } }, select: { id: true } });
    await db().loadStop.deleteMany({ where: { loadId: { in: interrupted.map((load) => load.id) } } });
    expect(await stopsOf(job.id)).toHaveLength(10);

    expect(await finishInterruptedAwards()).toBe(14);
    expect(await stopsOf(job.id)).toEqual(complete);
    expect(await finishInterruptedAwards()).toBe(0);
  });
});
