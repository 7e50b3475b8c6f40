import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { toDateInputValue } from "#domain/format/dates.ts";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The driver's side of a load: what the goods are and whom to ask at each site; marking it collected
// (asked again, never refused, when it is early or the phone is far away; undone within 10 minutes),
// with the phone's place on the timeline as a town.

type Signed = { browser: Agent; csrf: string };
type User = Awaited<ReturnType<typeof createShipper>>;

const LEEDS = { latitude: 53.7997, longitude: -1.5492 };
const BRISTOL = { latitude: 51.4545, longitude: -2.5879 };
const day = (offset: number) => new Date(`${toDateInputValue(new Date(Date.now() + offset * 86_400_000))}T00:00:00Z`);

let shipper: User;
let carrier: User;
let driver: User;
let loadId: number;
let jobId: number;

/** A palletised load from Leeds (collected today unless `collectionDay` says otherwise) to Bristol, with its driver on it. */
async function loadOnTheDay(collectionDay = day(0)) {
  const job = await createJob(shipper.accountId, shipper.id, {
    status: "awarded",
    reference: "Crisps to Bristol",
    palletType: "eu",
    quantityStandard: null,
    quantityEu: 26,
    totalWeightKg: 9_500,
    palletSize: "1200x800",
    additionalNotes: "Fragile: no double stacking.\nTail-lift needed at Bristol.",
    pickup: { ...LEEDS, windowDate: collectionDay, bookingReference: "BK-7781", contactName: "Priya at goods-out", contactPhone: "0113 496 0000" },
    delivery: { ...BRISTOL, windowDate: collectionDay, contactName: "Tom (night shift)", contactPhone: "+44 117 496 0123 ext. 4" },
  });
  jobId = job.id;
  loadId = (await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, driverId: driver.id, status: "driver_assigned", pickupDate: collectionDay } })).id;
}

beforeEach(async () => {
  shipper = await createShipper({ company: "Crunch Foods" });
  carrier = await createCarrier({ company: "Pennine Haulage" });
  driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Dave Driver" });
  await loadOnTheDay();
});

const collect = (who: Signed, body: Record<string, string> = {}) => who.browser.post(`/loads/${loadId}/collection`).type("form").send({ _csrf: who.csrf, ...body });
const undo = (who: Signed) => who.browser.post(`/loads/${loadId}/collection`).type("form").send({ _csrf: who.csrf, _method: "delete" });
const loadRow = () => db().load.findUniqueOrThrow({ where: { id: loadId }, select: { status: true, collectedAt: true } });
const timeline = async (who: Signed) => (await who.browser.get(`/loads/${loadId}/timeline`).set("Accept", "text/vnd.turbo-stream.html")).text;
/** Says the collection was marked `minutesAgo` by this user, as if the button had been pressed then. */
async function collectedAgo(minutesAgo: number, by: User) {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  await db().load.update({ where: { id: loadId }, data: { status: "collected", collectedAt: at } });
  await db().loadEvent.create({ data: { loadId, kind: "collected", userId: by.id, createdAt: at } });
}

describe("what the driver sees on the load page", () => {
  it("shows the goods, the shipper's notes, the booking-in reference and each site's contact with a phone link", async () => {
    const page = await (await signedInAgent(driver.email)).browser.get(`/loads/${loadId}`);
    expect(page.status).toBe(200);
    const goods = /<section class="card" aria-labelledby="goods-title">[\s\S]*?<\/section>/.exec(page.text)?.[0] ?? "";
    expect(goods).toContain("<dt>Load</dt><dd>26 EU pallets · 9,500 kg</dd>");
    expect(goods).toContain("<dt>Load type</dt><dd>Palletised</dd>");
    expect(goods).toContain("<dt>Pallet size</dt><dd>EU 1200 × 800 mm</dd>");
    expect(goods).toContain("Notes from the shipper");
    expect(goods).toContain("Fragile: no double stacking.\nTail-lift needed at Bristol.");
    expect(page.text).toContain("Booking-in reference:</span> BK-7781");
    expect(page.text).toContain('Site contact:</span> Priya at goods-out');
    expect(page.text).toContain('Contact phone:</span> <a href="tel:01134960000">0113 496 0000</a>');
    expect(page.text).toContain('<a href="tel:+441174960123">+44 117 496 0123 ext. 4</a>');
  });
});

describe("marking a load collected", () => {
  it("asks to confirm in the app's dialog, and sends the driver's position with it", async () => {
    const page = (await (await signedInAgent(driver.email)).browser.get(`/loads/${loadId}`)).text;
    const form = /<form action="\/loads\/\d+\/collection"[^>]*>/.exec(page)?.[0] ?? "";
    expect(form).toContain('data-turbo-confirm="Mark load 1 of Crisps to Bristol collected? You can undo it for 10 minutes."');
    expect(form).toContain('data-controller="geolocation" data-geolocation-step-value="collection"');
    expect(form).toContain(`data-geolocation-sites-value="[{&#34;latitude&#34;:${LEEDS.latitude},&#34;longitude&#34;:${LEEDS.longitude}}]"`);
  });

  it("on the day at the collection point: collected at once, the press and the phone's place recorded", async () => {
    const d = await signedInAgent(driver.email);
    const answer = await collect(d, { latitude: "53.80", longitude: "-1.55" });
    expect([answer.status, answer.headers.location]).toEqual([303, `/loads/${loadId}`]);
    expect((await loadRow()).status).toBe("collected");
    expect(await db().loadEvent.findMany({ where: { loadId }, select: { kind: true, userId: true, latitude: true, longitude: true } })).toEqual([
      { kind: "collected", userId: driver.id, latitude: 53.8, longitude: -1.55 },
    ]);
    expect(await timeline(d)).toContain("Collected · near Leeds, England, UK");
  });

  it("before the collection day: 422 with the warning and a button that goes on with confirmed=1", async () => {
    await loadOnTheDay(day(2));
    const d = await signedInAgent(driver.email);
    const warned = await collect(d, { latitude: "53.80", longitude: "-1.55" });
    expect(warned.status).toBe(422);
    expect(warned.text).toContain(`The collection is booked for`);
    expect(warned.text).toMatch(/<div class="handover-warning" id="collection_warnings" role="alert"/);
    const again = /<form action="\/loads\/\d+\/collection" method="post" class="inline-form">[\s\S]*?<\/form>/.exec(warned.text)?.[0] ?? "";
    expect(again).toContain('<input type="hidden" name="confirmed" value="1">');
    expect(again).toContain('<input type="hidden" name="latitude" value="53.80">');
    expect(again).toContain("Mark collected anyway");
    expect((await loadRow()).status).toBe("driver_assigned");
    expect(await db().loadEvent.count({ where: { loadId } })).toBe(0);

    const anyway = await collect(d, { latitude: "53.80", longitude: "-1.55", confirmed: "1" });
    expect(anyway.status).toBe(303);
    expect((await loadRow()).status).toBe("collected");
  });

  it("more than 5 miles from the collection point: 422 with the distance, then collected when confirmed", async () => {
    const d = await signedInAgent(driver.email);
    const warned = await collect(d, { latitude: String(BRISTOL.latitude), longitude: String(BRISTOL.longitude) });
    expect(warned.status).toBe(422);
    expect(warned.text).toContain("Your phone puts you 168 miles from the collection point, more than 5 miles away.");
    expect(warned.text).not.toContain("The collection is booked for");
    expect((await collect(d, { latitude: String(BRISTOL.latitude), longitude: String(BRISTOL.longitude), confirmed: "1" })).status).toBe(303);
  });

  it("answers JSON callers 422 with the warnings", async () => {
    await loadOnTheDay(day(1));
    const d = await signedInAgent(driver.email);
    const answer = await d.browser.post(`/loads/${loadId}/collection`).set("Accept", "application/json").set("X-CSRF-Token", d.csrf).send({});
    expect(answer.status).toBe(422);
    expect(answer.body.warnings).toEqual([expect.stringMatching(/^The collection is booked for .+, and today is .+\.$/)]);
  });

  it("the status form (PATCH status=collected) goes through the same checks", async () => {
    await loadOnTheDay(day(3));
    const d = await signedInAgent(driver.email);
    const answer = await d.browser.post(`/loads/${loadId}/status`).type("form").send({ _csrf: d.csrf, _method: "patch", status: "collected" });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain("The collection is booked for");
    expect((await loadRow()).status).toBe("driver_assigned");
  });

  it("an office marking it for its driver is not where the goods are: its position is neither checked nor kept", async () => {
    const office = await signedInAgent(carrier.email);
    expect((await collect(office, { latitude: String(BRISTOL.latitude), longitude: String(BRISTOL.longitude) })).status).toBe(303);
    expect(await db().loadEvent.findFirstOrThrow({ where: { loadId } })).toMatchObject({ userId: carrier.id, latitude: null, longitude: null });
  });

  it("refuses half a position (422) and changes nothing", async () => {
    const answer = await collect(await signedInAgent(driver.email), { latitude: "53.8" });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain("The position needs both coordinates");
    expect((await loadRow()).status).toBe("driver_assigned");
  });
});

describe("undoing a collection", () => {
  it("offers Undo to whoever marked it and the carrier's office, never to the shipper", async () => {
    await collectedAgo(2, driver);
    for (const [person, offered] of [[driver, true], [carrier, true], [shipper, false]] as const) {
      const page = await (await signedInAgent(person.email)).browser.get(`/loads/${loadId}`);
      expect([person.email, page.text.includes('<button type="submit" class="button" aria-describedby="undo_collection_hint">Undo</button>')]).toEqual([person.email, offered]);
    }
  });

  it("within 10 minutes: the load waits for collection again, the job is awarded again, and the timeline keeps both", async () => {
    const d = await signedInAgent(driver.email);
    expect((await collect(d, { latitude: "53.80", longitude: "-1.55" })).status).toBe(303);
    expect((await db().job.findUniqueOrThrow({ where: { id: jobId } })).status).toBe("in_progress");

    const answer = await undo(d);
    expect([answer.status, answer.headers.location]).toEqual([303, `/loads/${loadId}`]);
    expect(await loadRow()).toEqual({ status: "driver_assigned", collectedAt: null });
    expect((await db().job.findUniqueOrThrow({ where: { id: jobId } })).status).toBe("awarded");
    expect((await db().loadEvent.findMany({ where: { loadId }, orderBy: { id: "asc" } })).map((e) => [e.kind, e.userId])).toEqual([
      ["collected", driver.id],
      ["collection_undone", driver.id],
    ]);
    const events = await timeline(d);
    expect(events.indexOf("Collected · near Leeds, England, UK")).toBeGreaterThan(0);
    expect(events.indexOf("Collection undone")).toBeGreaterThan(events.indexOf("Collected"));
    const page = await d.browser.get(`/loads/${loadId}`);
    expect(page.text).toContain("Mark collected");
  });

  it("by the carrier's office, for its driver", async () => {
    await collectedAgo(9, driver);
    expect((await undo(await signedInAgent(carrier.email))).status).toBe(303);
    expect((await loadRow()).status).toBe("driver_assigned");
  });

  it("after 10 minutes: 409 with the sentence, and the collection stands", async () => {
    await collectedAgo(11, driver);
    const answer = await undo(await signedInAgent(driver.email));
    expect(answer.status).toBe(409);
    expect(answer.text).toContain("The collection was marked more than 10 minutes ago, so it can no longer be undone.");
    expect((await loadRow()).status).toBe("collected");
    expect(await db().loadEvent.count({ where: { loadId, kind: "collection_undone" } })).toBe(0);
  });

  it("the shipper may not undo it (403); another carrier's driver does not see the load (404)", async () => {
    await collectedAgo(1, driver);
    expect((await undo(await signedInAgent(shipper.email))).status).toBe(403);
    const stranger = await createUser("carrier", { role: "driver", accountId: (await createCarrier()).accountId });
    expect((await undo(await signedInAgent(stranger.email))).status).toBe(404);
    expect((await loadRow()).status).toBe("collected");
  });

  it("a load not collected has nothing to undo (409)", async () => {
    expect((await undo(await signedInAgent(driver.email))).status).toBe(409);
  });
});
