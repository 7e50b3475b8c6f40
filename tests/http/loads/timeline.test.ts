import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { agent, signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrierA: User;
let carrierB: User;
let loadA: { id: number };
let loadB: { id: number };

const STREAM = "text/vnd.turbo-stream.html";

beforeEach(async () => {
  shipper = await createShipper({ company: "Timeline Foods" });
  carrierA = await createCarrier({ company: "Alpha Timeline Haulage" });
  carrierB = await createCarrier({ company: "Bravo Timeline Freight" });
  const job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 2, numberOfLoads: 2, firstBidPercentage: 50, secondBidPercentage: 50 });
  for (const [carrier, price] of [[carrierA, 40_000], [carrierB, 45_000]] as const) {
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: price, numberOfLoads: 1, status: "active" } });
  }
  expect(await awardJob(job.id)).toMatchObject({ ok: true, loads: 2 });
  loadA = (await db().load.findFirst({ where: { jobId: job.id, carrierAccountId: carrierA.accountId } }))!;
  loadB = (await db().load.findFirst({ where: { jobId: job.id, carrierAccountId: carrierB.accountId } }))!;
});

const timelineOf = (browser: Awaited<ReturnType<typeof signedInAgent>>["browser"], id: number | string) => browser.get(`/loads/${id}/timeline`).set("Accept", STREAM);

describe("GET /loads/:id/timeline", () => {
  it("answers the load's timeline as a Turbo Stream into the page's placeholder, oldest first", async () => {
    const driver = await createUser("carrier", { role: "driver", accountId: carrierA.accountId, name: "Tim Driver" });
    const pickup = await db().loadStop.findFirstOrThrow({ where: { loadId: loadA.id, jobLocation: { kind: "pickup" } } });
    await db().loadStop.update({ where: { id: pickup.id }, data: { arrivedAt: new Date("2027-03-03T08:00:00Z") } });
    await db().load.update({ where: { id: loadA.id }, data: { status: "collected", driverId: driver.id, collectedAt: new Date("2027-03-03T08:40:00Z") } });

    for (const email of [carrierA.email, shipper.email, driver.email]) {
      const { browser } = await signedInAgent(email);
      const response = await timelineOf(browser, loadA.id);
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe(`${STREAM}; charset=utf-8`);
      expect(response.text).toMatch(new RegExp(`^<turbo-stream action="update" target="load_timeline_${loadA.id}"><template>`));
      expect(response.text).toContain("<h3>On the road</h3>");
      expect(response.text.indexOf("Arrived at collection")).toBeGreaterThan(0);
      expect(response.text.indexOf("Collected")).toBeGreaterThan(response.text.indexOf("Arrived at collection"));
    }
  });

  it("answers an empty stream for a load with nothing on its timeline yet", async () => {
    const { browser } = await signedInAgent(carrierA.email);
    const response = await timelineOf(browser, loadA.id);
    expect(response.status).toBe(200);
    expect(response.text).not.toContain("On the road");
    expect(response.text).toContain(`target="load_timeline_${loadA.id}"`);
  });

  it("answers 404 for another carrier's load, another driver's load and ids that name no load", async () => {
    const otherDriver = await createUser("carrier", { role: "driver", accountId: carrierA.accountId, name: "Not On It" });
    const carrier = await signedInAgent(carrierA.email);
    expect((await timelineOf(carrier.browser, loadB.id)).status).toBe(404);
    for (const id of ["999999999", "0x1", "1.0", "-1"]) expect((await timelineOf(carrier.browser, id)).status).toBe(404);
    const driver = await signedInAgent(otherDriver.email);
    expect((await timelineOf(driver.browser, loadA.id)).status).toBe(404);
  });

  it("sends a signed-out visitor to sign in, as every signed-in page does", async () => {
    for (const accept of [STREAM, "text/html"]) {
      const response = await agent().get(`/loads/${loadA.id}/timeline`).set("Accept", accept);
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/login");
      expect(response.text).not.toContain("turbo-stream");
    }
  });
});
