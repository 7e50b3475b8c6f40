import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { createShipper } from "../../support/fixtures.ts";
import { createJob, formBody } from "../../support/job-fixtures.ts";

// "Post again" opens the new-job form filled with a job's answers and saves nothing: the job exists
// only once the shipper saves or publishes the form, so leaving it (Cancel, Back) leaves no draft.

let shipper: Awaited<ReturnType<typeof createShipper>>;
let browser: Agent;
let csrf: string;

beforeAll(async () => {
  shipper = await createShipper();
  ({ browser, csrf } = await signedInAgent(shipper.email));
});

const jobsOfShipper = () => db().job.count({ where: { shipperAccountId: shipper.accountId } });

/** The value of the form field named `name` on a page. */
const fieldValue = (html: string, name: string) => new RegExp(`name="${name.replace(/[[\]]/g, "\\$&")}"[^>]*value="([^"]*)"`).exec(html)?.[1];

describe("Post again", () => {
  it("is a link from the job page to the new-job form, not a form that saves", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Weekly pallets", status: "completed" });
    const page = (await browser.get(`/jobs/${job.id}`).expect(200)).text;
    expect(page).toContain(`<a class="button" href="/jobs/new?from=${job.id}">Post again</a>`);
    expect(page).not.toContain(`/jobs/${job.id}/copy`);
  });

  it("fills the new-job form with the job's answers and creates nothing", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Weekly pallets", status: "cancelled", cancelledAt: new Date(), vehicleTypes: '["box"]', palletType: "eu", quantityEu: 12 });
    const before = await jobsOfShipper();

    const form = (await browser.get(`/jobs/new?from=${job.id}`).expect(200)).text;

    expect(await jobsOfShipper()).toBe(before);
    expect(form).toContain("Posting “Weekly pallets” again: its answers are filled in. Check the dates, then save a draft or publish. Nothing is saved until you do.");
    expect(form).toContain('action="/jobs"');
    expect(form).not.toContain('name="_method" value="patch"');
    expect(fieldValue(form, "job[reference]")).toBe("Weekly pallets");
    expect(/name="job\[quantity_eu\]"[^>]*>[\s\S]*?<\/select>/.exec(form)?.[0]).toMatch(/<option value="12" selected>/);
    expect(form).toMatch(/<option value="box" selected>/);
    expect(fieldValue(form, "job[pickups][0][city]")).toBe("Leeds");
    expect(fieldValue(form, "job[deliveries][0][city]")).toBe("Bristol");
    // The new job's locations are new: the form carries none of the original's ids.
    expect(form).not.toMatch(/name="job\[(pickups|deliveries)\]\[\d+\]\[id\]"/);
  });

  it("creates the job when the filled-in form is saved, leaving the original as it was", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Monthly drums", status: "completed" });
    const form = (await browser.get(`/jobs/new?from=${job.id}`).expect(200)).text;
    const fields = Object.fromEntries([...form.matchAll(/<input[^>]*name="(job\[[^"]+\])"[^>]*value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replaceAll("&amp;", "&")]));

    const saved = await browser.post("/jobs").type("form").send(formBody({ _csrf: csrf }) + "&" + new URLSearchParams(fields).toString()).expect(303);

    const copy = await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId }, orderBy: { id: "desc" }, include: { locations: true } });
    expect(saved.headers.location).toBe(`/jobs/${copy.id}`);
    expect(copy).toMatchObject({ reference: "Monthly drums", status: "draft", createdById: shipper.id });
    expect(copy.locations.map((l) => l.city).sort()).toEqual(["Bristol", "Leeds"]);
    expect(await db().job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ reference: "Monthly drums", status: "completed" });
  });

  it("answers 404 for another account's job or an id that is not one", async () => {
    const other = await createShipper();
    const theirs = await createJob(other.accountId, other.id, { reference: "Not yours" });
    for (const from of [String(theirs.id), "abc", "999999"]) {
      const page = await browser.get(`/jobs/new?from=${from}`);
      expect(page.status).toBe(404);
      expect(page.text).not.toContain("Not yours");
    }
  });
});
