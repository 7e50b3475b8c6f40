import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { formBody, jobFormBody } from "../../support/job-fixtures.ts";

let shipper: Awaited<ReturnType<typeof createShipper>>;
let browser: Agent;
let csrf: string;

beforeAll(async () => {
  shipper = await createShipper({ company: "Northwind Test Foods" });
  ({ browser, csrf } = await signedInAgent(shipper.email));
});

const post = (body: { job: Record<string, unknown> }, button: "publish" | "draft" = "publish") =>
  browser.post("/jobs").type("form").send(formBody({ _csrf: csrf, ...body, [button]: "1" }));

const jobCount = () => db().job.count({ where: { shipperAccountId: shipper.accountId } });

async function latestJob() {
  return db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId }, orderBy: { id: "desc" }, include: { locations: { orderBy: [{ kind: "desc" }, { position: "asc" }] } } });
}

describe("GET /jobs/new", () => {
  it("shows the job form to a shipper, with every visibility group marked for the browser", async () => {
    const page = await browser.get("/jobs/new").expect(200);
    expect(page.text).toContain('data-controller="job-form unsaved-changes"');
    for (const group of ["start_date", "pallet_type", "container_size", "customs_paperwork", "window_single", "auction"]) {
      expect(page.text).toContain(`data-visibility-group="${group}"`);
    }
    expect(page.text).toContain('name="job[pickups][0][full_address]"');
    expect(page.text).toContain('name="job[deliveries][NEW_RECORD][full_address]"');
  });

  it("asks for an assigned driver only when the account has drivers", async () => {
    expect((await browser.get("/jobs/new")).text).not.toContain('data-visibility-group="assigned_driver"');
    await createUser("shipper", { role: "driver", accountId: shipper.accountId, name: "Own Fleet Driver" });
    const page = await browser.get("/jobs/new");
    expect(page.text).toContain('data-visibility-group="assigned_driver"');
    expect(page.text).toContain("Own Fleet Driver");
  });

  it("renders groups that do not apply to a new single palletised job as hidden", async () => {
    const page = await browser.get("/jobs/new").expect(200);
    expect(page.text).toMatch(/data-visibility-group="start_date" hidden/);
    expect(page.text).toMatch(/data-visibility-group="container_size" hidden/);
    expect(page.text).not.toMatch(/data-visibility-group="pallet_type" hidden/);
  });

  it("offers the account's drivers for a single load", async () => {
    await createUser("shipper", { accountId: shipper.accountId, role: "driver", name: "Dan Driver" });
    const page = await browser.get("/jobs/new").expect(200);
    expect(page.text).toContain("Dan Driver");
  });
});

describe("POST /jobs", () => {
  it("publishes a job: open for quotes, with its locations in order", async () => {
    const response = await post(jobFormBody({ reference: "Published pallets" }));
    expect(response.status).toBe(303);
    const job = await latestJob();
    expect(response.headers.location).toBe(`/jobs/${job.id}`);
    expect(job).toMatchObject({ reference: "Published pallets", status: "open", jobType: "single", loadType: "palletised", quantityEu: 20, totalWeightKg: 9500, expectedQuantity: 1, createdById: shipper.id });
    expect(job.publishedAt).toBeInstanceOf(Date);
    expect(JSON.parse(job.vehicleTypes)).toEqual(["curtain_side", "artic"]);
    expect(job.startDate?.toISOString()).toBe("2031-03-03T00:00:00.000Z");
    expect(job.locations.map((l) => [l.kind, l.city, l.windowFrom])).toEqual([["pickup", "Leeds", "08:00"], ["delivery", "Bristol", null]]);
    const page = await browser.get(response.headers.location!).expect(200);
    expect(page.text).toContain("Your job is published and on the job board.");
  });

  it("saves a draft when the draft button is pressed", async () => {
    const response = await post(jobFormBody({ reference: "Draft pallets" }), "draft");
    expect(response.status).toBe(303);
    const job = await latestJob();
    expect(job).toMatchObject({ reference: "Draft pallets", status: "draft", publishedAt: null });
  });

  it("publishes an auction that opens later as scheduled, and one that is already open as live", async () => {
    await post(jobFormBody({ reference: "Later auction", is_auction: ["0", "1"], auction_opens_at: "2031-01-01T09:00", auction_closes_at: "2031-01-02T09:00", secure_now_price: "450" }));
    expect(await latestJob()).toMatchObject({ reference: "Later auction", status: "scheduled", isAuction: true, secureNowPriceCents: 45000 });
    await post(jobFormBody({ reference: "Running auction", is_auction: "1", auction_opens_at: "2020-01-01T09:00", auction_closes_at: "2031-01-02T09:00" }));
    expect(await latestJob()).toMatchObject({ reference: "Running auction", status: "live" });
  });

  it("refuses to publish an auction that has already closed", async () => {
    const before = await jobCount();
    const response = await post(jobFormBody({ is_auction: "1", auction_opens_at: "2020-01-01T09:00", auction_closes_at: "2020-01-02T09:00" }));
    expect(response.status).toBe(422);
    expect(response.text).toContain("The auction must close in the future");
    expect(await jobCount()).toBe(before);
  });

  it("answers 422 with each message beside its field, keeps what was typed and saves nothing", async () => {
    const before = await jobCount();
    const response = await post(
      jobFormBody({ reference: "", quantity_eu: "40", pickups: [{ city: "Leeds", country_code: "GB", window_date: "2031-03-05" }], deliveries: [{ city: "Bristol", country_code: "GB", window_date: "2031-03-01" }], total_weight: "heavy" }),
    );
    expect(response.status).toBe(422);
    expect(response.text).toMatch(/id="job_reference_error">Enter a reference for the job</);
    expect(response.text).toMatch(/id="job_total_weight_error">Enter the weight in kilograms as a number</);
    expect(response.text).toContain("At most 33 pallets of this type fit on one vehicle");
    expect(response.text).toMatch(/id="job_deliveries_0_window_date_error">The delivery date cannot be before the collection date</);
    expect(response.text).toContain('value="heavy"');
    expect(response.text).toContain('data-unsaved-changes-dirty-value="true"');
    expect(await jobCount()).toBe(before);
  });

  it("needs at least one pickup and one delivery", async () => {
    const response = await post(jobFormBody({ pickups: [{ city: "Leeds", country_code: "GB", _destroy: "1" }], deliveries: [] }));
    expect(response.status).toBe(422);
    expect(response.text).toContain("Add at least one pickup location");
    expect(response.text).toContain("Add at least one delivery location");
  });

  it("asks who handles customs for Great Britain to Northern Ireland, and saves the answer", async () => {
    const toBelfast = { deliveries: [{ city: "Belfast", post_code: "BT1 5GS", region: "Northern Ireland", country_code: "GB", window_date: "2031-03-05" }] };
    const refused = await post(jobFormBody(toBelfast));
    expect(refused.status).toBe(422);
    expect(refused.text).toContain("Choose who handles the customs paperwork");
    await post(jobFormBody({ ...toBelfast, reference: "To Belfast", customs_paperwork: "windsor_green_lane" })).expect(303);
    expect(await latestJob()).toMatchObject({ reference: "To Belfast", customsPaperwork: "windsor_green_lane" });
  });

  it("ignores what hidden groups post: no container size on pallets, no customs paperwork within Great Britain", async () => {
    await post(jobFormBody({ reference: "Stale fields", container_size: "40ft", customs_paperwork: "t1_transit", start_date: "2031-01-01", frequency: "daily" })).expect(303);
    expect(await latestJob()).toMatchObject({ reference: "Stale fields", containerSize: null, customsPaperwork: null, frequency: null });
  });

  it("looks up coordinates, town and country when only a full address was typed", async () => {
    await post(jobFormBody({
      reference: "Typed addresses",
      customs_paperwork: "windsor_green_lane",
      pickups: [{ full_address: "Manchester M17 1AB", window_date: "2031-03-03" }],
      deliveries: [{ full_address: "Belfast BT1 5GS, Northern Ireland" }],
    })).expect(303);
    const job = await latestJob();
    const [pickup, delivery] = job.locations;
    expect(pickup).toMatchObject({ fullAddress: "Manchester M17 1AB", city: "Manchester", countryCode: "GB" });
    expect(pickup?.latitude).toBeCloseTo(53.48, 1);
    expect(delivery).toMatchObject({ city: "Belfast", countryCode: "GB", region: "Northern Ireland" });
    expect(delivery?.longitude).toBeCloseTo(-5.93, 1);
  });

  it("saves a multi-load job with its schedule and expected loads", async () => {
    await post(jobFormBody({
      reference: "Weekday drums", job_type: "multi", start_date: "2031-03-03", end_date: "2031-03-14", frequency: "weekdays", number_of_loads: "2",
      load_type: "drums", load_quantity: "80", pickups: [{ city: "Leeds", country_code: "GB", window_from: "06:00", window_to: "09:00" }],
    })).expect(303);
    expect(await latestJob()).toMatchObject({ jobType: "multi", frequency: "weekdays", expectedQuantity: 20, loadQuantity: 80, palletType: null, quantityEu: null });
  });

  it("saves a contract with its monthly estimates and end date", async () => {
    await post(jobFormBody({
      reference: "Container contract", job_type: "contract", start_date: "2031-03-14", contract_duration: "six_months", load_type: "shipping_container", container_size: "40ft_hc",
      additional_data: { load_estimates: ["2031-03", "2031-04", "2031-05", "2031-06", "2031-07", "2031-08"].map((month) => ({ month, number_of_loads: "4" })) },
    })).expect(303);
    const job = await latestJob();
    expect(job).toMatchObject({ jobType: "contract", contractDuration: "six_months", containerSize: "40ft_hc", expectedQuantity: 24, vehicleTypes: "[]" });
    expect(job.endDate?.toISOString().slice(0, 10)).toBe("2031-09-13");
    expect(JSON.parse(job.additionalData).load_estimates[0]).toEqual({ month: "2031-03", number_of_loads: 4 });
  });

  it("refuses a driver from another account", async () => {
    const stranger = await createUser("carrier", { role: "driver" });
    const response = await post(jobFormBody({ assigned_driver_id: String(stranger.id) }));
    expect(response.status).toBe(422);
    expect(response.text).toContain("Choose a driver from the list");
  });
});

describe("carriers cannot post jobs", () => {
  it("refuses the form and the post, and saves nothing", async () => {
    const carrier = await createCarrier();
    const { browser: carrierBrowser, csrf: carrierCsrf } = await signedInAgent(carrier.email);
    await carrierBrowser.get("/jobs/new").expect(403);
    await carrierBrowser.post("/jobs").type("form").send(formBody({ _csrf: carrierCsrf, ...jobFormBody(), publish: "1" })).expect(403);
    expect(await db().job.count({ where: { shipperAccountId: carrier.accountId } })).toBe(0);
  });
});
