import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier } from "../../support/fixtures.ts";
import { audienceWorld, pooledJob } from "./world.ts";

// A carrier in a job's pool sees it, quotes and writes about it; its first look is noted for the
// shipper once. Taken out of the pool, it keeps the jobs it quoted on and loses the others.

let world: Awaited<ReturnType<typeof audienceWorld>>;
const quote = { price: "450", number_of_loads: "1" };

beforeAll(async () => {
  world = await audienceWorld();
});

describe("a carrier in a job's pool", () => {
  it("sees the job, its quotes page and files, quotes on it and writes about it", async () => {
    const job = await pooledJob(world.shipper, [world.pool.id]);
    const { browser, csrf } = await signedInAgent(world.inside.email);
    await browser.get(`/jobs/${job.id}`).expect(200);
    await browser.get(`/jobs/${job.id}/quotes`).expect(200);
    await browser.get(`/jobs/${job.id}/files`).expect(200);
    await browser.post(`/jobs/${job.id}/messages?carrier_account_id=${world.inside.accountId}`).type("form").send({ _csrf: csrf, body: "Tail lift?" }).expect(303);
    await browser.post(`/jobs/${job.id}/quotes`).type("form").send({ _csrf: csrf, ...quote }).expect(303);
    expect(await db().quote.count({ where: { jobId: job.id, carrierAccountId: world.inside.accountId, status: "active" } })).toBe(1);
  });

  it("is noted as having looked the first time its office opens the job, once", async () => {
    const job = await pooledJob(world.shipper, [world.pool.id]);
    const { browser } = await signedInAgent(world.inside.email);
    await browser.get(`/jobs/${job.id}`).expect(200);
    const first = await db().jobView.findMany({ where: { jobId: job.id } });
    expect(first.map((view) => view.carrierAccountId)).toEqual([world.inside.accountId]);
    await browser.get(`/jobs/${job.id}`).expect(200);
    expect(await db().jobView.findMany({ where: { jobId: job.id } })).toEqual(first);
  });

  it("loses sight of a pool-only job when taken out of the pool, unless it has quoted on it", async () => {
    const quoter = await createCarrier();
    await db().poolMember.create({ data: { poolId: world.pool.id, carrierAccountId: quoter.accountId } });
    const job = await pooledJob(world.shipper, [world.pool.id]);
    const [member, quoting] = await Promise.all([signedInAgent(world.inside.email), signedInAgent(quoter.email)]);
    await member.browser.get(`/jobs/${job.id}`).expect(200);
    await quoting.browser.post(`/jobs/${job.id}/quotes`).type("form").send({ _csrf: quoting.csrf, ...quote }).expect(303);

    await db().poolMember.deleteMany({ where: { poolId: world.pool.id, carrierAccountId: { in: [world.inside.accountId, quoter.accountId] } } });
    await member.browser.get(`/jobs/${job.id}`).expect(404);
    await member.browser.get(`/jobs/${job.id}/quotes`).expect(404);
    await quoting.browser.get(`/jobs/${job.id}`).expect(200);
    await quoting.browser.get(`/jobs/${job.id}/quotes`).expect(200);
    await db().poolMember.create({ data: { poolId: world.pool.id, carrierAccountId: world.inside.accountId } });
    await member.browser.get(`/jobs/${job.id}`).expect(200);
  });

  it("sees the job once its market step has happened, like every carrier", async () => {
    const job = await pooledJob(world.shipper, [world.pool.id], { audience: "pools_then_market", marketAt: new Date(Date.now() - 1000) });
    const { browser } = await signedInAgent(world.outside.email);
    await browser.get(`/jobs/${job.id}`).expect(404);
    await db().job.update({ where: { id: job.id }, data: { onMarket: true, marketReachedAt: new Date() } });
    await browser.get(`/jobs/${job.id}`).expect(200);
  });
});
