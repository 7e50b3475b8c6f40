import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { JOURNEY_MESSAGES, MAX_LIVE_JOURNEYS } from "#domain/availability/input.ts";
import { JOURNEYS_FOR_OFFICE } from "#models/availability.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { fieldMessage, pageText, summaryLines } from "../pools/pool-helpers.ts";
import { BIRMINGHAM, GLOUCESTER, MANCHESTER, SHEFFIELD, jobAt, journeyForm, referencesIn, storeJourney } from "./helpers.ts";

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrier: User;

beforeEach(async () => {
  shipper = await createShipper({ company: "Severn Foods" });
  carrier = await createCarrier({ company: "Avon Haulage" });
});

async function post(fields: Record<string, string>, as = carrier) {
  const { browser, csrf } = await signedInAgent(as.email);
  return browser.post("/availability").type("form").send({ _csrf: csrf, ...fields });
}

describe("posting a vehicle as available", () => {
  it("saves the journey and shows the jobs along its corridor, least detour first, with the collection and detour", async () => {
    await jobAt(shipper, "Sheffield steel", SHEFFIELD, 7);
    await jobAt(shipper, "Gloucester cider", GLOUCESTER, 8);
    await jobAt(shipper, "Manchester is too far off", MANCHESTER, 7);
    await jobAt(shipper, "Birmingham the day before", BIRMINGHAM, 6);
    await jobAt(shipper, "Birmingham after arrival day", BIRMINGHAM, 9);
    const posted = await post(journeyForm());
    expect(posted.status).toBe(303);
    const journey = await db().vehicleAvailability.findFirstOrThrow({ where: { accountId: carrier.accountId } });
    expect(posted.headers.location).toBe(`/availability/${journey.id}`);
    expect(journey).toMatchObject({ fromPlace: "Bristol", toPlace: "Leeds", vehicleType: "curtain_side", userId: carrier.id });
    expect(journey.availableFrom.toISOString()).toBe("2027-06-07T07:00:00.000Z"); // 08:00 BST
    const { browser } = await signedInAgent(carrier.email);
    const page = await browser.get(posted.headers.location!);
    expect(page.status).toBe(200);
    expect(referencesIn(page.text)).toEqual(["Gloucester cider", "Sheffield steel"]);
    expect(pageText(page.text)).toContain("Gloucester, 8 Jun 2027 London 1 mile");
    const list = await browser.get("/availability");
    expect(pageText(list.text)).toContain("Bristol → Leeds");
    expect(pageText(list.text)).toContain("2 jobs found");
    // A job found along it that has left the board since is no longer counted: the list never says
    // more than the journey's page shows.
    await db().job.updateMany({ where: { reference: "Gloucester cider" }, data: { status: "cancelled" } });
    expect(pageText((await browser.get("/availability")).text)).toContain("1 job found");
    expect(referencesIn((await browser.get(posted.headers.location!)).text)).toEqual(["Sheffield steel"]);
  });

  it("a vehicle of the company sets the type; another company's vehicle is refused beside the field", async () => {
    const lorry = await db().vehicle.create({ data: { accountId: carrier.accountId, registration: "AB12 CDE", vehicleType: "artic", payloadKg: 26_000, euroStandard: "euro_6" } });
    expect((await post(journeyForm({ vehicle_id: String(lorry.id), vehicle_type: "" }))).status).toBe(303);
    expect((await db().vehicleAvailability.findFirstOrThrow({ where: { accountId: carrier.accountId } })).vehicleType).toBe("artic");
    const other = await createCarrier();
    const theirs = await db().vehicle.create({ data: { accountId: other.accountId, registration: "XY12 ZZZ", vehicleType: "van", payloadKg: 1_000, euroStandard: "euro_6" } });
    const refused = await post(journeyForm({ vehicle_id: String(theirs.id) }));
    expect(refused.status).toBe(422);
    expect(fieldMessage(refused.text, "field_vehicle_id")).toBe(JOURNEY_MESSAGES.vehicle);
  });

  it.each([
    ["an unknown place", { from_place: "Qwxzzy" }, "field_from_place", JOURNEY_MESSAGES.unknownPlace("Qwxzzy")],
    ["an unknown destination", { to_place: "Nowhere Xq" }, "field_to_place", JOURNEY_MESSAGES.unknownPlace("Nowhere Xq")],
    ["no place", { from_place: " " }, "field_from_place", JOURNEY_MESSAGES.fromPlace],
    ["an unreadable time", { available_from: "soon" }, "field_available_from", JOURNEY_MESSAGES.availableFrom],
    ["arriving before it is free", { available_until: "2027-06-07T07:59" }, "field_available_until", JOURNEY_MESSAGES.untilAfterFrom],
    ["arriving at the very time it is free", { available_until: "2027-06-07T08:00" }, "field_available_until", JOURNEY_MESSAGES.untilAfterFrom],
    ["longer than 7 days", { available_until: "2027-06-14T08:01" }, "field_available_until", JOURNEY_MESSAGES.tooLong],
    ["in the past", { available_from: "2020-01-01T08:00", available_until: "2020-01-02T08:00" }, "field_available_until", JOURNEY_MESSAGES.past],
    ["no vehicle or type", { vehicle_type: "" }, "field_vehicle_type", JOURNEY_MESSAGES.vehicleType],
    ["an unknown type", { vehicle_type: "spaceship" }, "field_vehicle_type", JOURNEY_MESSAGES.vehicleType],
  ])("%s is 422 with the message beside the field, the form kept as typed", async (_name, fields, id, message) => {
    const page = await post(journeyForm(fields));
    expect(page.status).toBe(422);
    expect(fieldMessage(page.text, id)).toBe(message);
    expect(summaryLines(page.text)).toContain(message);
    expect(await db().vehicleAvailability.count({ where: { accountId: carrier.accountId } })).toBe(0);
  });

  it("exactly 7 days is allowed", async () => {
    expect((await post(journeyForm({ available_until: "2027-06-14T08:00" }))).status).toBe(303);
  });

  it(`refuses a company's ${MAX_LIVE_JOURNEYS + 1}st live journey; a journey already over does not count`, async () => {
    for (let i = 0; i < MAX_LIVE_JOURNEYS - 1; i += 1) await storeJourney(carrier);
    await storeJourney(carrier, { availableFrom: new Date("2020-01-01T08:00:00Z"), availableUntil: new Date("2020-01-02T08:00:00Z") });
    expect((await post(journeyForm())).status).toBe(303);
    const refused = await post(journeyForm());
    expect(refused.status).toBe(422);
    expect(summaryLines(refused.text)).toEqual([JOURNEY_MESSAGES.tooMany]);
  });
});

describe("who may", () => {
  it("drivers are refused (403), shippers find no page (404), another company's journey is 404 to see and delete", async () => {
    const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
    const asDriver = (await signedInAgent(driver.email)).browser;
    const refused = await asDriver.get("/availability");
    expect(refused.status).toBe(403);
    expect(pageText(refused.text)).toContain(JOURNEYS_FOR_OFFICE);
    expect((await asDriver.get("/availability/new")).status).toBe(403);
    expect((await post(journeyForm(), driver)).status).toBe(403);
    expect((await (await signedInAgent(shipper.email)).browser.get("/availability")).status).toBe(404);
    const journey = await storeJourney(carrier);
    const other = await createCarrier();
    const { browser, csrf } = await signedInAgent(other.email);
    expect((await browser.get(`/availability/${journey.id}`)).status).toBe(404);
    expect((await browser.post(`/availability/${journey.id}`).type("form").send({ _csrf: csrf, _method: "delete" })).status).toBe(404);
    expect((await browser.get("/availability/99999999999999999999")).status).toBe(404);
    expect(await db().vehicleAvailability.count({ where: { id: journey.id } })).toBe(1);
  });

  it("the company's office deletes its journey (DELETE, or a form's POST with _method)", async () => {
    const [first, second] = [await storeJourney(carrier), await storeJourney(carrier)];
    const { browser, csrf } = await signedInAgent(carrier.email);
    const viaForm = await browser.post(`/availability/${first.id}`).type("form").send({ _csrf: csrf, _method: "delete" });
    expect(viaForm.status).toBe(303);
    expect(viaForm.headers.location).toBe("/availability");
    expect((await browser.delete(`/availability/${second.id}`).set("X-CSRF-Token", csrf)).status).toBe(303);
    expect(await db().vehicleAvailability.count({ where: { accountId: carrier.accountId } })).toBe(0);
  });

  it("a write without the CSRF token is refused", async () => {
    const { browser } = await signedInAgent(carrier.email);
    expect((await browser.post("/availability").type("form").send(journeyForm())).status).toBe(403);
  });
});
