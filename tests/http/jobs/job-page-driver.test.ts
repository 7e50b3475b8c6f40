import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The job page names who drives the job's loads: once awarded, the loads' drivers (a carrier puts
// one on each), not the driver field of the job form, which only the shipper's own fleet uses.

/** The job page's facts, label → value. */
async function factsOf(email: string, jobId: number): Promise<Record<string, string>> {
  const { browser } = await signedInAgent(email);
  const page = (await browser.get(`/jobs/${jobId}`).expect(200)).text;
  return Object.fromEntries([...page.matchAll(/<dt>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map((m) => [m[1]!, m[2]!]));
}

describe("the job page's driver", () => {
  it("is the driver of a delivered single load, not 'None yet'", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Dave Delivered" });
    const job = await createJob(shipper.accountId, shipper.id, { status: "completed", awardedAt: new Date() });
    await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, driverId: driver.id, status: "delivered", collectedAt: new Date(), deliveredAt: new Date() } });

    expect((await factsOf(shipper.email, job.id))["Assigned driver"]).toBe("Dave Delivered");
    // The carrier's page has no such row: who drives is between the carrier and the shipper's page.
    expect((await factsOf(carrier.email, job.id))["Assigned driver"]).toBeUndefined();
  });

  it("names every driver of a job's loads and how many loads still have none, leaving cancelled loads out", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const [ann, bob] = [await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Ann Road" }), await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Bob Lane" })];
    const job = await createJob(shipper.accountId, shipper.id, { status: "awarded", jobType: "multi", expectedQuantity: 5, awardedAt: new Date() });
    const loads: [number | null, string][] = [[bob.id, "driver_assigned"], [ann.id, "collected"], [ann.id, "driver_assigned"], [null, "assigned"], [null, "cancelled"]];
    for (const [i, [driverId, status]] of loads.entries()) await db().load.create({ data: { jobId: job.id, sequence: i + 1, carrierAccountId: carrier.accountId, driverId, status } });

    expect((await factsOf(shipper.email, job.id)).Drivers).toBe("Ann Road, Bob Lane; 1 load without a driver yet");
  });

  it("before the award is the shipper's own driver chosen on the form, or none yet", async () => {
    const shipper = await createShipper();
    const own = await createUser("shipper", { role: "driver", accountId: shipper.accountId, name: "Olly Own" });
    const chosen = await createJob(shipper.accountId, shipper.id, { assignedDriverId: own.id });
    const open = await createJob(shipper.accountId, shipper.id);
    expect((await factsOf(shipper.email, chosen.id))["Assigned driver"]).toBe("Olly Own");
    expect((await factsOf(shipper.email, open.id))["Assigned driver"]).toBe("None yet");
  });
});
