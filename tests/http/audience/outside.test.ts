import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";
import { canFollowStream } from "#server/stream-access.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { audienceWorld, boardReferences, boardTotal, pooledJob } from "./world.ts";

// A job offered to pools only: a carrier outside them finds nothing of it. Every route it could try
// answers exactly 404, the board neither lists nor counts it, and its streams are refused.

let world: Awaited<ReturnType<typeof audienceWorld>>;
let job: Awaited<ReturnType<typeof pooledJob>>;
let outside: Awaited<ReturnType<typeof signedInAgent>>;
const quote = { price: "450", number_of_loads: "1" };

beforeAll(async () => {
  world = await audienceWorld();
  job = await pooledJob(world.shipper, [world.pool.id], { reference: `Pool only ${Date.now()}` });
  outside = await signedInAgent(world.outside.email);
});

describe("a carrier outside a job's pools", () => {
  it.each([
    ["the job page", () => `/jobs/${job.id}`],
    ["its quotes page", () => `/jobs/${job.id}/quotes`],
    ["its files", () => `/jobs/${job.id}/files`],
    ["its conversation", () => `/jobs/${job.id}/messages?carrier_account_id=${world.outside.accountId}`],
  ])("gets 404 for %s", async (_what, path) => {
    await outside.browser.get(path()).expect(404);
  });

  it("gets 404 placing a quote or writing a message, and nothing is saved", async () => {
    await outside.browser.post(`/jobs/${job.id}/quotes`).type("form").send({ _csrf: outside.csrf, ...quote }).expect(404);
    await outside.browser.post(`/jobs/${job.id}/messages?carrier_account_id=${world.outside.accountId}`).type("form").send({ _csrf: outside.csrf, body: "Still open?" }).expect(404);
    expect(await db().quote.count({ where: { jobId: job.id } })).toBe(0);
    expect(await db().message.count({ where: { jobId: job.id } })).toBe(0);
  });

  it("does not find it on the board, nor in its count or the dashboard's", async () => {
    const market = await createJob(world.shipper.accountId, world.shipper.id, { reference: `Market ${Date.now()}` });
    const [outsideBoard, insideBoard] = [
      (await outside.browser.get(`/jobs?load_type=palletised`).expect(200)).text,
      (await (await signedInAgent(world.inside.email)).browser.get(`/jobs?load_type=palletised`).expect(200)).text,
    ];
    expect(boardReferences(outsideBoard)).toContain(market.reference);
    expect(boardReferences(outsideBoard)).not.toContain(job.reference);
    expect(boardReferences(insideBoard)).toContain(job.reference);
    expect(Number(boardTotal(insideBoard))).toBe(Number(boardTotal(outsideBoard)) + 1);
    const onBoard = await db().job.count({ where: { status: { in: ["open", "scheduled", "live"] }, onMarket: true } });
    const dashboard = (await outside.browser.get("/dashboard").expect(200)).text;
    expect(/<span class="stat-value">(\d+)<\/span>\s*<span class="stat-title">Jobs on the board<\/span>/.exec(dashboard)?.[1]).toBe(String(onBoard));
  });

  it("may not follow the job's stream or its conversation's", async () => {
    const user = (await findUserWithAccount(world.outside.id))!;
    expect(await canFollowStream(user, `job:${job.id}`)).toBe(false);
    expect(await canFollowStream(user, `conversation:job:${job.id}:${world.outside.accountId}`)).toBe(false);
    const member = (await findUserWithAccount(world.inside.id))!;
    expect(await canFollowStream(member, `job:${job.id}`)).toBe(true);
    expect(await canFollowStream(member, `conversation:job:${job.id}:${world.inside.accountId}`)).toBe(true);
  });

  it("finds nothing of an invited-only auction: not its page, nor the dashboard's auctions", async () => {
    const auction = await pooledJob(world.shipper, [world.pool.id], {
      reference: `Pool auction ${Date.now()}`, status: "live", isAuction: true, auctionOpensAt: new Date(Date.now() - 3_600_000), auctionClosesAt: new Date(Date.now() + 86_400_000),
    });
    await outside.browser.get(`/jobs/${auction.id}`).expect(404);
    await outside.browser.post(`/jobs/${auction.id}/quotes`).type("form").send({ _csrf: outside.csrf, ...quote }).expect(404);
    expect((await outside.browser.get("/dashboard").expect(200)).text).not.toContain(auction.reference);
    expect((await (await signedInAgent(world.inside.email)).browser.get("/dashboard").expect(200)).text).toContain(auction.reference);
  });

  it("sees a job on the open market as before", async () => {
    const market = await createJob(world.shipper.accountId, world.shipper.id);
    await outside.browser.get(`/jobs/${market.id}`).expect(200);
    await outside.browser.get(`/jobs/${market.id}/quotes`).expect(200);
    expect(await db().jobView.count({ where: { jobId: market.id } })).toBe(0);
  });
});
