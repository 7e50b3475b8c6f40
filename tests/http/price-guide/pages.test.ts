import { describe, expect, it } from "vitest";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { acceptPrices, PLACES } from "./accepted-loads.ts";

// Where the price guide shows on pages: beside a carrier's quote form on the job page (the job's own
// lane: first listed vehicle type, load type, first collection and last delivery areas), and the
// monthly price per mile index on the dashboard.

const TOO_FEW = "Not enough accepted prices on this lane yet to show a guide.";
const guideOf = (html: string) => /<aside class="price-guide"[\s\S]*?<\/aside>/.exec(html)?.[0] ?? "";

async function openJob(from: typeof PLACES.aberdeen, to: typeof PLACES.aberdeen, vehicleTypes = ["curtain_side", "box"]) {
  const shipper = await createShipper();
  return createJob(shipper.accountId, shipper.id, { status: "open", vehicleTypes: JSON.stringify(vehicleTypes), pickup: from, delivery: to });
}

describe("the price guide beside the carrier's quote form", () => {
  it("shows the median and middle half of the job's lane, inside the bidding panel after the form", async () => {
    await acceptPrices({ from: PLACES.aberdeen, to: PLACES.carlisle }, [30_000, 31_000, 32_000, 33_000, 34_000], 3);
    const job = await openJob(PLACES.aberdeen, PLACES.carlisle);
    const { browser } = await signedInAgent((await createCarrier()).email);
    const page = (await browser.get(`/jobs/${job.id}`).expect(200)).text;
    const panel = /<section class="card bidding-panel"[\s\S]*?<\/section>/.exec(page)?.[0] ?? "";
    expect(panel.indexOf('<aside class="price-guide"')).toBeGreaterThan(panel.indexOf("<form"));
    const guide = guideOf(panel);
    expect(guide).toContain("Price guide: AB → CA");
    expect(guide).toMatch(/<strong>£320\.00<\/strong> median, middle half £310\.00 to £330\.00/);
    expect(guide).toContain("Per mile");
    expect(guide).toContain("From 5 loads accepted on this lane in the last 90 days.");
    expect(guide).not.toMatch(/£300\.00|£340\.00/);
  });

  it("says there are too few on a lane without enough accepted prices", async () => {
    const job = await openJob(PLACES.torquay, PLACES.york);
    const { browser } = await signedInAgent((await createCarrier()).email);
    const guide = guideOf((await browser.get(`/jobs/${job.id}`).expect(200)).text);
    expect(guide).toContain("Price guide: TQ → YO");
    expect(guide).toContain(TOO_FEW);
    expect(guide).not.toContain("median");
  });

  it("is not on the shipper's own job page, nor on a job with no UK lane", async () => {
    const shipper = await createShipper();
    const own = await createJob(shipper.accountId, shipper.id, { status: "open", vehicleTypes: '["curtain_side"]', pickup: PLACES.aberdeen, delivery: PLACES.carlisle });
    expect(guideOf((await (await signedInAgent(shipper.email)).browser.get(`/jobs/${own.id}`).expect(200)).text)).toBe("");
    const abroad = await openJob(PLACES.aberdeen, { postCode: "75001", latitude: 48.86, longitude: 2.34 });
    const { browser } = await signedInAgent((await createCarrier()).email);
    expect(guideOf((await browser.get(`/jobs/${abroad.id}`).expect(200)).text)).toBe("");
  });
});

describe("the price guide panel on the job form", () => {
  it("is mounted in the shipper's new-job form, asking the API once the lane is chosen", async () => {
    const { browser } = await signedInAgent((await createShipper()).email);
    const page = (await browser.get("/jobs/new").expect(200)).text;
    const form = /<form[^>]*class="form job-form"[\s\S]*?<\/form>/.exec(page)?.[0] ?? "";
    const panel = /<aside class="price-guide hint"[^>]*>/.exec(form)?.[0] ?? "";
    expect(panel).toContain('data-controller="price-guide"');
    expect(panel).toContain('data-price-guide-url-value="/api/v1/price_guide"');
    expect(form).toContain('<p aria-live="polite" data-price-guide-target="output">Choose the collection and delivery postcodes, a vehicle type and the load type to see what similar loads cost.</p>');
  });
});

describe("the dashboard's price per mile index", () => {
  it("shows this month once 5 loads from 3 shippers back it", async () => {
    await acceptPrices({ from: PLACES.hereford, to: PLACES.swindon }, [20_000, 21_000, 22_000, 23_000, 24_000], 3);
    const { browser } = await signedInAgent((await createShipper()).email);
    const page = (await browser.get("/dashboard").expect(200)).text;
    const index = /<section class="card price-index"[\s\S]*?<\/section>/.exec(page)?.[0] ?? "";
    expect(index).toContain("Price per mile index");
    const month = new Date().toISOString().slice(0, 7);
    expect(index).toMatch(new RegExp(`<tr data-month="${month}"><th scope="row">\\w+ \\d{4}</th><td>£\\d+\\.\\d{2}</td><td>\\d+</td></tr>`));
  });

  it("is on a carrier's dashboard too", async () => {
    const { browser } = await signedInAgent((await createCarrier()).email);
    expect((await browser.get("/dashboard").expect(200)).text).toContain("Price per mile index");
  });
});
