import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { pageText } from "../pools/pool-helpers.ts";

// The load page's vehicle choice warns before a vehicle goes where the route does not allow it,
// naming the zone and why; the office may still choose it.

type User = Awaited<ReturnType<typeof createShipper>>;
const place = (city: string, latitude: number, longitude: number) =>
  ({ city, latitude, longitude, countryCode: "GB", windowDate: new Date("2027-03-03T00:00:00Z"), windowFrom: "08:00", windowTo: "16:00" });

let carrier: User;
let loadId: number;

beforeEach(async () => {
  const shipper = await createShipper();
  carrier = await createCarrier();
  const job = await createJob(shipper.accountId, shipper.id, { pickup: place("Stirling", 56.1165, -3.9369), delivery: place("Glasgow", 55.8591, -4.258) });
  await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
  expect(await awardJob(job.id)).toMatchObject({ ok: true });
  loadId = (await db().load.findFirstOrThrow({ where: { jobId: job.id } })).id;
});

const vehicle = (registration: string, euroStandard: string) =>
  db().vehicle.create({ data: { accountId: carrier.accountId, registration, vehicleType: "artic", payloadKg: 29_000, euroStandard, grossWeightKg: 44_000, axles: 5 } });

describe("choosing a load's vehicle", () => {
  it("warns that a Euro 5 lorry is not allowed in the Glasgow LEZ, and still lets the office choose it", async () => {
    const old = await vehicle("AB12 CDE", "euro_5");
    await vehicle("CD34 EFG", "euro_6");
    const { browser, csrf } = await signedInAgent(carrier.email);
    const page = await browser.get(`/loads/${loadId}`);
    expect(page.status).toBe(200);
    const warning = pageText(/<div class="flash flash-alert road-charges-warning"[\s\S]*?<\/div>/.exec(page.text)?.[0] ?? "");
    expect(warning).toBe(
      "Road charges: the load's route goes where these vehicles are not allowed. You may still choose one. " +
        "AB12 CDE : Glasgow LEZ: Not allowed: Glasgow LEZ refuses vehicles below Euro VI: entering is a penalty charge, not a fee",
    );
    expect(page.text).toContain(`AB12 CDE · Articulated (44 t) · 29,000 kg · not allowed on this route</option>`);
    expect(page.text).toContain(`CD34 EFG · Articulated (44 t) · 29,000 kg</option>`);
    const saved = await browser.post(`/loads/${loadId}/vehicle`).type("form").send({ _csrf: csrf, _method: "patch", vehicle_id: String(old.id) });
    expect(saved.status).toBe(303);
    expect((await db().load.findUniqueOrThrow({ where: { id: loadId } })).vehicleId).toBe(old.id);
  });

  it("warns the same on the page a refused choice comes back to, and saves nothing", async () => {
    const old = await vehicle("AB12 CDE", "euro_5");
    const { browser, csrf } = await signedInAgent(carrier.email);
    const refused = await browser.post(`/loads/${loadId}/vehicle`).type("form").send({ _csrf: csrf, _method: "patch", vehicle_id: "999999999" });
    expect(refused.status).toBe(422);
    expect(pageText(/<div class="flash flash-alert road-charges-warning"[\s\S]*?<\/div>/.exec(refused.text)?.[0] ?? "")).toContain("AB12 CDE : Glasgow LEZ: Not allowed");
    expect(refused.text).toContain(`<option value="${old.id}">AB12 CDE · Articulated (44 t) · 29,000 kg · not allowed on this route</option>`);
    expect((await db().load.findUniqueOrThrow({ where: { id: loadId } })).vehicleId).toBeNull();
  });

  it("gives no warning when every vehicle may go", async () => {
    await vehicle("CD34 EFG", "euro_6");
    const { browser } = await signedInAgent(carrier.email);
    const page = await browser.get(`/loads/${loadId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("CD34 EFG");
    expect(page.text).not.toContain("road-charges-warning");
  });
});
