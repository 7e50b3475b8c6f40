import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { formatCo2e } from "#domain/maps/emissions.ts";
import { awardJob } from "#models/award.server.ts";
import { fillMissingJobCo2e, perLoadCo2eGrams } from "#models/jobs/co2e.server.ts";
import { jobTrip } from "#geo/trips.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { chartPropsIn } from "../../support/chart-fixtures.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob, formBody, jobFormBody } from "../../support/job-fixtures.ts";

// CO2e per month on the shipper's dashboard: each job's per-load figure is stored (worked out by
// the same function as the job and load pages), and the database adds the delivered loads up.

const PERIOD = "period=custom&from=2026-01&to=2026-03";
const LEEDS = { city: "Leeds", latitude: 53.789, longitude: -1.508 };
const GLASGOW = { city: "Glasgow", latitude: 55.868, longitude: -4.133 };
const MANCHESTER = { city: "Manchester", latitude: 53.464, longitude: -2.321 };
const BRISTOL = { city: "Bristol", latitude: 51.505, longitude: -2.676 };

let shipper: Awaited<ReturnType<typeof createShipper>>;
let carrier: Awaited<ReturnType<typeof createCarrier>>;
const jobs: Record<"trunk" | "chilled" | "unplaced", { id: number }> = {} as never;
let trunkLoadId = 0;

type Delivery = { deliveredAt?: string; status?: string };
async function jobWith(owner: { accountId: number; id: number }, vehicleTypes: string, from: object, to: object, loads: Delivery[]) {
  const job = await createJob(owner.accountId, owner.id, { status: "completed", jobType: "multi", vehicleTypes, expectedQuantity: loads.length, pickup: from, delivery: to });
  await db().load.createMany({
    data: loads.map((load, i) => ({
      jobId: job.id, sequence: i + 1, carrierAccountId: carrier.accountId, status: load.status ?? "delivered", priceCents: 40_000,
      pickupDate: new Date(`${(load.deliveredAt ?? "2026-03-10").slice(0, 10)}T00:00:00Z`), deliveredAt: load.deliveredAt ? new Date(load.deliveredAt) : null,
    })),
  });
  return job;
}

beforeAll(async () => {
  shipper = await createShipper({ company: "Carbon Foods Ltd" });
  carrier = await createCarrier({ company: "Carbon Haulage Ltd" });
  jobs.trunk = await jobWith(shipper, '["artic"]', LEEDS, GLASGOW, [
    { deliveredAt: "2026-01-10T12:00:00Z" },
    { deliveredAt: "2026-01-20T12:00:00Z" },
    { deliveredAt: "2026-02-05T12:00:00Z" },
    { status: "assigned" }, // not delivered: not counted
  ]);
  jobs.chilled = await jobWith(shipper, '["refrigerated", "rigid_18t"]', MANCHESTER, BRISTOL, [{ deliveredAt: "2026-02-14T12:00:00Z" }]);
  // No coordinates, so no route: its page shows no CO2e, and it adds nothing.
  jobs.unplaced = await jobWith(shipper, "[]", { city: "Nowhere" }, { city: "Elsewhere" }, [{ deliveredAt: "2026-01-15T12:00:00Z" }]);
  // Another shipper's load in the same months: never on Carbon Foods' chart.
  const stranger = await createShipper({ company: "Other Carbon Ltd" });
  await jobWith(stranger, '["artic"]', LEEDS, GLASGOW, [{ deliveredAt: "2026-01-12T12:00:00Z" }]);
  trunkLoadId = (await db().load.findFirstOrThrow({ where: { jobId: jobs.trunk.id, sequence: 1 } })).id;
  await fillMissingJobCo2e();
});

const storedGrams = async (jobId: number) => (await db().job.findUniqueOrThrow({ where: { id: jobId }, select: { co2eGramsPerLoad: true } })).co2eGramsPerLoad;
const pageKg = async (jobId: number) => (await jobTrip(await db().job.findUniqueOrThrow({ where: { id: jobId }, include: { locations: true } }))).co2eKg;

describe("each job's CO2e per load", () => {
  it("is filled in for jobs without one, as the job page reckons it, and 0 without a route", async () => {
    for (const job of [jobs.trunk, jobs.chilled]) {
      const kg = await pageKg(job.id);
      expect(kg).toBeGreaterThan(100);
      expect(await storedGrams(job.id)).toBe(Math.round(kg! * 1000));
    }
    expect(await pageKg(jobs.unplaced.id)).toBeNull();
    expect(await storedGrams(jobs.unplaced.id)).toBe(0);
    expect(await fillMissingJobCo2e()).toBe(0);
  });

  it("matches the figure the load's own page shows", async () => {
    const { browser } = await signedInAgent(shipper.email);
    const page = (await browser.get(`/loads/${trunkLoadId}`).expect(200)).text;
    expect(page).toContain(formatCo2e((await storedGrams(jobs.trunk.id))! / 1000));
  });

  it("is set when a job is posted and worked out again when its route or vehicle types change", async () => {
    const { browser, csrf } = await signedInAgent(shipper.email);
    const created = await browser.post("/jobs").type("form").send(formBody({ _csrf: csrf, ...jobFormBody({ reference: "CO2e on save" }), publish: "1" })).expect(303);
    const id = Number(/\/jobs\/(\d+)/.exec(created.headers.location!)![1]);
    const first = await storedGrams(id);
    expect(first).toBe(Math.round((await pageKg(id))! * 1000));
    const job = await db().job.findUniqueOrThrow({ where: { id }, include: { locations: true } });
    const pickup = job.locations.find((l) => l.kind === "pickup")!;
    const delivery = job.locations.find((l) => l.kind === "delivery")!;
    const body = jobFormBody({
      reference: "CO2e on save",
      vehicle_types: ["van"],
      pickups: [{ id: String(pickup.id), city: "Leeds", country_code: "GB", latitude: "53.8", longitude: "-1.55", window_date: "2031-03-03" }],
      deliveries: [{ id: String(delivery.id), city: "Glasgow", country_code: "GB", latitude: "55.86", longitude: "-4.25", window_date: "2031-03-04" }],
    });
    await browser.post(`/jobs/${id}`).type("form").send(formBody({ _csrf: csrf, _method: "patch", job: body.job })).expect(303);
    const second = await storedGrams(id);
    expect(second).not.toBe(first);
    expect(second).toBe(Math.round((await pageKg(id))! * 1000));
  });

  it("is set at award for a job saved before figures were kept", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { vehicleTypes: '["luton"]', pickup: LEEDS, delivery: BRISTOL });
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
    expect(await storedGrams(job.id)).toBeNull();
    expect(await awardJob(job.id)).toMatchObject({ ok: true });
    expect(await storedGrams(job.id)).toBe(await perLoadCo2eGrams(await db().job.findUniqueOrThrow({ where: { id: job.id }, include: { locations: true } })));
    expect(await storedGrams(job.id)).toBeGreaterThan(0);
  });
});

describe("the CO2e per month chart", () => {
  it("adds up the shipper's delivered loads per London month, in whole kilograms, others' loads left out", async () => {
    const trunk = (await storedGrams(jobs.trunk.id))!;
    const chilled = (await storedGrams(jobs.chilled.id))!;
    const { browser } = await signedInAgent(shipper.email);
    const page = (await browser.get(`/dashboard?${PERIOD}`).expect(200)).text;
    const chart = chartPropsIn(page, "chart-co2e-per-month");
    expect(chart.labels).toEqual(["Jan 2026", "Feb 2026", "Mar 2026"]);
    expect(chart.values).toEqual([Math.round((2 * trunk) / 1000), Math.round((trunk + chilled) / 1000), 0]);
    expect(page).toContain("CO2e per month");
  });

  it("downloads as CSV with ISO months, and is a shipper's chart only", async () => {
    const trunk = (await storedGrams(jobs.trunk.id))!;
    const chilled = (await storedGrams(jobs.chilled.id))!;
    const { browser } = await signedInAgent(shipper.email);
    const csv = await browser.get(`/dashboard/charts/co2e-per-month.csv?${PERIOD}`).expect(200);
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="co2e-per-month-2026-01-to-2026-03.csv"');
    expect(csv.text).toBe(`Month,kg CO2e\r\n2026-01-01,${Math.round((2 * trunk) / 1000)}\r\n2026-02-01,${Math.round((trunk + chilled) / 1000)}\r\n2026-03-01,0\r\n`);
    await (await signedInAgent(carrier.email)).browser.get(`/dashboard/charts/co2e-per-month.csv?${PERIOD}`).expect(404);
  });
});
