import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { agent, signedInAgent, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { spyOnStatements } from "../../support/statements.ts";

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrier: Agent;

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const place = (city: string, countryCode: string, region: string | null) => ({ city, countryCode, region });

function boardJob(reference: string, pickupOn: string, overrides: Parameters<typeof createJob>[2] = {}) {
  return createJob(shipper.accountId, shipper.id, { reference, startDate: day(pickupOn), vehicleTypes: '["curtain_side"]', ...overrides });
}

const references = (html: string) => [...html.matchAll(/<a href="\/jobs\/\d+">([^<]+)<\/a>/g)].map((match) => match[1]);

beforeAll(async () => {
  shipper = await createShipper();
  ({ browser: carrier } = await signedInAgent((await createCarrier()).email));
  await boardJob("Leeds to Belfast", "2031-04-10", { pickup: place("Leeds", "GB", "England"), delivery: place("Belfast", "GB", "Northern Ireland") });
  await boardJob("Glasgow to Paris", "2031-04-20", { loadType: "shipping_container", containerSize: "40ft", vehicleTypes: "[]", pickup: place("Glasgow", "GB", "Scotland"), delivery: place("Paris", "FR", null) });
  await boardJob("Cardiff drums", "2031-04-05", { loadType: "drums", loadQuantity: 40, vehicleTypes: '["box"]', pickup: place("Cardiff", "GB", "Wales"), delivery: place("Leeds", "GB", "England") });
  await boardJob("Weekly run", "2031-03-01", { jobType: "multi", endDate: day("2031-06-30"), frequency: "weekly", pickup: place("Leeds", "GB", "England") });
  await boardJob("Live auction", "2031-04-01", { status: "live", isAuction: true, auctionOpensAt: day("2020-01-01"), auctionClosesAt: day("2031-01-01") });
  await boardJob("Draft job", "2031-05-01", { status: "draft" });
  await boardJob("Cancelled job", "2031-05-02", { status: "cancelled" });
  await boardJob("Awarded job", "2031-05-03", { status: "awarded" });
});

describe("GET /jobs as a carrier: the job board", () => {
  it("lists jobs on the board, soonest collection first, and nothing else", async () => {
    const page = await carrier.get("/jobs").expect(200);
    expect(page.text).toContain("<h1>Job board</h1>");
    expect(references(page.text)).toEqual(["Weekly run", "Live auction", "Cardiff drums", "Leeds to Belfast", "Glasgow to Paris"]);
  });

  it.each([
    { filter: { pickup_region: "GB:Scotland" }, shown: ["Glasgow to Paris"] },
    { filter: { pickup_region: "GB" }, shown: ["Weekly run", "Live auction", "Cardiff drums", "Leeds to Belfast", "Glasgow to Paris"] },
    { filter: { delivery_region: "GB:Northern Ireland" }, shown: ["Leeds to Belfast"] },
    { filter: { delivery_region: "FR" }, shown: ["Glasgow to Paris"] },
    { filter: { pickup_region: "GB:England", delivery_region: "GB:England" }, shown: [] },
    { filter: { date: "2031-04-08" }, shown: ["Weekly run", "Leeds to Belfast", "Glasgow to Paris"] },
    { filter: { vehicle_type: "box" }, shown: ["Cardiff drums"] },
    { filter: { load_type: "shipping_container" }, shown: ["Glasgow to Paris"] },
    { filter: { load_type: "not-a-type", vehicle_type: "spaceship" }, shown: ["Weekly run", "Live auction", "Cardiff drums", "Leeds to Belfast", "Glasgow to Paris"] },
  ])("filters by $filter", async ({ filter, shown }) => {
    const page = await carrier.get("/jobs").query(filter).expect(200);
    expect(references(page.text)).toEqual(shown);
  });

  it("offers the places open jobs collect from and deliver to as filter options", async () => {
    const page = await carrier.get("/jobs").expect(200);
    const pickupSelect = /<select id="filter_pickup_region"[\s\S]*?<\/select>/.exec(page.text)?.[0] ?? "";
    expect(pickupSelect).toContain('value="GB:Scotland"');
    expect(pickupSelect).toContain('value="GB:Wales"');
    expect(pickupSelect).not.toContain('value="FR"');
    const deliverySelect = /<select id="filter_delivery_region"[\s\S]*?<\/select>/.exec(page.text)?.[0] ?? "";
    expect(deliverySelect).toContain('value="FR">France');
    expect(deliverySelect).toContain("Northern Ireland (UK)");
  });

  it("is not for drivers", async () => {
    const carrierAccount = await createCarrier();
    const driver = await createUser("carrier", { accountId: carrierAccount.accountId, role: "driver" });
    const { browser } = await signedInAgent(driver.email);
    await browser.get("/jobs").expect(403);
  });
});

describe("job board pagination", () => {
  const spy = spyOnStatements();
  afterEach(() => spy.clear());
  afterAll(() => spy.restore());

  /** SQL statements a page runs against jobs and their locations (sign-in and nav badges aside). */
  async function statementsFor(path: string): Promise<number> {
    spy.clear();
    await carrier.get(path).expect(200);
    return spy.sent().filter((sql) => /"Job(Location)?"/.test(sql)).length;
  }

  it("shows 20 jobs a page with links between pages, keeping the filters", async () => {
    // Viewed twice: the second view finds the filter's count and the places kept (board-facts).
    await statementsFor("/jobs?load_type=palletised");
    const small = await statementsFor("/jobs?load_type=palletised&page=1");
    for (let i = 0; i < 25; i++) await boardJob(`Bulk ${String(i).padStart(2, "0")}`, `2030-01-${String(i + 1).padStart(2, "0")}`, { loadType: "without_pallets" });
    const first = await carrier.get("/jobs").query({ load_type: "without_pallets" }).expect(200);
    expect(references(first.text)).toHaveLength(20);
    expect(references(first.text)[0]).toBe("Bulk 00");
    expect(first.text).toContain("Page 1 of 2");
    expect(first.text).toContain('href="/jobs?load_type=without_pallets&amp;page=2"');
    const second = await carrier.get("/jobs").query({ load_type: "without_pallets", page: "2" }).expect(200);
    expect(references(second.text)).toEqual(["Bulk 20", "Bulk 21", "Bulk 22", "Bulk 23", "Bulk 24"]);
    const beyond = await carrier.get("/jobs").query({ load_type: "without_pallets", page: "99" }).expect(200);
    expect(beyond.text).toContain("Page 2 of 2");

    // No query per job: a full page costs what a page of three does, the page of jobs and their places
    // (the shippers' scores are kept until their figures are written; page=1 is a fresh request, so
    // the page kept from the request above does not answer it).
    const full = await statementsFor("/jobs?load_type=without_pallets&page=1");
    expect(small).toBe(2);
    expect(full).toBe(small);
  });

  it("asks for no page of jobs when the kept count says none match", async () => {
    const path = "/jobs?load_type=shipping_container&pickup_region=NL";
    expect(await statementsFor(path)).toBeGreaterThan(0);
    expect(await statementsFor(`${path}&page=1`)).toBe(0);
    expect(references((await carrier.get(path).expect(200)).text)).toEqual([]);
  });
});

describe("GET /jobs as a shipper", () => {
  it("lists the shipper's own jobs by status, with a text filter and its not-found message", async () => {
    const other = await createShipper();
    await createJob(other.accountId, other.id, { reference: "Someone else's" });
    const { browser } = await signedInAgent(shipper.email);
    const open = await browser.get("/jobs").expect(200);
    expect(open.text).toContain("<h1>Your jobs</h1>");
    expect(open.text).toContain("Leeds to Belfast");
    expect(open.text).toContain("Live auction");
    expect(open.text).not.toContain("Draft job");
    expect(open.text).not.toContain("Someone else&#39;s");
    expect(open.text).toContain('data-controller="text-filter"');
    expect(open.text).toContain("No jobs match “%{query}”.");
    expect(open.text).toContain('data-controller="row-highlight"');
    const drafts = await browser.get("/jobs?status=draft").expect(200);
    expect(references(drafts.text)).toEqual(["Draft job"]);
    const cancelled = await browser.get("/jobs?status=cancelled").expect(200);
    expect(references(cancelled.text)).toEqual(["Cancelled job"]);
  });
});

describe("address lookups", () => {
  it("need a signed-in user", async () => {
    const anonymous = agent();
    const autocomplete = await anonymous.get("/api/v1/address_autocomplete").query({ q: "Leeds" }).expect(401);
    expect(autocomplete.body).toEqual({ error: "Please sign in to continue" });
    await anonymous.get("/api/v1/geocode_places/Leeds").expect(401);
  });

  it("answer a signed-in user from the gazetteer", async () => {
    const items = await carrier.get("/api/v1/address_autocomplete").query({ q: "Belfa" }).expect(200);
    expect(items.body[0]).toMatchObject({ city: "Belfast", country_code: "GB", region: "Northern Ireland" });
    const place = await carrier.get(`/api/v1/geocode_places/${encodeURIComponent("Leeds LS1 4AP")}`).expect(200);
    expect(place.body.formatted_address).toBe("Leeds LS1 4AP, UK");
    expect(place.body.address_components).toEqual(expect.arrayContaining([expect.objectContaining({ long_name: "Leeds", types: expect.arrayContaining(["locality"]) })]));
  });
});
