import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { ARRIVAL_RADIUS_M } from "#domain/maps/tracking.ts";
import { awardJob } from "#models/award.server.ts";
import { DRIVER_ONLY, NOT_ON_THE_ROAD } from "#models/tracking.server.ts";
import { signedInAgent, testApp } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { recordBroadcasts } from "../../support/messaging-fixtures.ts";

// POST /loads/:id/positions: the driver's phone reports where the load is.

const LEEDS = { latitude: 53.7997, longitude: -1.5492 };
const BRISTOL = { latitude: 51.4545, longitude: -2.5879 };
// On the way: near Birmingham, roughly 60 % of the way from Leeds to Bristol.
const BIRMINGHAM = { latitude: 52.4862, longitude: -1.8904 };

type Person = Awaited<ReturnType<typeof createShipper>>;
let shipper: Person;
let carrier: Person;
let driver: Person;
let otherDriver: Person;
let outsiderDriver: Person;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  shipper = await createShipper({ company: "Acme Foods" });
  carrier = await createCarrier({ company: "Alpha Haulage" });
  driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Ann Driver" });
  otherDriver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Andy Driver" });
  const outsider = await createCarrier({ company: "Bravo Freight" });
  outsiderDriver = await createUser("carrier", { role: "driver", accountId: outsider.accountId, name: "Bea Driver" });
});

// Each test gets an app of its own (any override builds a new one), so the write budgets (20
// positions a minute) start full.
beforeEach(() => {
  app = testApp({ LOG_LEVEL: "silent" });
});

/** A fresh awarded load from Leeds to Bristol, driven by `driver`, in `status`. */
async function loadIn(status: string) {
  const job = await createJob(shipper.accountId, shipper.id, { pickup: LEEDS, delivery: BRISTOL });
  await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
  expect(await awardJob(job.id)).toMatchObject({ ok: true, loads: 1 });
  const load = await db().load.findFirstOrThrow({ where: { jobId: job.id } });
  await db().load.update({ where: { id: load.id }, data: { status, driverId: driver.id } });
  return load;
}

const at = (place: { latitude: number; longitude: number }, recordedAt = new Date(), extra: Record<string, unknown> = {}) => ({
  ...place,
  recorded_at: recordedAt.toISOString(),
  ...extra,
});

async function post(email: string, loadId: number, body: unknown) {
  const { browser, csrf } = await signedInAgent(email, app);
  return browser.post(`/loads/${loadId}/positions`).set("X-CSRF-Token", csrf).set("Accept", "application/json").send(body as object);
}

const positionsOf = (loadId: number) => db().loadPosition.count({ where: { loadId } });

describe("a driver on the road", () => {
  let recorder: ReturnType<typeof recordBroadcasts>;
  beforeEach(() => {
    recorder = recordBroadcasts();
    return () => recorder.stop();
  });

  it("stores the fix, answers the share of the route done and the arrival estimate, and moves the marker on open load pages", async () => {
    const load = await loadIn("collected");
    const response = await post(driver.email, load.id, at(BIRMINGHAM, new Date(), { accuracy: 12 }));

    expect(response.status).toBe(201);
    expect(response.body.position).toEqual({ ...BIRMINGHAM, recorded_at: expect.any(String) });
    expect(response.body.route_progress).toBeGreaterThan(50);
    expect(response.body.route_progress).toBeLessThan(70);
    expect(new Date(response.body.arrives_at).getTime()).toBeGreaterThan(Date.now());
    const stored = await db().loadPosition.findFirstOrThrow({ where: { loadId: load.id } });
    expect(stored).toMatchObject({ ...BIRMINGHAM, driverId: driver.id, accuracyM: 12 });
    const [stream] = recorder.to(`load:${load.id}`);
    expect(stream).toContain(`action="replace" target="load_tracking_${load.id}"`);
    expect(stream).toContain(`data-latitude="${BIRMINGHAM.latitude}"`);
    expect(stream).toContain("of the route done");
  });

  it("also tracks the way to the collection, once a driver is on the load", async () => {
    const load = await loadIn("driver_assigned");
    expect((await post(driver.email, load.id, at(BIRMINGHAM))).status).toBe(201);
    expect(await positionsOf(load.id)).toBe(1);
  });
});

describe("who may post", () => {
  it.each([
    ["another driver of the same carrier", () => otherDriver.email, 404],
    ["a driver of another carrier", () => outsiderDriver.email, 404],
    ["the carrier's office", () => carrier.email, 403],
    ["the shipper", () => shipper.email, 403],
  ])("%s is refused with %i and nothing is stored", async (_, email, status) => {
    const load = await loadIn("collected");
    const response = await post(email(), load.id, at(BIRMINGHAM));
    expect(response.status).toBe(status);
    if (status === 403) expect(response.body).toEqual({ error: DRIVER_ONLY });
    expect(await positionsOf(load.id)).toBe(0);
  });

  it("answers 404 for a load that does not exist", async () => {
    expect((await post(driver.email, 999_999, at(BIRMINGHAM))).status).toBe(404);
  });
});

describe("a load not on the road", () => {
  it.each(["assigned", "delivered", "cancelled"])("%s: refused with 422", async (status) => {
    const load = await loadIn(status);
    if (status === "assigned") await db().load.update({ where: { id: load.id }, data: { driverId: driver.id } });
    const response = await post(driver.email, load.id, at(BIRMINGHAM));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ errors: { base: NOT_ON_THE_ROAD } });
    expect(await positionsOf(load.id)).toBe(0);
  });
});

describe("bad fixes", () => {
  const hour = 3_600_000;
  it.each([
    ["a latitude past the pole", { latitude: 91, longitude: 0 }, "latitude", "The latitude must be between -90 and 90"],
    ["a longitude past the date line", { latitude: 52, longitude: -181 }, "longitude", "The longitude must be between -180 and 180"],
    ["a latitude as text", { latitude: "52.1", longitude: -1 }, "latitude", "Enter the latitude as a number"],
    ["no time", { latitude: 52, longitude: -1, recorded_at: undefined }, "recorded_at", "Say when the position was taken"],
    ["an unreadable time", { latitude: 52, longitude: -1, recorded_at: "yesterday-ish" }, "recorded_at", "Say when the position was taken"],
    ["a time in the future", { latitude: 52, longitude: -1, recorded_at: new Date(Date.now() + hour).toISOString() }, "recorded_at", "The position's time is in the future"],
    ["a time more than a day ago", { latitude: 52, longitude: -1, recorded_at: new Date(Date.now() - 25 * hour).toISOString() }, "recorded_at", "That position is more than a day old"],
    ["a negative accuracy", { latitude: 52, longitude: -1, accuracy: -5 }, "accuracy", "The accuracy cannot be negative"],
  ])("%s is refused with 422 beside the field", async (_, fields, field, message) => {
    const load = await loadIn("collected");
    const response = await post(driver.email, load.id, { recorded_at: new Date().toISOString(), ...fields });
    expect(response.status).toBe(422);
    expect(response.body.errors[field]).toBe(message);
    expect(await positionsOf(load.id)).toBe(0);
  });

  it("refuses a fix implausibly far from the last one for the time between them", async () => {
    const load = await loadIn("collected");
    const start = new Date(Date.now() - 60_000);
    expect((await post(driver.email, load.id, at(LEEDS, start))).status).toBe(201);
    const jump = await post(driver.email, load.id, at(BRISTOL, new Date(start.getTime() + 60_000)));
    expect(jump.status).toBe(422);
    expect(jump.body.errors.latitude).toBe("That position is too far from the last one for the time between them");
    expect(await positionsOf(load.id)).toBe(1);
  });

  it("refuses a fix older than the last one received", async () => {
    const load = await loadIn("collected");
    expect((await post(driver.email, load.id, at(BIRMINGHAM))).status).toBe(201);
    const late = await post(driver.email, load.id, at(BIRMINGHAM, new Date(Date.now() - 10 * 60_000)));
    expect(late.status).toBe(422);
    expect(late.body.errors.recorded_at).toBe("That position is older than the last one received");
  });
});

describe("a flood of positions", () => {
  it("is cut off with 429 after 20 in a minute", async () => {
    const load = await loadIn("collected");
    const { browser, csrf } = await signedInAgent(driver.email, app);
    const start = Date.now() - 60_000;
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const response = await browser.post(`/loads/${load.id}/positions`).set("X-CSRF-Token", csrf).send(at(BIRMINGHAM, new Date(start + i * 1000)));
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(201));
    expect(statuses.slice(20)).toEqual([429, 429]);
    expect(await positionsOf(load.id)).toBe(20);
  });
});

describe("arriving", () => {
  const near = (place: { latitude: number; longitude: number }) => ({ latitude: place.latitude + (ARRIVAL_RADIUS_M / 2 / 111_320), longitude: place.longitude });
  const notificationsAbout = (loadId: number) => db().notification.findMany({ where: { kind: "arrived", path: `/loads/${loadId}` }, select: { userId: true, title: true } });

  it("within 500 m of the delivery is recorded once, tells both offices, and refreshes the load pages", async () => {
    const recorder = recordBroadcasts();
    try {
      const load = await loadIn("collected");
      const start = Date.now() - 120_000;
      expect((await post(driver.email, load.id, at(near(BRISTOL), new Date(start)))).status).toBe(201);
      expect((await post(driver.email, load.id, at(BRISTOL, new Date(start + 60_000)))).status).toBe(201);

      const stop = await db().loadStop.findFirstOrThrow({ where: { loadId: load.id, jobLocation: { kind: "delivery" } } });
      expect(stop.arrivedAt?.getTime()).toBe(start);
      const told = await notificationsAbout(load.id);
      expect(told.map((n) => n.userId).sort()).toEqual([shipper.id, carrier.id].sort());
      expect(told[0]!.title).toMatch(/^Load 1 of Test job \d+: arrived at delivery$/);
      expect(recorder.to(`load:${load.id}`).filter((m) => m.includes('action="refresh"'))).toHaveLength(1);

      const timeline = await (await signedInAgent(shipper.email, app)).browser.get(`/loads/${load.id}/timeline`).set("Accept", "text/vnd.turbo-stream.html");
      expect(timeline.text).toContain("Arrived at delivery");
    } finally {
      recorder.stop();
    }
  });

  it("at the delivery does not count before the load is collected; at the collection it does", async () => {
    const load = await loadIn("driver_assigned");
    const start = Date.now() - 6 * 3_600_000;
    expect((await post(driver.email, load.id, at(near(LEEDS), new Date(start)))).status).toBe(201);
    expect((await post(driver.email, load.id, at(BRISTOL, new Date(start + 5 * 3_600_000)))).status).toBe(201);
    const stops = await db().loadStop.findMany({ where: { loadId: load.id }, select: { arrivedAt: true, jobLocation: { select: { kind: true } } } });
    expect(Object.fromEntries(stops.map((s) => [s.jobLocation.kind, s.arrivedAt?.getTime() ?? null]))).toEqual({ pickup: start, delivery: null });
    expect((await notificationsAbout(load.id)).map((n) => n.title)).toEqual([expect.stringMatching(/arrived at collection$/), expect.stringMatching(/arrived at collection$/)]);
  });
});
