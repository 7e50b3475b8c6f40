import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { NEAR_MESSAGE, ON_MESSAGE } from "#domain/availability/vehicles-query.ts";
import { JOURNEY_MESSAGES } from "#domain/availability/input.ts";
import { NO_COLLECTION, VEHICLES_FOR_OFFICE } from "#models/availability/shipper-search.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { fieldMessage, pageText } from "../pools/pool-helpers.ts";
import { BIRMINGHAM, jobAt, storeJourney } from "./helpers.ts";

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrier: User;

// Each test sees only its own journeys: those of the tests before are cleared.
beforeEach(async () => {
  await db().vehicleAvailability.deleteMany();
  shipper = await createShipper({ company: "Severn Foods" });
  carrier = await createCarrier({ company: "Avon Haulage", name: "Dana Driverson" });
});

const companiesIn = (html: string) => [...html.matchAll(/<td data-label="Carrier"><a href="[^"]+">([^<]+)<\/a><\/td>/g)].map((m) => m[1]);

async function search(query: string, as = shipper) {
  return (await signedInAgent(as.email)).browser.get(`/availability/vehicles${query}`);
}

describe("a shipper looks for vehicles near a collection", () => {
  it("lists live journeys passing within 15 miles that can reach it that day: company, type, route and times, no driver", async () => {
    await storeJourney(carrier);
    const far = await createCarrier({ company: "Over the Hills" });
    await storeJourney(far, { fromPlace: "Plymouth", fromLatitude: 50.3755, fromLongitude: -4.1427, toPlace: "Exeter", toLatitude: 50.7184, toLongitude: -3.5339 });
    const page = await search("?near=Birmingham&on=2027-06-07");
    expect(page.status).toBe(200);
    expect(companiesIn(page.text)).toEqual(["Avon Haulage"]);
    const text = pageText(page.text);
    expect(text).toContain("Passing Birmingham on 7 Jun 2027");
    expect(text).toContain("Avon Haulage Curtain-sider Bristol → Leeds 7 Jun 2027, 08:00 8 Jun 2027, 18:00");
    expect(text).not.toContain("Dana Driverson");
    // The company is linked to its profile (ratings, and a block if the shipper wants none of it).
    expect(page.text).toContain(`<td data-label="Carrier"><a href="/companies/${carrier.accountId}">Avon Haulage</a></td>`);
  });

  it("leaves out a day the journey is not on the road, and carriers a block stands between either way", async () => {
    await storeJourney(carrier);
    expect(companiesIn((await search("?near=Birmingham&on=2027-06-09")).text)).toEqual([]);
    const blocked = await createCarrier({ company: "Blocked Haulage" });
    await storeJourney(blocked);
    const blocking = await createCarrier({ company: "Blocking Haulage" });
    await storeJourney(blocking);
    await db().companyBlock.create({ data: { blockerAccountId: shipper.accountId, blockedAccountId: blocked.accountId, blockedById: shipper.id } });
    await db().companyBlock.create({ data: { blockerAccountId: blocking.accountId, blockedAccountId: shipper.accountId, blockedById: blocking.id } });
    expect(companiesIn((await search("?near=Birmingham&on=2027-06-07")).text)).toEqual(["Avon Haulage"]);
  });

  it("searches from one of the shipper's jobs; another shipper's job is 404", async () => {
    await storeJourney(carrier);
    const job = await jobAt(shipper, "Birmingham pallets", BIRMINGHAM, 7);
    const page = await search(`?job_id=${job.id}`);
    expect(page.status).toBe(200);
    expect(companiesIn(page.text)).toEqual(["Avon Haulage"]);
    const other = await createShipper();
    expect((await search(`?job_id=${job.id}`, other)).status).toBe(404);
    const unplaced = await jobAt(shipper, "No place", { city: "Nowhere", latitude: null, longitude: null }, 7);
    const refused = await search(`?job_id=${unplaced.id}`);
    expect(refused.status).toBe(422);
    expect(pageText(refused.text)).toContain(NO_COLLECTION);
  });

  it("is linked from the shipper's job page while it takes quotes, not from a carrier's view or a job without a placed collection", async () => {
    const job = await jobAt(shipper, "Linked pallets", BIRMINGHAM, 7);
    const unplaced = await jobAt(shipper, "Unplaced pallets", { city: "Nowhere", latitude: null, longitude: null }, 7);
    const link = `<a class="button" href="/availability/vehicles?job_id=${job.id}">Find vehicles passing the collection</a>`;
    const own = await signedInAgent(shipper.email);
    expect((await own.browser.get(`/jobs/${job.id}`).expect(200)).text).toContain(link);
    expect((await own.browser.get(`/jobs/${unplaced.id}`).expect(200)).text).not.toContain("Find vehicles passing the collection");
    const theirs = await signedInAgent(carrier.email);
    expect((await theirs.browser.get(`/jobs/${job.id}`).expect(200)).text).not.toContain("Find vehicles passing the collection");
    await db().job.update({ where: { id: job.id }, data: { status: "awarded" } });
    expect((await own.browser.get(`/jobs/${job.id}`).expect(200)).text).not.toContain("Find vehicles passing the collection");
  });

  it.each([
    ["?near=&on=2027-06-07", "field_near", NEAR_MESSAGE],
    ["?near=Birmingham&on=", "field_on", ON_MESSAGE],
    ["?near=Birmingham&on=2027-02-30", "field_on", ON_MESSAGE],
    ["?near=Qwxzzy&on=2027-06-07", "field_near", JOURNEY_MESSAGES.unknownPlace("Qwxzzy")],
    ["?near[a]=1&on=x", "field_near", NEAR_MESSAGE],
  ])("%s is 422 with the message beside the field", async (query, id, message) => {
    const page = await search(query);
    expect(page.status).toBe(422);
    expect(fieldMessage(page.text, id)).toBe(message);
  });

  it("a blank search shows the form; drivers are refused and carriers find no page", async () => {
    expect((await search("")).status).toBe(200);
    const driver = await createUser("shipper", { role: "driver", accountId: shipper.accountId });
    const refused = await search("", driver);
    expect(refused.status).toBe(403);
    expect(pageText(refused.text)).toContain(VEHICLES_FOR_OFFICE);
    expect((await search("?near=Birmingham&on=2027-06-07", carrier)).status).toBe(404);
  });
});
