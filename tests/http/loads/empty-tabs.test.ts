import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// An empty tab of /loads says where the loads are when the other tab has some, with a link to it:
// a shipper whose only load is delivered is not told it has no loads.

const emptyState = (html: string) => /<div class="empty-state">([\s\S]*?)<\/div>/.exec(html)?.[1]?.replace(/\s+/g, " ").trim();

async function jobWithLoads(shipper: { accountId: number; id: number }, carrierAccountId: number, statuses: string[], driverId: number | null = null) {
  const job = await createJob(shipper.accountId, shipper.id, { status: "in_progress", awardedAt: new Date() });
  for (const [i, status] of statuses.entries()) await db().load.create({ data: { jobId: job.id, sequence: i + 1, carrierAccountId, driverId, status } });
  return job;
}

describe("an empty tab of the loads list", () => {
  it("tells a shipper whose only load is delivered where it is", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    await jobWithLoads(shipper, carrier.accountId, ["delivered"]);
    const { browser } = await signedInAgent(shipper.email);

    const page = (await browser.get("/loads").expect(200)).text;

    expect(emptyState(page)).toBe('<p>No loads to run. 1 delivered load is under <a href="/loads?show=finished">Delivered and cancelled</a>.</p>');
    expect(page).not.toContain("Loads appear here once you award a job");
  });

  it("counts delivered and cancelled loads for one job, and points back to the loads to run", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const done = await jobWithLoads(shipper, carrier.accountId, ["delivered", "delivered", "cancelled"]);
    const running = await jobWithLoads(shipper, carrier.accountId, ["assigned"]);
    const { browser } = await signedInAgent(shipper.email);

    const oneJob = (await browser.get(`/loads?job=${done.id}`).expect(200)).text;
    expect(emptyState(oneJob)).toBe(`<p>No loads to run on this job. 2 delivered loads and 1 cancelled load are under <a href="/loads?job=${done.id}&amp;show=finished">Delivered and cancelled</a>.</p>`);
    const finished = (await browser.get(`/loads?job=${running.id}&show=finished`).expect(200)).text;
    expect(emptyState(finished)).toBe(`<p>No delivered or cancelled loads on this job yet. 1 load to run is under <a href="/loads?job=${running.id}">To run</a>.</p>`);
  });

  it("tells a driver whose loads are all delivered where they are, and says nothing more when there are none", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
    const newcomer = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
    await jobWithLoads(shipper, carrier.accountId, ["delivered", "delivered"], driver.id);

    const page = (await (await signedInAgent(driver.email)).browser.get("/loads").expect(200)).text;
    expect(emptyState(page)).toBe('<p>No loads to run. 2 delivered loads are under <a href="/loads?show=finished">Delivered and cancelled</a>.</p>');
    const nothing = (await (await signedInAgent(newcomer.email)).browser.get("/loads").expect(200)).text;
    expect(emptyState(nothing)).toBe("<p>No loads assigned to you yet.</p>");
  });
});
