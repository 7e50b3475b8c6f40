import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { reachMarketDue } from "#models/jobs/market-step.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { formBody, jobFormBody } from "../../support/job-fixtures.ts";
import { MINUTE, noticesOf, saveSearch, world } from "./support.ts";

// From the form to the market: a job published to the shipper's pool first is the pool's alone
// (the carrier outside gets 404 and no notice) until its step, then every carrier's, told once.

const GLASGOW = { city: "Glasgow", post_code: "G1 1AA", region: "Alba Journey", country_code: "GB", latitude: "55.86", longitude: "-4.25", window_date: "2031-03-04" };

describe("a job published to a pool first, then the market", () => {
  it("is hidden from the carrier outside the pool until the step, then on its board and its notifications", async () => {
    const { shipper, member, outsider, pool } = await world();
    const past = new Date(Date.now() - MINUTE);
    const search = await saveSearch(outsider, "Alba", { delivery_region: "GB:Alba Journey" });
    await db().savedSearch.update({ where: { id: search.id }, data: { createdAt: past } });
    const { browser, csrf } = await signedInAgent(shipper.email);
    const body = jobFormBody({ reference: "Pennine first", deliveries: [GLASGOW], audience: "pools_then_market", pool_ids: [String(pool.id)], market_after_hours: "1" });
    expect((await browser.post("/jobs").set("X-CSRF-Token", csrf).type("form").send(formBody({ ...body, publish: "1" }))).status).toBe(303);
    const job = await db().job.findFirstOrThrow({ where: { reference: "Pennine first" } });
    const outside = (await signedInAgent(outsider.email)).browser;
    const inside = (await signedInAgent(member.email)).browser;

    await outside.get(`/jobs/${job.id}`).expect(404);
    await inside.get(`/jobs/${job.id}`).expect(200);
    expect((await outside.get("/jobs?delivery_region=GB%3AAlba+Journey").expect(200)).text).not.toContain("Pennine first");
    expect((await reachMarketDue(new Date(job.marketAt!.getTime() - 1))).reached).not.toContain(job.id);
    await outside.get(`/jobs/${job.id}`).expect(404);

    expect((await reachMarketDue(job.marketAt!)).reached).toEqual([job.id]);

    await outside.get(`/jobs/${job.id}`).expect(200);
    expect((await outside.get("/jobs?delivery_region=GB%3AAlba+Journey").expect(200)).text).toContain("Pennine first");
    expect((await noticesOf("market_reached", `/jobs/${job.id}`)).map((n) => n.userId)).toEqual([outsider.id]);
    expect(await db().notification.count({ where: { userId: member.id, kind: "market_reached" } })).toBe(0);
  });
});
