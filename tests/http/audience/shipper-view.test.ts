import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { audienceWorld, poolOf, pooledJob } from "./world.ts";

// The shipper's job page says who a job was offered to, which carriers were invited (the pools'
// members today), who has looked and who has quoted, and the dated lines of its market step.
// Carriers read the deadline for quotes among the job's facts.

let world: Awaited<ReturnType<typeof audienceWorld>>;

beforeAll(async () => {
  world = await audienceWorld();
});

const names = async (...ids: number[]) => (await db().account.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } })).map((a) => a.name);

describe("the shipper's view of a job's audience", () => {
  it("lists the pools, the invited carriers with who looked and quoted, and when the market step falls", async () => {
    const quiet = await createCarrier();
    const other = await poolOf(world.shipper, `Scotland ${Math.random()}`, [quiet, world.inside]);
    const job = await pooledJob(world.shipper, [world.pool.id, other.id], {
      audience: "pools_then_market", marketAt: new Date("2031-02-01T09:30:00Z"), quoteDeadline: new Date("2031-01-31T17:00:00Z"), closeAtDeadline: true,
      publishedAt: new Date("2031-01-30T08:00:00Z"),
    });
    await db().jobView.create({ data: { jobId: job.id, carrierAccountId: world.inside.accountId, firstViewedAt: new Date("2031-01-30T10:15:00Z") } });
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: world.inside.accountId, placedById: world.inside.id, valueCents: 45_000, numberOfLoads: 1, status: "active" } });
    const page = (await (await signedInAgent(world.shipper.email)).browser.get(`/jobs/${job.id}`).expect(200)).text;
    const [insideName, quietName] = await names(world.inside.accountId, quiet.accountId);
    expect(page).toContain("<h2>Who sees this job</h2>");
    expect(page).toContain("<dt>Offered to</dt><dd>My pools first, then the open market</dd>");
    expect(page).toContain(`<tr><td>${insideName}</td><td>Looked on 30 Jan 2031, 10:15</td><td>Quoted</td></tr>`);
    expect(page).toContain(`<tr><td>${quietName}</td><td>Not looked yet</td><td>No quote</td></tr>`);
    expect(page.match(new RegExp(`<td>${insideName}</td>`, "g"))).toHaveLength(1);
    expect(page).toContain("<li>Goes to the open market on 1 Feb 2031, 09:30 unless every load is allocated</li>");
    expect(page).toContain("<li>Quotes close at the deadline, 31 Jan 2031, 17:00</li>");
  });

  it("writes the market step that happened, or that every load was allocated first", async () => {
    const reached = await pooledJob(world.shipper, [world.pool.id], { audience: "pools_then_market", onMarket: true, marketAt: new Date("2031-02-01T09:30:00Z"), marketReachedAt: new Date("2031-02-01T09:30:05Z") });
    const skipped = await pooledJob(world.shipper, [world.pool.id], { audience: "pools_then_market", marketAt: new Date("2031-02-01T09:30:00Z"), marketSkippedAt: new Date("2031-02-01T09:30:02Z") });
    const { browser } = await signedInAgent(world.shipper.email);
    expect((await browser.get(`/jobs/${reached.id}`).expect(200)).text).toContain("<li>Reached the open market on 1 Feb 2031, 09:30</li>");
    expect((await browser.get(`/jobs/${skipped.id}`).expect(200)).text).toContain("<li>Did not go to the open market: every load was allocated by 1 Feb 2031, 09:30</li>");
  });

  it("shows no audience panel on a job for the open market, and carriers the deadline for quotes", async () => {
    const market = await createJob(world.shipper.accountId, world.shipper.id);
    expect((await (await signedInAgent(world.shipper.email)).browser.get(`/jobs/${market.id}`).expect(200)).text).not.toContain("Who sees this job");
    const job = await pooledJob(world.shipper, [world.pool.id], { quoteDeadline: new Date("2031-01-31T17:00:00Z") });
    const page = (await (await signedInAgent(world.inside.email)).browser.get(`/jobs/${job.id}`).expect(200)).text;
    expect(page).toContain("<dt>Quotes by</dt><dd>31 Jan 2031, 17:00</dd>");
    expect(page).not.toContain("Invited carriers");
  });
});
