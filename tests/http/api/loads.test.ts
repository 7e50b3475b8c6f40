import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { announcement, pngBytes } from "../../support/files.ts";
import { apiClient, clientFor, keyFor, type ApiClient } from "../../support/api-client.ts";

type Person = Awaited<ReturnType<typeof createShipper>>;
let shipper: Person;
let carrier: Person;
let driver: Person;
let otherDriver: Person;
let carrierApi: ApiClient;
let driverApi: ApiClient;

const LEEDS = { latitude: 53.7997, longitude: -1.5492 };
const BRISTOL = { latitude: 51.4545, longitude: -2.5879 };

beforeAll(async () => {
  shipper = await createShipper({ company: "Loads API Foods" });
  carrier = await createCarrier({ company: "Loads API Haulage" });
  driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Ann Driver" });
  otherDriver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Andy Driver" });
  carrierApi = await clientFor(carrier);
  driverApi = await clientFor(driver);
});

/** An awarded load from Leeds to Bristol, run by the carrier, in `status` with `driverId`. */
async function loadIn(status = "assigned", driverId: number | null = null) {
  const job = await createJob(shipper.accountId, shipper.id, { pickup: LEEDS, delivery: BRISTOL });
  await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
  expect(await awardJob(job.id)).toMatchObject({ ok: true, loads: 1 });
  const load = await db().load.findFirstOrThrow({ where: { jobId: job.id } });
  return db().load.update({ where: { id: load.id }, data: { status, driverId } });
}

const path = (id: number) => ({ params: { path: { id } } });

describe("reading loads", () => {
  it("shows a load to its shipper, its carrier and its driver; to anyone else it is 404", async () => {
    const load = await loadIn("driver_assigned", driver.id);
    for (const api of [await clientFor(shipper), carrierApi, driverApi]) {
      const { data } = await api.GET("/loads/{id}", path(load.id));
      expect(data).toMatchObject({ id: load.id, status: "driver_assigned", driver_id: driver.id, price: { amount_pence: 40_000, currency: "GBP" } });
    }
    const outsider = await clientFor(await createCarrier());
    const otherShipper = await clientFor(await createShipper());
    for (const api of [outsider, otherShipper, await clientFor(otherDriver)]) {
      const { response, error } = await api.GET("/loads/{id}", path(load.id));
      expect(response.status).toBe(404);
      expect(error!.detail).toBe("Not found");
    }
  });

  it("gives a driver's key only the loads they drive", async () => {
    const mine = await loadIn("driver_assigned", driver.id);
    const theirs = await loadIn("driver_assigned", otherDriver.id);
    const { data } = await driverApi.GET("/loads", { params: { query: { limit: "100" } } });
    const ids = data!.data.map((load) => load.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    const office = await carrierApi.GET("/loads", { params: { query: { limit: "100" } } });
    expect(office.data!.data.map((load) => load.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
  });

  it("filters by status and job, a page at a time", async () => {
    const load = await loadIn("assigned");
    const { data } = await carrierApi.GET("/loads", { params: { query: { job_id: String(load.jobId), status: "assigned" } } });
    expect(data!.data.map((l) => l.id)).toEqual([load.id]);
    const none = await carrierApi.GET("/loads", { params: { query: { job_id: String(load.jobId), status: "delivered" } } });
    expect(none.data!.data).toEqual([]);
    const bad = await carrierApi.GET("/loads", { params: { query: { status: "lost" as never } } });
    expect(bad.error!.errors).toEqual([{ field: "status", message: "Give a status from: unassigned, assigned, driver_assigned, collected, delivered, cancelled" }]);
  });

  it("needs loads:read", async () => {
    const { error } = await (await clientFor(carrier, ["jobs:read"])).GET("/loads");
    expect(error!.detail).toBe("This key lacks the scope loads:read");
  });
});

describe("running loads", () => {
  it("puts one of the carrier's drivers and vehicles on a load", async () => {
    const load = await loadIn("assigned");
    const vehicle = await db().vehicle.create({ data: { accountId: carrier.accountId, registration: `AB${load.id} CDE`, vehicleType: "artic", payloadKg: 24_000, euroStandard: "euro_6" } });
    const { response, data } = await carrierApi.POST("/loads/{id}/assignment", { ...path(load.id), body: { driver_id: driver.id, vehicle_id: vehicle.id } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ status: "driver_assigned", driver_id: driver.id, vehicle_id: vehicle.id });
  });

  it("refuses someone else's driver or vehicle with the page's messages", async () => {
    const load = await loadIn("assigned");
    const stranger = await createUser("carrier", { role: "driver" });
    const driverRefused = await carrierApi.POST("/loads/{id}/assignment", { ...path(load.id), body: { driver_id: stranger.id } });
    expect(driverRefused.response.status).toBe(422);
    expect(driverRefused.error!.errors).toEqual([{ field: "driver_id", message: "Choose one of your drivers" }]);
    const empty = await carrierApi.POST("/loads/{id}/assignment", { ...path(load.id), body: {} });
    expect(empty.error!.detail).toBe("Give a driver_id, a vehicle_id or both");
  });

  it("keeps other carriers out (404) and the shipper from assigning", async () => {
    const load = await loadIn("assigned");
    const outsider = await clientFor(await createCarrier());
    expect((await outsider.POST("/loads/{id}/assignment", { ...path(load.id), body: { driver_id: driver.id } })).response.status).toBe(404);
    const shipperTry = await (await clientFor(shipper)).POST("/loads/{id}/assignment", { ...path(load.id), body: { driver_id: driver.id } });
    expect(shipperTry.response.status).toBe(422);
    expect(shipperTry.error!.detail).toBe("Only your office can assign drivers");
  });

  it("marks a load collected: warned first (before the collection day), then confirmed", async () => {
    const load = await loadIn("driver_assigned", driver.id);
    const first = await driverApi.POST("/loads/{id}/collected", { ...path(load.id), body: { ...LEEDS } });
    expect(first.response.status).toBe(422);
    expect(first.error!.detail).toBe("Check the warnings; to go on anyway, send the request again with confirmed: true");
    expect(first.error!.errors!.every((e) => e.field === "confirmed")).toBe(true);
    const confirmed = await driverApi.POST("/loads/{id}/collected", { ...path(load.id), body: { ...LEEDS, confirmed: true } });
    expect(confirmed.response.status).toBe(200);
    expect(confirmed.data).toMatchObject({ status: "collected", collected_at: expect.any(String) });
  });

  it("records telematics positions from the driver's key; the office's key is refused (403)", async () => {
    const load = await loadIn("collected", driver.id);
    const { response, data } = await driverApi.POST("/loads/{id}/positions", { ...path(load.id), body: { lat: 52.4862, lng: -1.8904, recorded_at: new Date().toISOString() } });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ load_id: load.id });
    expect(await db().loadPosition.count({ where: { loadId: load.id } })).toBe(1);
    const office = await carrierApi.POST("/loads/{id}/positions", { ...path(load.id), body: { lat: 52.4862, lng: -1.8904, recorded_at: new Date().toISOString() } });
    expect(office.response.status).toBe(403);
    expect(office.error!.detail).toBe("Only the load's driver shares its position");
    const bad = await driverApi.POST("/loads/{id}/positions", { ...path(load.id), body: { lat: 95, lng: -1.8904, recorded_at: new Date().toISOString() } });
    expect(bad.error!.errors).toEqual([{ field: "lat", message: "The latitude must be between -90 and 90" }]);
  });

  it("records the delivery with a photo uploaded through the direct-upload protocol", async () => {
    const load = await loadIn("collected", driver.id);
    const bytes = pngBytes();
    const announced = await driverApi.POST("/direct_uploads", { params: { query: { use: "photo" } }, body: announcement(bytes) });
    expect(announced.response.status).toBe(201);
    const { signed_id, direct_upload } = announced.data!;
    const origin = new URL(announced.response.url).origin;
    const put = await fetch(new URL(direct_upload.url, origin), { method: "PUT", headers: direct_upload.headers, body: new Uint8Array(bytes) });
    expect(put.status).toBe(204);
    const delivered = await driverApi.POST("/loads/{id}/delivered", { ...path(load.id), body: { recipient_name: "Mark at goods-in", blob_signed_ids: [signed_id], ...BRISTOL, confirmed: true } });
    expect(delivered.response.status).toBe(200);
    expect(delivered.data).toMatchObject({ status: "delivered", proof_status: "awaiting_review" });
    expect(await db().attachment.count({ where: { loadId: load.id, kind: "photo" } })).toBe(1);
  });

  it("refuses a delivery without proof, with the page's message", async () => {
    const load = await loadIn("collected", driver.id);
    const { response, error } = await driverApi.POST("/loads/{id}/delivered", { ...path(load.id), body: { recipient_name: "Mark" } });
    expect(response.status).toBe(422);
    expect(error!.detail).toBe("Add at least one photo or the recipient's signature");
  });

  it("needs loads:write for every change", async () => {
    const load = await loadIn("driver_assigned", driver.id);
    const reader = await apiClient(await keyFor(driver, ["loads:read"]));
    const answers = await Promise.all([
      reader.POST("/loads/{id}/collected", { ...path(load.id), body: {} }),
      reader.POST("/loads/{id}/delivered", { ...path(load.id), body: { recipient_name: "X" } }),
      reader.POST("/loads/{id}/positions", { ...path(load.id), body: { lat: 1, lng: 1, recorded_at: new Date().toISOString() } }),
      reader.POST("/loads/{id}/assignment", { ...path(load.id), body: { driver_id: driver.id } }),
      reader.POST("/direct_uploads", { params: { query: { use: "photo" } }, body: announcement(pngBytes()) }),
    ]);
    expect(answers.map((a) => [a.response.status, a.error!.detail])).toEqual(Array(5).fill([403, "This key lacks the scope loads:write"]));
  });
});
