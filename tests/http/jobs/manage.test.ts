import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob, formBody, jobFormBody } from "../../support/job-fixtures.ts";

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let browser: Agent;
let csrf: string;

beforeAll(async () => {
  shipper = await createShipper();
  ({ browser, csrf } = await signedInAgent(shipper.email));
});

const newJob = (overrides = {}) => createJob(shipper.accountId, shipper.id, overrides);
const patch = (id: number, job: Record<string, unknown>, extra: Record<string, string> = {}) =>
  browser.post(`/jobs/${id}`).type("form").send(formBody({ _csrf: csrf, _method: "patch", job, ...extra }));
const action = (path: string, agent = browser, token = csrf) => agent.post(path).type("form").send({ _csrf: token });
const reload = (id: number) => db().job.findUniqueOrThrow({ where: { id }, include: { locations: { orderBy: [{ kind: "desc" }, { position: "asc" }] } } });

/** The edit form's own fields for a job, as the browser would post them back. */
async function editFormOf(id: number) {
  const page = await browser.get(`/jobs/${id}/edit`).expect(200);
  return page.text;
}

describe("GET /jobs/:id/edit", () => {
  it("fills the form with the saved job, its locations carrying their ids", async () => {
    const job = await newJob({ reference: "Saved job", vehicleTypes: '["box"]' });
    const html = await editFormOf(job.id);
    expect(html).toContain('value="Saved job"');
    expect(html).toMatch(/<option value="box" selected>/);
    const pickup = job.locations.find((l) => l.kind === "pickup")!;
    expect(html).toContain(`name="job[pickups][0][id]" value="${pickup.id}"`);
    expect(html).toContain('name="job[pickups][0][window_date]" type="date" value="2027-03-03"');
    expect(html).toContain('name="_method" value="patch"');
  });
});

describe("PATCH /jobs/:id", () => {
  it("saves changes, updates a location in place, adds one and removes one", async () => {
    const job = await newJob({
      locations: [
        { kind: "pickup", position: 0, city: "Leeds", countryCode: "GB", windowDate: new Date("2031-03-03T00:00:00Z") },
        { kind: "pickup", position: 1, city: "York", countryCode: "GB", windowDate: new Date("2031-03-03T00:00:00Z") },
        { kind: "delivery", position: 0, city: "Bristol", countryCode: "GB" },
      ],
    });
    const [leeds, york, bristol] = job.locations.toSorted((a, b) => a.id - b.id);
    const body = jobFormBody({
      reference: "Changed",
      pickups: [
        { id: String(york!.id), _destroy: "1", city: "York", country_code: "GB" },
        { id: String(leeds!.id), city: "Wakefield", country_code: "GB", latitude: "53.68", longitude: "-1.5", window_date: "2031-03-05", position: "0" },
        { city: "Hull", country_code: "GB", latitude: "53.74", longitude: "-0.33", window_date: "2031-03-05", position: "1" },
      ],
      deliveries: [{ id: String(bristol!.id), city: "Bristol", country_code: "GB", latitude: "51.45", longitude: "-2.59" }],
    });
    const response = await patch(job.id, body.job);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/jobs/${job.id}`);
    const saved = await reload(job.id);
    expect(saved.reference).toBe("Changed");
    expect(saved.locations.map((l) => [l.kind, l.city, l.position])).toEqual([["pickup", "Wakefield", 0], ["pickup", "Hull", 1], ["delivery", "Bristol", 0]]);
    expect(saved.locations[0]!.id).toBe(leeds!.id);
    expect(await db().jobLocation.findUnique({ where: { id: york!.id } })).toBeNull();
    expect(saved.status).toBe("open");
  });

  it("answers 422 with messages and changes nothing", async () => {
    const job = await newJob({ reference: "Untouched" });
    const response = await patch(job.id, jobFormBody({ reference: "", quantity_eu: "99" }).job);
    expect(response.status).toBe(422);
    expect(response.text).toContain("Enter a reference for the job");
    expect(response.text).toContain("At most 33 pallets of this type fit on one vehicle");
    expect((await reload(job.id)).reference).toBe("Untouched");
  });

  it("publishes a draft when Publish is pressed, and keeps it a draft otherwise", async () => {
    const job = await newJob({ status: "draft", publishedAt: null });
    await patch(job.id, jobFormBody({ reference: "Still a draft" }).job, { draft: "1" }).expect(303);
    expect(await reload(job.id)).toMatchObject({ reference: "Still a draft", status: "draft", publishedAt: null });
    await patch(job.id, jobFormBody({ reference: "Now public" }).job, { publish: "1" }).expect(303);
    const published = await reload(job.id);
    expect(published).toMatchObject({ reference: "Now public", status: "open" });
    expect(published.publishedAt).toBeInstanceOf(Date);
  });

  it("is refused once a quote has been accepted, and the job stays as it was", async () => {
    const carrier = await createCarrier();
    const job = await newJob({ reference: "Accepted" });
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 50_000, numberOfLoads: 1, status: "accepted" } });
    const response = await patch(job.id, jobFormBody({ reference: "Sneaky change" }).job);
    expect(response.status).toBe(303);
    expect((await reload(job.id)).reference).toBe("Accepted");
    const page = await browser.get(`/jobs/${job.id}`).expect(200);
    expect(page.text).toContain("This job can no longer be changed: a quote has been accepted.");
    expect(page.text).not.toContain(`href="/jobs/${job.id}/edit"`);
    const edit = await browser.get(`/jobs/${job.id}/edit`);
    expect(edit.status).toBe(303);
  });
});

describe("POST /jobs/:id/publication", () => {
  it("publishes a complete draft", async () => {
    const job = await newJob({ status: "draft", publishedAt: null, vehicleTypes: '["box"]', loadingMethod: "rear" });
    await action(`/jobs/${job.id}/publication`).expect(303);
    expect((await reload(job.id)).status).toBe("open");
  });

  it("sends an incomplete draft back to its form with the problems", async () => {
    const job = await newJob({ status: "draft", publishedAt: null, vehicleTypes: "[]" });
    const response = await action(`/jobs/${job.id}/publication`);
    expect(response.status).toBe(422);
    expect(response.text).toContain("Choose at least one vehicle type");
    expect((await reload(job.id)).status).toBe("draft");
  });
});

describe("POST /jobs/:id/cancellation", () => {
  it("cancels an open job", async () => {
    const job = await newJob();
    const response = await action(`/jobs/${job.id}/cancellation`).expect(303);
    const page = await browser.get(response.headers.location!).expect(200);
    expect(page.text).toContain("Job cancelled.");
    const cancelled = await reload(job.id);
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
  });

  it("tells the carriers who quoted (not one who withdrew) that the job was cancelled", async () => {
    const job = await newJob({ reference: "Called off" });
    const [quoting, withdrawn] = [await createCarrier(), await createCarrier()];
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: quoting.accountId, placedById: quoting.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: withdrawn.accountId, placedById: withdrawn.id, valueCents: 41_000, numberOfLoads: 1, status: "withdrawn" } });
    await action(`/jobs/${job.id}/cancellation`).expect(303);
    const told = await db().notification.findMany({ where: { kind: "job_cancelled", path: `/jobs/${job.id}` }, select: { userId: true } });
    expect(told.map((n) => n.userId)).toEqual([quoting.id]);
  });

  it("refuses to cancel an awarded job", async () => {
    const job = await newJob({ status: "awarded" });
    const response = await action(`/jobs/${job.id}/cancellation`).expect(303);
    const page = await browser.get(response.headers.location!).expect(200);
    expect(page.text).toContain("This job can no longer be cancelled");
    expect((await reload(job.id)).status).toBe("awarded");
  });
});

describe("another account's jobs", () => {
  it("are 404 to a shipper: page, edit, save, publish, cancel and post again", async () => {
    const other = await createShipper();
    const theirs = await createJob(other.accountId, other.id, { reference: "Not yours", status: "draft" });
    await browser.get(`/jobs/${theirs.id}`).expect(404);
    await browser.get(`/jobs/${theirs.id}/edit`).expect(404);
    await patch(theirs.id, jobFormBody().job).expect(404);
    await action(`/jobs/${theirs.id}/publication`).expect(404);
    await action(`/jobs/${theirs.id}/cancellation`).expect(404);
    await browser.get(`/jobs/new?from=${theirs.id}`).expect(404);
    expect(await reload(theirs.id)).toMatchObject({ reference: "Not yours", status: "draft" });
    const list = await browser.get("/jobs?status=draft").expect(200);
    expect(list.text).not.toContain("Not yours");
  });

  it("lets a carrier read a published job in full but not a draft, and never change one", async () => {
    const carrier = await createCarrier();
    const { browser: carrierBrowser, csrf: carrierCsrf } = await signedInAgent(carrier.email);
    const open = await newJob({ reference: "Open to carriers", additionalNotes: "Forklift on site" });
    const draft = await newJob({ reference: "Secret draft", status: "draft" });
    const page = await carrierBrowser.get(`/jobs/${open.id}`).expect(200);
    expect(page.text).toContain("Open to carriers");
    expect(page.text).toContain("Forklift on site");
    expect(page.text).toContain("Leeds");
    expect(page.text).not.toContain("Cancel job");
    await carrierBrowser.get(`/jobs/${draft.id}`).expect(404);
    await carrierBrowser.get(`/jobs/${open.id}/edit`).expect(404);
    await action(`/jobs/${open.id}/cancellation`, carrierBrowser, carrierCsrf).expect(404);
    expect((await reload(open.id)).status).toBe("open");
  });

  it("answers 404 for ids that are not numbers", async () => {
    await browser.get("/jobs/abc").expect(404);
  });
});

describe("GET /jobs (the shipper's list)", () => {
  it("shows 50 jobs a page, newest first, with links between pages that keep the tab", async () => {
    const lister = await createShipper();
    const office = await signedInAgent(lister.email);
    await db().job.createMany({
      data: Array.from({ length: 53 }, (_, i) => ({
        shipperAccountId: lister.accountId, createdById: lister.id, reference: `Listed ${String(i).padStart(2, "0")}`, status: "open",
        jobType: "single", loadType: "palletised", createdAt: new Date(Date.UTC(2030, 0, 1, 0, i)),
      })),
    });
    const referencesOn = (html: string) => Array.from(html.matchAll(/>(Listed \d\d)</g), (match) => match[1]);
    const first = await office.browser.get("/jobs?status=open").expect(200);
    expect([referencesOn(first.text).length, referencesOn(first.text)[0]]).toEqual([50, "Listed 52"]);
    expect(first.text).toContain("Page 1 of 2");
    expect(first.text).toContain('href="/jobs?status=open&amp;page=2"');
    const second = await office.browser.get("/jobs?status=open&page=2").expect(200);
    expect(referencesOn(second.text)).toEqual(["Listed 02", "Listed 01", "Listed 00"]);
    const beyond = await office.browser.get("/jobs?status=open&page=40").expect(200);
    expect([beyond.text.includes("Page 2 of 2"), referencesOn(beyond.text).length]).toEqual([true, 3]);
  });
});
