import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { savedFilters } from "#domain/jobs/saved-search.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { formBody, jobFormBody } from "../../support/job-fixtures.ts";
import { audienceWorld, poolOf } from "./world.ts";

// The form's "Who sees this job": the choice saved with the job and its pools, each wrong answer
// refused with its own message beside its field (and nothing saved), and at publishing the pools'
// carriers told while no one outside them hears of it.

let world: Awaited<ReturnType<typeof audienceWorld>>;
const HOUR = 3_600_000;

beforeAll(async () => {
  world = await audienceWorld();
});

async function post(email: string, fields: Record<string, unknown>, button: "publish" | "draft" = "publish") {
  const { browser, csrf } = await signedInAgent(email);
  const reference = `Audience ${Math.random()}`;
  const body = jobFormBody({ reference, ...fields });
  const response = await browser.post("/jobs").set("X-CSRF-Token", csrf).type("form").send(formBody({ ...body, [button]: "1" }));
  return { browser, csrf, response, reference };
}

const fieldError = (html: string, field: string) => new RegExp(`<p class="field-error" id="job_${field}_error">([^<]+)</p>`).exec(html)?.[1];

describe("the job form's audience", () => {
  it("offers the shipper's own pools, and to a shipper without pools only the market with a link to make one", async () => {
    const { browser } = await signedInAgent(world.shipper.email);
    const form = (await browser.get("/jobs/new").expect(200)).text;
    expect(form).toContain("<h2>Who sees this job</h2>");
    expect(form).toContain(`name="job[pool_ids][]" value="${world.pool.id}"`);
    expect(form).toMatch(/value="pools_then_market"> My pools first, then the open market/);
    const lonely = await createShipper();
    const bare = (await (await signedInAgent(lonely.email)).browser.get("/jobs/new").expect(200)).text;
    expect(bare).toMatch(/value="market" checked> The open market/);
    expect(bare).toMatch(/value="pools" disabled> My pools only/);
    expect(bare).toContain('<a href="/pools">Create a pool</a>');
  });

  it("defaults to the open market when no audience is posted", async () => {
    const { response, reference } = await post(world.shipper.email, {});
    expect(response.status).toBe(303);
    const job = await db().job.findFirstOrThrow({ where: { reference } });
    expect([job.audience, job.onMarket, job.marketAt, job.quoteDeadline]).toEqual(["market", true, null, null]);
  });

  it("saves pools first then the market: the pools, the step's time from publishing, the deadline and its closing", async () => {
    const before = Date.now();
    const { response, reference, browser } = await post(world.shipper.email, {
      audience: "pools_then_market", pool_ids: [String(world.pool.id)], market_after_hours: "24", quote_deadline: "2031-03-01T17:00", close_at_deadline: "1",
    });
    expect(response.status).toBe(303);
    const job = await db().job.findFirstOrThrow({ where: { reference }, include: { pools: true } });
    expect([job.audience, job.onMarket, job.closeAtDeadline]).toEqual(["pools_then_market", false, true]);
    expect(job.pools.map((row) => row.poolId)).toEqual([world.pool.id]);
    expect(job.marketAt!.getTime() - job.publishedAt!.getTime()).toBe(24 * HOUR);
    expect(job.publishedAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(job.quoteDeadline).toEqual(new Date("2031-03-01T17:00:00Z"));
    const edit = (await browser.get(`/jobs/${job.id}/edit`).expect(200)).text;
    expect(edit).toMatch(/value="pools_then_market" checked>/);
    expect(edit).toContain(`value="${world.pool.id}" checked>`);
    expect(edit).toMatch(/id="job_market_after_hours" name="job\[market_after_hours\]" type="number" value="24"/);
  });

  it.each([
    ["no pool chosen", { audience: "pools" }, "pool_ids", "Choose at least one of your pools"],
    ["no hours", { audience: "pools_then_market", pool_ids: ["POOL"] }, "market_after_hours", "Enter the hours before the market sees the job, from 1 to 168"],
    ["0 hours", { audience: "pools_then_market", pool_ids: ["POOL"], market_after_hours: "0" }, "market_after_hours", "Enter the hours before the market sees the job, from 1 to 168"],
    ["169 hours", { audience: "pools_then_market", pool_ids: ["POOL"], market_after_hours: "169" }, "market_after_hours", "Enter the hours before the market sees the job, from 1 to 168"],
    ["1.5 hours", { audience: "pools_then_market", pool_ids: ["POOL"], market_after_hours: "1.5" }, "market_after_hours", "Enter the hours before the market sees the job, from 1 to 168"],
    ["a deadline after the first collection", { audience: "pools", pool_ids: ["POOL"], quote_deadline: "2031-03-03T09:00" }, "quote_deadline", "The deadline must be before the first collection"],
    ["a deadline already past", { audience: "pools", pool_ids: ["POOL"], quote_deadline: "2020-01-01T09:00" }, "quote_deadline", "The deadline must be in the future"],
    ["another shipper's pool", { audience: "pools", pool_ids: ["OTHER"] }, "pool_ids", "Choose from your pools"],
    ["a pool id that is not a number", { audience: "pools", pool_ids: ["x'1"] }, "pool_ids", "Choose from your pools"],
    ["an audience not offered", { audience: "everyone" }, "audience", "Choose who sees this job"],
  ])("refuses %s with 422 and its message beside the field, saving nothing", async (_what, fields, field, message) => {
    const other = await poolOf(await createShipper(), `Not ours ${Math.random()}`, []);
    const ids = (list: unknown) => (list as string[] | undefined)?.map((id) => (id === "POOL" ? String(world.pool.id) : id === "OTHER" ? String(other.id) : id));
    const posted = { ...fields, ...("pool_ids" in fields ? { pool_ids: ids(fields.pool_ids) } : {}) };
    const { response, reference } = await post(world.shipper.email, posted);
    expect(response.status).toBe(422);
    expect(fieldError(response.text, field)).toBe(message);
    expect(await db().job.count({ where: { reference } })).toBe(0);
  });

  it("tells the pools' carriers at publishing, matches only their saved searches, and tells no one else", async () => {
    const outsider = await createCarrier();
    const filters = savedFilters.serialise(savedFilters.fromQuery({ load_type: "palletised" }));
    const past = new Date(Date.now() - 60_000);
    await db().savedSearch.createMany({
      data: [world.inside, outsider].map((carrier) => ({ userId: carrier.id, name: "Pallets", filters, createdAt: past })),
    });
    const { response, reference } = await post(world.shipper.email, { audience: "pools", pool_ids: [String(world.pool.id)] });
    expect(response.status).toBe(303);
    const job = await db().job.findFirstOrThrow({ where: { reference } });
    const told = await db().notification.findMany({ where: { path: `/jobs/${job.id}` }, select: { userId: true, kind: true, title: true }, orderBy: { kind: "asc" } });
    const shipperName = (await db().account.findUniqueOrThrow({ where: { id: world.shipper.accountId } })).name;
    expect(told).toEqual([
      { userId: world.inside.id, kind: "job_invited", title: `${shipperName} invites you to quote: ${reference}` },
      { userId: world.inside.id, kind: "search_match", title: `New job for “Pallets”: ${reference}` },
    ]);
    expect(await db().savedSearchMatch.count({ where: { jobId: job.id } })).toBe(1);
  });

  it("lets an edit keep a deadline that has passed since, refuses a new one already past, and changes the audience", async () => {
    const { response, reference, browser, csrf } = await post(world.shipper.email, { audience: "pools", pool_ids: [String(world.pool.id)], quote_deadline: "2031-03-01T17:00" });
    expect(response.status).toBe(303);
    const job = await db().job.findFirstOrThrow({ where: { reference } });
    await db().job.update({ where: { id: job.id }, data: { quoteDeadline: new Date("2020-01-01T09:00:00Z") } });
    const edit = (fields: Record<string, unknown>) =>
      browser.post(`/jobs/${job.id}`).set("X-CSRF-Token", csrf).type("form").send(formBody({ _method: "patch", ...jobFormBody({ reference, ...fields }), save: "1" }));
    expect((await edit({ audience: "pools", pool_ids: [String(world.pool.id)], quote_deadline: "2020-01-01T09:00" })).status).toBe(303);
    const refused = await edit({ audience: "pools", pool_ids: [String(world.pool.id)], quote_deadline: "2020-01-02T09:00" });
    expect([refused.status, fieldError(refused.text, "quote_deadline")]).toEqual([422, "The deadline must be in the future"]);
    expect((await edit({ audience: "market" })).status).toBe(303);
    const saved = await db().job.findUniqueOrThrow({ where: { id: job.id }, include: { pools: true } });
    expect([saved.audience, saved.onMarket, saved.pools.length, saved.quoteDeadline]).toEqual(["market", true, 0, null]);
  });

  it("keeps the audience of a draft until it is published", async () => {
    const { response, reference, browser, csrf } = await post(world.shipper.email, { audience: "pools_then_market", pool_ids: [String(world.pool.id)], market_after_hours: "6" }, "draft");
    expect(response.status).toBe(303);
    const draft = await db().job.findFirstOrThrow({ where: { reference } });
    expect([draft.status, draft.audience, draft.onMarket]).toEqual(["draft", "pools_then_market", true]);
    await browser.post(`/jobs/${draft.id}/publication`).set("X-CSRF-Token", csrf).type("form").send({}).expect(303);
    const job = await db().job.findUniqueOrThrow({ where: { id: draft.id }, include: { pools: true } });
    expect([job.status, job.onMarket, job.pools.length]).toEqual(["open", false, 1]);
    expect(job.marketAt!.getTime() - job.publishedAt!.getTime()).toBe(6 * HOUR);
  });
});
