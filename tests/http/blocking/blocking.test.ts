import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { canFollowStream } from "#server/stream-access.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";
import { jobStream } from "#domain/messaging/streams.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createSupport, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrier: User;
let rival: User;
let job: Awaited<ReturnType<typeof createJob>>;

beforeEach(async () => {
  shipper = await createShipper({ company: `Northwind ${Date.now()}` });
  carrier = await createCarrier({ company: `Pennine Haulage ${Date.now()}` });
  rival = await createCarrier({ company: `Severn Freight ${Date.now()}` });
  job = await createJob(shipper.accountId, shipper.id, { reference: `Block test ${Date.now()}` });
});

const bid = (who: User, valueCents: number) =>
  db().quote.create({ data: { jobId: job.id, carrierAccountId: who.accountId, placedById: who.id, valueCents, numberOfLoads: 1, status: "active" } });

async function block(by: User, target: { accountId: number }) {
  const agent = await signedInAgent(by.email);
  const response = await agent.browser.post(`/companies/${target.accountId}/block`).type("form").send({ _csrf: agent.csrf });
  return { ...agent, response };
}

describe("blocking a company", () => {
  it("a shipper's office blocks a carrier: 303 back to its profile with a notice, recorded and audited", async () => {
    const { browser, response } = await block(shipper, carrier);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/companies/${carrier.accountId}`);
    const flashed = await browser.get("/dashboard");
    expect(flashed.text).toContain(`${carrier.account.name} is blocked. They no longer see your jobs, and you no longer see their quotes.`);
    expect(await db().companyBlock.findFirst({ where: { blockerAccountId: shipper.accountId, blockedAccountId: carrier.accountId } })).toMatchObject({ blockedById: shipper.id });
    const logged = await db().auditLog.findFirst({ where: { action: "company.block", actorId: shipper.id } });
    expect(JSON.parse(logged!.data)).toEqual({ accountId: shipper.accountId, blockedAccountId: carrier.accountId });
  });

  it("blocking twice keeps one block; a member may block too", async () => {
    const member = await createUser("shipper", { accountId: shipper.accountId, role: "member" });
    await block(shipper, carrier);
    expect((await block(member, carrier)).response.status).toBe(303);
    expect(await db().companyBlock.count({ where: { blockerAccountId: shipper.accountId } })).toBe(1);
  });

  it("a carrier's office blocks a shipper", async () => {
    const { response } = await block(carrier, shipper);
    expect(response.status).toBe(303);
    expect(await db().companyBlock.count({ where: { blockerAccountId: carrier.accountId, blockedAccountId: shipper.accountId } })).toBe(1);
  });

  it("refuses drivers (403), support (404), one's own kind and one's own account (404), and an unknown id (404)", async () => {
    const driver = await createUser("shipper", { accountId: shipper.accountId, role: "driver" });
    const otherShipper = await createShipper();
    expect((await block(driver, carrier)).response.status).toBe(403);
    expect((await block(await createSupport(), carrier)).response.status).toBe(404);
    expect((await block(shipper, otherShipper)).response.status).toBe(404);
    expect((await block(shipper, shipper)).response.status).toBe(404);
    expect((await block(carrier, rival)).response.status).toBe(404);
    expect((await block(shipper, { accountId: 999_999_999 })).response.status).toBe(404);
    expect(await db().companyBlock.count({ where: { blockedAccountId: { in: [carrier.accountId, otherShipper.accountId, shipper.accountId, rival.accountId] } } })).toBe(0);
  });

  it("refuses a form without its CSRF token", async () => {
    const { browser } = await signedInAgent(shipper.email);
    expect((await browser.post(`/companies/${carrier.accountId}/block`).type("form").send({})).status).toBe(403);
    expect(await db().companyBlock.count({ where: { blockerAccountId: shipper.accountId } })).toBe(0);
  });
});

describe("unblocking", () => {
  it("a form's _method=delete lifts the block, audited, with a notice", async () => {
    const { browser, csrf } = await block(shipper, carrier);
    const response = await browser.post(`/companies/${carrier.accountId}/block`).type("form").send({ _csrf: csrf, _method: "delete" });
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/companies/${carrier.accountId}`);
    expect((await browser.get("/dashboard")).text).toContain(`${carrier.account.name} is unblocked.`);
    expect(await db().companyBlock.count({ where: { blockerAccountId: shipper.accountId } })).toBe(0);
    expect(await db().auditLog.count({ where: { action: "company.unblock", actorId: shipper.id } })).toBe(1);
  });

  it("a real DELETE lifts it; only one's own block is lifted (the other side's stays)", async () => {
    await block(carrier, shipper);
    const { browser, csrf } = await block(shipper, carrier);
    expect((await browser.delete(`/companies/${carrier.accountId}/block`).set("X-CSRF-Token", csrf)).status).toBe(303);
    expect(await db().companyBlock.findMany({ select: { blockerAccountId: true }, where: { blockedAccountId: { in: [shipper.accountId, carrier.accountId] } } })).toEqual([{ blockerAccountId: carrier.accountId }]);
  });
});

describe("what a block does", () => {
  it("the blocked carrier gets 404 on the job page, its quotes, quoting and its live stream; the other carrier does not", async () => {
    await block(shipper, carrier);
    const { browser, csrf } = await signedInAgent(carrier.email);
    expect((await browser.get(`/jobs/${job.id}`)).status).toBe(404);
    expect((await browser.get(`/jobs/${job.id}/quotes`)).status).toBe(404);
    const quoting = await browser.post(`/jobs/${job.id}/quotes`).type("form").send({ _csrf: csrf, price: "450", number_of_loads: "1" });
    expect(quoting.status).toBe(404);
    expect(await db().quote.count({ where: { jobId: job.id } })).toBe(0);
    const blocked = (await findUserWithAccount(carrier.id))!;
    expect(await canFollowStream(blocked, jobStream(job.id))).toBe(false);
    const other = await signedInAgent(rival.email);
    expect((await other.browser.get(`/jobs/${job.id}`)).status).toBe(200);
    expect(await canFollowStream((await findUserWithAccount(rival.id))!, jobStream(job.id))).toBe(true);
  });

  it("the job's messages close both ways (404) while the block stands, and open again once lifted", async () => {
    await bid(carrier, 40_000);
    const { browser, csrf } = await signedInAgent(carrier.email);
    expect((await browser.get(`/jobs/${job.id}/messages`)).status).toBe(200);
    const shipperSide = await block(shipper, carrier);
    expect((await browser.get(`/jobs/${job.id}/messages`)).status).toBe(404);
    const posting = await browser.post(`/jobs/${job.id}/messages`).type("form").send({ _csrf: csrf, body: "Still there?" });
    expect(posting.status).toBe(404);
    expect((await shipperSide.browser.get(`/jobs/${job.id}/messages?carrier_account_id=${carrier.accountId}`)).status).toBe(404);
    await shipperSide.browser.delete(`/companies/${carrier.accountId}/block`).set("X-CSRF-Token", shipperSide.csrf);
    expect((await browser.get(`/jobs/${job.id}/messages`)).status).toBe(200);
  });

  it("a carrier that blocked the shipper no longer sees its job either, even one it quoted on", async () => {
    await bid(carrier, 40_000);
    await block(carrier, shipper);
    const { browser } = await signedInAgent(carrier.email);
    expect((await browser.get(`/jobs/${job.id}`)).status).toBe(404);
    expect((await browser.get(`/jobs/${job.id}/quotes`)).status).toBe(404);
  });

  it("the shipper's quotes page and its jobs list leave the blocked carrier's quote out; unblocking restores both", async () => {
    await bid(carrier, 40_000);
    await bid(rival, 45_000);
    const { browser, csrf } = await block(shipper, carrier);
    await browser.get("/dashboard"); // the block's notice, which names the carrier, shown and gone
    const page = await browser.get(`/jobs/${job.id}/quotes`);
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(carrier.account.name);
    expect(page.text).toContain(rival.account.name);
    const json = await browser.get(`/jobs/${job.id}/quotes`).set("Accept", "application/json");
    expect(json.body.quotes.map((q: { carrierAccountId: number }) => q.carrierAccountId)).toEqual([rival.accountId]);
    expect(json.body.totalAllocated).toBe(1);

    await browser.delete(`/companies/${carrier.accountId}/block`).set("X-CSRF-Token", csrf);
    const again = await browser.get(`/jobs/${job.id}/quotes`);
    expect(again.text).toContain(carrier.account.name);
    const carrierSide = await signedInAgent(carrier.email);
    expect((await carrierSide.browser.get(`/jobs/${job.id}`)).status).toBe(200);
  });

  it("the award leaves the blocked carrier's quote out: the next cheapest wins", async () => {
    await bid(carrier, 40_000);
    await bid(rival, 45_000);
    const { browser, csrf } = await block(shipper, carrier);
    const response = await browser.post(`/jobs/${job.id}/award`).type("form").send({ _csrf: csrf });
    expect(response.status).toBe(303);
    expect(await db().load.findMany({ where: { jobId: job.id }, select: { carrierAccountId: true } })).toEqual([{ carrierAccountId: rival.accountId }]);
  });

  it("loads already between them go on: the carrier still opens the load page and the job of its load", async () => {
    await db().job.update({ where: { id: job.id }, data: { status: "awarded", awardedAt: new Date() } });
    const load = await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, status: "assigned" } });
    await block(shipper, carrier);
    const { browser } = await signedInAgent(carrier.email);
    expect((await browser.get(`/loads/${load.id}`)).status).toBe(200);
    expect((await browser.get(`/jobs/${job.id}`)).status).toBe(200);
    const shipperSide = await signedInAgent(shipper.email);
    expect((await shipperSide.browser.get(`/loads/${load.id}`)).status).toBe(200);
  });
});
