import { beforeEach, describe, expect, it } from "vitest";
import request from "supertest";
import { db } from "#db/client.server.ts";
import { JOB_ID_MESSAGE, VEHICLE_ID_MESSAGE } from "#domain/road-charges/query.ts";
import { signedInAgent, testApp } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

type User = Awaited<ReturnType<typeof createShipper>>;
const place = (city: string, latitude: number, longitude: number, windowDate: string) =>
  ({ city, latitude, longitude, countryCode: "GB", windowDate: new Date(`${windowDate}T00:00:00Z`), windowFrom: "09:00", windowTo: "17:00" });

let shipper: User;
let carrier: User;
let otherCarrier: User;
let jobId: number;
let vehicleId: number;

beforeEach(async () => {
  shipper = await createShipper();
  carrier = await createCarrier();
  otherCarrier = await createCarrier();
  // Two days on the road: collected in Leeds on the 3rd, delivered into Bristol on the 4th.
  const job = await createJob(shipper.accountId, shipper.id, { pickup: place("Leeds", 53.7965, -1.5479, "2027-03-03"), delivery: place("Bristol", 51.4545, -2.5879, "2027-03-04") });
  jobId = job.id;
  const vehicle = await db().vehicle.create({ data: { accountId: carrier.accountId, registration: "AB12 CDE", vehicleType: "rigid_18t", payloadKg: 9_000, euroStandard: "euro_4" } });
  vehicleId = vehicle.id;
});

async function ask(email: string, query: string) {
  const { browser } = await signedInAgent(email);
  return browser.get(`/api/v1/road_charges${query}`).set("Accept", "application/json");
}

describe("GET /api/v1/road_charges", () => {
  it("prices the job's route for the carrier's vehicle, in pence", async () => {
    const answer = await ask(carrier.email, `?job_id=${jobId}&vehicle_id=${vehicleId}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      job_id: jobId,
      vehicle_id: vehicleId,
      route: { source: "estimate", miles: expect.any(Number), dates_known: true },
      vehicle: {
        registration: "AB12 CDE", vehicle_type: "rigid_18t", euro_standard: "euro_4", gross_weight_kg: null, axles: null, dvs_permit: false,
        assumed: "gross weight 18,000 kg and 2 axles read from the vehicle type (18 t rigid): set them on the vehicle to be sure",
      },
      charges: [{
        zone: "bristol_caz", name: "Bristol CAZ", kind: "daily", status: "due", amount_pence: 10_000, days: ["2027-03-04"], crossings: 0,
        description: "£100.00 a day for lorries below Euro VI, 1 day (4 Mar 2027)", source: "https://www.gov.uk/clean-air-zones",
      }],
      total_pence: 10_000,
      not_allowed: false,
    });
  });

  it.each([
    ["another carrier's vehicle", "other"],
    ["a job the carrier may not see (a draft)", "draft"],
  ])("is 404 for %s", async (_case, which) => {
    const other = await db().vehicle.create({ data: { accountId: otherCarrier.accountId, registration: "ZZ99 ZZZ", vehicleType: "van", payloadKg: 900, euroStandard: "euro_6" } });
    const draft = await createJob(shipper.accountId, shipper.id, { status: "draft", publishedAt: null });
    const query = which === "other" ? `?job_id=${jobId}&vehicle_id=${other.id}` : `?job_id=${draft.id}&vehicle_id=${vehicleId}`;
    const answer = await ask(carrier.email, query);
    expect([answer.status, answer.body]).toEqual([404, { error: expect.any(String) }]);
  });

  it("is 404 for a job the shipper blocked the carrier from", async () => {
    await db().companyBlock.create({ data: { blockerAccountId: shipper.accountId, blockedAccountId: carrier.accountId, blockedById: shipper.id } });
    const answer = await ask(carrier.email, `?job_id=${jobId}&vehicle_id=${vehicleId}`);
    expect(answer.status).toBe(404);
  });

  it.each([
    ["", JOB_ID_MESSAGE],
    ["?job_id=abc&vehicle_id=1", JOB_ID_MESSAGE],
    ["?job_id=0&vehicle_id=1", JOB_ID_MESSAGE],
    ["?job_id=1&job_id=2&vehicle_id=1", JOB_ID_MESSAGE],
    ["?job_id=1", VEHICLE_ID_MESSAGE],
    ["?job_id=1&vehicle_id=1.5", VEHICLE_ID_MESSAGE],
    ["?job_id=1&vehicle_id=9999999999999999", VEHICLE_ID_MESSAGE],
  ])("is 422 for %j", async (query, message) => {
    const answer = await ask(carrier.email, query);
    expect([answer.status, answer.body]).toEqual([422, { error: message }]);
  });

  it("is 401 signed out", async () => {
    const answer = await request(testApp()).get(`/api/v1/road_charges?job_id=${jobId}&vehicle_id=${vehicleId}`);
    expect([answer.status, answer.body]).toEqual([401, { error: "Please sign in to continue" }]);
  });
});
