import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { createShipper } from "../../support/fixtures.ts";
import { createJob, formBody, jobFormBody } from "../../support/job-fixtures.ts";

let shipper: Awaited<ReturnType<typeof createShipper>>;
let browser: Agent;
let csrf: string;

beforeAll(async () => {
  shipper = await createShipper();
  ({ browser, csrf } = await signedInAgent(shipper.email));
});

const post = (body: { job: Record<string, unknown> }, button: "publish" | "draft") =>
  browser.post("/jobs").type("form").send(formBody({ _csrf: csrf, ...body, [button]: "1" }));
const patch = (id: number, body: { job: Record<string, unknown> }, button: "publish" | "draft" | "save") =>
  browser.post(`/jobs/${id}`).type("form").send(formBody({ _csrf: csrf, _method: "patch", ...body, [button]: "1" }));
const publish = (id: number) => browser.post(`/jobs/${id}/publication`).type("form").send({ _csrf: csrf });
const jobCount = () => db().job.count({ where: { shipperAccountId: shipper.accountId } });
const reload = (id: number) => db().job.findUniqueOrThrow({ where: { id }, include: { locations: { orderBy: [{ kind: "desc" }, { position: "asc" }] } } });
const latestJob = () => db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId }, orderBy: { id: "desc" }, include: { locations: true } });

/** A draft with no delivery address and no pallet quantity. */
const incomplete = (reference: string) => jobFormBody({ reference, quantity_eu: "", deliveries: [{ position: "0", _destroy: "0" }] });

describe("saving an incomplete draft", () => {
  it("lets the browser submit the draft button without its own required-field checks", async () => {
    const page = await browser.get("/jobs/new").expect(200);
    expect(page.text).toMatch(/<button[^>]*name="draft"[^>]*formnovalidate/);
    expect(page.text).not.toMatch(/<button[^>]*name="publish"[^>]*formnovalidate/);
  });

  it("saves with 303, leaves the blanks empty and lists it under Drafts", async () => {
    const response = await post(incomplete("Half-finished pallets"), "draft");
    expect(response.status).toBe(303);
    const job = await latestJob();
    expect(job).toMatchObject({ reference: "Half-finished pallets", status: "draft", publishedAt: null, quantityEu: null, palletType: "eu" });
    expect(job.locations.map((location) => [location.kind, location.city])).toEqual([["pickup", "Leeds"]]);
    const drafts = await browser.get("/jobs?status=draft").expect(200);
    expect(drafts.text).toContain("Half-finished pallets");
  });

  it("saves a draft with only a reference, as a single palletised job", async () => {
    const response = await post({ job: { reference: "Just an idea", job_type: "", load_type: "" } }, "draft");
    expect(response.status).toBe(303);
    expect(await latestJob()).toMatchObject({ reference: "Just an idea", status: "draft", jobType: "single", loadType: "palletised", locations: [] });
    await browser.get(response.headers.location!).expect(200);
    await browser.get(`/jobs/${(await latestJob()).id}/edit`).expect(200);
  });

  it("still needs a reference, and saves nothing without one", async () => {
    const before = await jobCount();
    const response = await post({ job: { reference: "" } }, "draft");
    expect(response.status).toBe(422);
    expect(response.text).toMatch(/id="job_reference_error">Enter a reference for the job</);
    expect(await jobCount()).toBe(before);
  });

  it("refuses an invalid value with 422 beside its field and saves nothing", async () => {
    const before = await jobCount();
    const response = await post(jobFormBody({ reference: "Too many pallets", quantity_eu: "40", total_weight: "heavy", deliveries: [] }), "draft");
    expect(response.status).toBe(422);
    expect(response.text).toContain("At most 33 pallets of this type fit on one vehicle");
    expect(response.text).toMatch(/id="job_total_weight_error">Enter the weight in kilograms as a number</);
    expect(await jobCount()).toBe(before);
  });

  it("publishing from the form still demands the whole form and saves nothing", async () => {
    const before = await jobCount();
    const response = await post(incomplete("Publish me"), "publish");
    expect(response.status).toBe(422);
    expect(response.text).toContain("Enter an address, or a town or city and a country");
    expect(response.text).toContain("Enter how many pallets");
    expect(await jobCount()).toBe(before);
  });
});

describe("publishing an incomplete draft", () => {
  it("answers 422 with the edit form and the messages beside the fields, and leaves it a draft", async () => {
    await post(incomplete("Not ready yet"), "draft");
    const job = await latestJob();
    const response = await publish(job.id);
    expect(response.status).toBe(422);
    expect(response.text).toContain("Add at least one delivery location");
    expect(response.text).toContain("Enter how many pallets");
    expect(response.text).toContain('name="job[deliveries][0][full_address]"');
    expect(response.text).toContain(`action="/jobs/${job.id}"`);
    expect(await reload(job.id)).toMatchObject({ status: "draft", publishedAt: null });
  });

  it("publishes once the shipper completes it", async () => {
    await post(incomplete("Ready later"), "draft");
    const job = await latestJob();
    const pickup = job.locations[0]!;
    const complete = jobFormBody({ reference: "Ready later", pickups: [{ id: String(pickup.id), city: "Leeds", country_code: "GB", latitude: "53.8", longitude: "-1.55", window_date: "2031-03-03" }] });
    expect((await patch(job.id, complete, "publish")).status).toBe(303);
    expect(await reload(job.id)).toMatchObject({ status: "open" });
  });
});

describe("editing a draft", () => {
  it("saves it incomplete, removing a saved location that was emptied", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { status: "draft", publishedAt: null, vehicleTypes: '["box"]' });
    const pickup = job.locations.find((location) => location.kind === "pickup")!;
    const delivery = job.locations.find((location) => location.kind === "delivery")!;
    const body = jobFormBody({
      reference: "Still drafting", pallet_type: "", quantity_eu: "",
      pickups: [{ id: String(pickup.id), city: "Leeds", country_code: "GB" }],
      deliveries: [{ id: String(delivery.id), position: "0", _destroy: "0" }],
    });
    expect((await patch(job.id, body, "draft")).status).toBe(303);
    const saved = await reload(job.id);
    expect(saved).toMatchObject({ reference: "Still drafting", status: "draft", palletType: null, quantityEu: null });
    expect(saved.locations.map((location) => [location.id, location.windowDate])).toEqual([[pickup.id, null]]);
  });

  it("refuses an invalid value in a draft and changes nothing", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Untouched draft", status: "draft", publishedAt: null });
    const response = await patch(job.id, jobFormBody({ reference: "Changed", pickups: [{ city: "Leeds", country_code: "GB", window_from: "14:00", window_to: "09:00" }] }), "draft");
    expect(response.status).toBe(422);
    expect(response.text).toContain("The time window must end after it starts");
    expect(await reload(job.id)).toMatchObject({ reference: "Untouched draft", status: "draft" });
  });

  it("publishing from the edit form answers 422 for an incomplete draft and leaves it a draft", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Edit then publish", status: "draft", publishedAt: null });
    const response = await patch(job.id, incomplete("Edit then publish"), "publish");
    expect(response.status).toBe(422);
    expect(response.text).toContain("Enter how many pallets");
    expect(await reload(job.id)).toMatchObject({ status: "draft", quantityStandard: 20 });
  });

  it("a published job still needs the whole form when saved", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Live job", vehicleTypes: '["box"]' });
    const response = await patch(job.id, incomplete("Live job"), "save");
    expect(response.status).toBe(422);
    expect(response.text).toContain("Enter how many pallets");
    expect(await reload(job.id)).toMatchObject({ status: "open", quantityStandard: 20 });
  });
});
