import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { formBody, jobFormBody } from "../../support/job-fixtures.ts";

// How the goods are loaded (rear, side or top): a required choice in the form's "Loading" section,
// added through the field table (see docs/job-form.md), shown to carriers with the job's facts.
async function postJob(shipperEmail: string, loadingMethod: string | undefined, button: "publish" | "draft" = "publish") {
  const { browser, csrf } = await signedInAgent(shipperEmail);
  const body = jobFormBody({ reference: "Coils to Hull", loading_method: loadingMethod });
  const response = await browser.post("/jobs").set("X-CSRF-Token", csrf).type("form").send(formBody({ ...body, [button]: "1" }));
  return { browser, csrf, response };
}

describe("the loading method", () => {
  it("is offered on the form as a required choice of Rear, Side and Top", async () => {
    const shipper = await createShipper();
    const { browser } = await signedInAgent(shipper.email);
    const form = (await browser.get("/jobs/new").expect(200)).text;
    expect(form).toContain("<h2>Loading</h2>");
    expect(form).toMatch(/<select id="job_loading_method" name="job\[loading_method\]" required/);
    for (const [value, label] of [["rear", "Rear"], ["side", "Side"], ["top", "Top"]]) expect(form).toContain(`<option value="${value}">${label}</option>`);
  });

  it("answers 422 with the message beside the field when publishing without it, and saves nothing", async () => {
    const shipper = await createShipper();
    const { response } = await postJob(shipper.email, undefined);
    expect(response.status).toBe(422);
    expect(response.text).toContain('<p class="field-error" id="job_loading_method_error">Choose how the goods are loaded</p>');
    expect(response.text).toContain('<a href="#job_loading_method">Choose how the goods are loaded</a>');
    expect(await db().job.count({ where: { shipperAccountId: shipper.accountId } })).toBe(0);
  });

  it("may be left out of a draft, which publishing then asks for", async () => {
    const shipper = await createShipper();
    const { browser, csrf, response } = await postJob(shipper.email, undefined, "draft");
    expect(response.status).toBe(303);
    const job = await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId } });
    expect([job.status, job.loadingMethod]).toEqual(["draft", null]);
    const publish = await browser.post(`/jobs/${job.id}/publication`).set("X-CSRF-Token", csrf).type("form").send({});
    expect(publish.status).toBe(422);
    expect(publish.text).toContain("Choose how the goods are loaded");
  });

  it("is saved with the job, given back to its edit form and shown with its label to a carrier on the job page", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const { browser, response } = await postJob(shipper.email, "side");
    expect(response.status).toBe(303);
    const job = await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId } });
    expect(job.loadingMethod).toBe("side");
    expect((await browser.get(`/jobs/${job.id}/edit`).expect(200)).text).toContain('<option value="side" selected>Side</option>');
    const page = await (await signedInAgent(carrier.email)).browser.get(`/jobs/${job.id}`).expect(200);
    expect(page.text).toContain("<dt>Loading method</dt><dd>Side</dd>");
  });

  it("is shown with its label to the carrier on the load page once the job is awarded", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    await postJob(shipper.email, "top");
    const job = await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId } });
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
    expect(await awardJob(job.id)).toMatchObject({ ok: true });
    const load = await db().load.findFirstOrThrow({ where: { jobId: job.id } });
    const page = await (await signedInAgent(carrier.email)).browser.get(`/loads/${load.id}`).expect(200);
    expect(page.text).toContain("<dt>Loading method</dt><dd>Top</dd>");
  });
});
