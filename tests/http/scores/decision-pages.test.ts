import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { issuedInvoice } from "../credit-notes/issued-invoice.ts";
import { carriedLoad, dayAgo, daysAgo, ratedLoad } from "./score-fixtures.ts";

// Scores where decisions are made: beside each quote on the shipper's quotes page (stars, count,
// on time, documents, sorted by score in one click), and the shipper's stars, days to pay and "New
// on Loadline" on the carrier's job board and job page; company names lead to their profiles.

const quoteOn = (jobId: number, carrier: { id: number; accountId: number }, valueCents: number) =>
  db().quote.create({ data: { jobId, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents, numberOfLoads: 1, status: "active" } });

/** The carriers' names in the order the quotes table lists them. */
const carrierOrder = (html: string) => [...html.matchAll(/<td data-label="Carrier"><a href="\/companies\/\d+">([^<]+)<\/a>/g)].map((m) => m[1]);

describe("the shipper's quotes page", () => {
  it("shows each carrier's stars, ratings, on-time deliveries and documents, and sorts by score in one click", async () => {
    const shipper = await createShipper();
    const cheap = await createCarrier({ company: "Cheap Unrated Haulage" });
    const good = await createCarrier({ company: "Good Haulage" });
    const fair = await createCarrier({ company: "Fair Haulage" });
    await ratedLoad(shipper, good, { centistars: 480, pickupDate: dayAgo(3), collectedAt: dayAgo(3), deliveryDate: dayAgo(2), deliveredAt: dayAgo(2) });
    await ratedLoad(shipper, fair, { centistars: 300, deliveryDate: dayAgo(9), deliveredAt: dayAgo(2) });
    const job = await createJob(shipper.accountId, shipper.id, { status: "open" });
    await quoteOn(job.id, cheap, 30_000);
    await quoteOn(job.id, fair, 40_000);
    await quoteOn(job.id, good, 50_000);
    const { browser } = await signedInAgent(shipper.email);

    const byRank = (await browser.get(`/jobs/${job.id}/quotes`).expect(200)).text;
    expect(carrierOrder(byRank)).toEqual(["Cheap Unrated Haulage", "Fair Haulage", "Good Haulage"]);
    expect(byRank).toContain(`<a href="/jobs/${job.id}/quotes?sort=score">Sort by score</a>`);
    expect(byRank).toContain(`<a href="/companies/${good.accountId}">Good Haulage</a>`);
    expect(byRank).toMatch(/Good Haulage<\/a>\s*<br>\s*<span class="company-score-line">\s*<span aria-hidden="true">★<\/span> 4\.8 <span class="muted">\(1 rating\)<\/span>/);
    expect(byRank).toContain('<span class="muted on-time">· 100% on time</span>');
    expect(byRank).toContain('<span class="muted on-time">· 0% on time</span>');
    expect(byRank).toMatch(/Cheap Unrated Haulage<\/a>\s*<br>\s*<span class="company-score-line">\s*<span class="muted">No ratings yet<\/span>/);
    expect(byRank).toContain("Documents current");

    const byScore = (await browser.get(`/jobs/${job.id}/quotes?sort=score`).expect(200)).text;
    expect(carrierOrder(byScore)).toEqual(["Good Haulage", "Fair Haulage", "Cheap Unrated Haulage"]);
    expect(byScore).toContain('<strong aria-current="true">Sort by score</strong>');
    expect(byScore).toContain(`<a href="/jobs/${job.id}/quotes">Sort by price and rules</a>`);
  });
});

describe("the carrier's job board and job page", () => {
  it("show the shipper's name, stars, days to pay and New on Loadline, and the cover a job asks for", async () => {
    const shipper = await createShipper({ company: "Prompt Payer Foods" });
    const carrier = await createCarrier();
    await ratedLoad(shipper, carrier, { centistars: 400 }); // the carrier's rating of the shipper is 5 stars
    await issuedInvoice({ shipper, carrier, driver: carrier }, { taxPoint: daysAgo(20), status: "paid", paidAt: dayAgo(6) });
    const job = await createJob(shipper.accountId, shipper.id, { status: "open", loadType: "shipping_container", minimumCargoCoverPence: 5_000_000 });
    const { browser } = await signedInAgent(carrier.email);

    const board = (await browser.get("/jobs?load_type=shipping_container").expect(200)).text;
    const row = board.slice(board.indexOf(`<tr id="job_${job.id}">`), board.indexOf("</tr>", board.indexOf(`<tr id="job_${job.id}">`)));
    expect(row).toContain(`<a href="/companies/${shipper.accountId}">Prompt Payer Foods</a>`);
    expect(row).toMatch(/<span aria-hidden="true">★<\/span> 5\.0 <span class="muted">\(1 rating\)<\/span>/);
    expect(row).toContain("New on Loadline");
    expect(row).toMatch(/<span class="muted days-to-pay">· Pays in 1[345] days on average<\/span>/);
    expect(row).toContain('<div class="cover-required">Cover £50,000 required</div>');

    const page = (await browser.get(`/jobs/${job.id}`).expect(200)).text;
    expect(page).toMatch(new RegExp(`<p class="job-shipper">Posted by <a href="/companies/${shipper.accountId}">Prompt Payer Foods</a>`));
    expect(page).toContain("5.0");
    expect(page).toContain("New on Loadline");
    expect(page).toMatch(/Pays in 1[345] days on average/);
  });

  it("drops New on Loadline after 5 completed loads; the owner's own job page shows no score line", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    for (let i = 0; i < 5; i++) await carriedLoad(shipper, carrier);
    const job = await createJob(shipper.accountId, shipper.id, { status: "open", loadType: "drums" });
    const { browser } = await signedInAgent(carrier.email);
    const board = (await browser.get("/jobs?load_type=drums").expect(200)).text;
    expect(board).toContain(`<a href="/companies/${shipper.accountId}">`);
    expect(board).toContain("No ratings yet");
    expect(board).not.toContain("New on Loadline");
    expect(board).not.toContain("cover-required");
    const owner = await signedInAgent(shipper.email);
    expect((await owner.browser.get(`/jobs/${job.id}`).expect(200)).text).not.toContain("job-shipper");
  });
});
