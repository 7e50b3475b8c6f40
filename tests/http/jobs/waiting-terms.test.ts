import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { formBody, jobFormBody } from "../../support/job-fixtures.ts";

// The job's waiting terms: two optional fields of the job form's "Waiting time" section, the free
// waiting time in minutes and the waiting rate in pounds an hour, shown with the job's facts.
async function postJob(shipperEmail: string, terms: Record<string, string | undefined>) {
  const { browser, csrf } = await signedInAgent(shipperEmail);
  const body = jobFormBody({ reference: "Coils to Hull", ...terms });
  const response = await browser.post("/jobs").set("X-CSRF-Token", csrf).type("form").send(formBody({ ...body, publish: "1" }));
  return { browser, response };
}

describe("the waiting terms on the job form", () => {
  it("are offered as two optional fields", async () => {
    const shipper = await createShipper();
    const form = (await (await signedInAgent(shipper.email)).browser.get("/jobs/new").expect(200)).text;
    expect(form).toContain("<h2>Waiting time</h2>");
    expect(form).toContain('<label for="job_free_waiting_minutes">Free waiting time (minutes)</label>');
    expect(form).toMatch(/<input id="job_free_waiting_minutes" name="job\[free_waiting_minutes\]" type="number" value="" aria-describedby="job_free_waiting_minutes_hint"/);
    expect(form).toContain('<label for="job_waiting_rate">Waiting time rate (£ per hour)</label>');
    expect(form).toMatch(/<input id="job_waiting_rate" name="job\[waiting_rate\]" type="text" value="" aria-describedby="job_waiting_rate_hint"/);
  });

  it.each([
    ["free_waiting_minutes", "1441", "The free waiting time can be at most 1,440 minutes (24 hours)"],
    ["waiting_rate", "forty", "Enter the waiting time rate in pounds and pence, like 45.00"],
    ["waiting_rate", "0.50", "The waiting time rate must be at least £1.00 an hour"],
  ])("answer 422 for %s %j with the message beside it and in the summary, and save nothing", async (field, value, message) => {
    const shipper = await createShipper();
    const { response } = await postJob(shipper.email, { [field]: value });
    expect(response.status).toBe(422);
    expect(response.text).toContain(`<p class="field-error" id="job_${field}_error">${message}</p>`);
    expect(response.text).toContain(`<a href="#job_${field}">${message}</a>`);
    expect(await db().job.count({ where: { shipperAccountId: shipper.accountId } })).toBe(0);
  });

  it("are saved in pence and minutes, given back to the edit form and shown to a carrier on the job page", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const { browser, response } = await postJob(shipper.email, { free_waiting_minutes: "90", waiting_rate: "45.50" });
    expect(response.status).toBe(303);
    const job = await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId } });
    expect([job.freeWaitingMinutes, job.waitingRatePence]).toEqual([90, 4_550]);
    const edit = (await browser.get(`/jobs/${job.id}/edit`).expect(200)).text;
    expect(edit).toContain('name="job[free_waiting_minutes]" type="number" value="90"');
    expect(edit).toContain('name="job[waiting_rate]" type="text" value="45.50"');
    const page = (await (await signedInAgent(carrier.email)).browser.get(`/jobs/${job.id}`).expect(200)).text;
    expect(page).toContain("<dt>Free waiting time</dt><dd>1 hour 30 minutes</dd>");
    expect(page).toContain("<dt>Waiting time rate</dt><dd>£45.50 an hour</dd>");
  });

  it("left blank, are saved as none and read as the usual 2 hours and the carrier's own rate", async () => {
    const shipper = await createShipper();
    const { browser } = await postJob(shipper.email, {});
    const job = await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId } });
    expect([job.freeWaitingMinutes, job.waitingRatePence]).toEqual([null, null]);
    const page = (await browser.get(`/jobs/${job.id}`).expect(200)).text;
    expect(page).toContain("<dt>Free waiting time</dt><dd>2 hours</dd>");
    expect(page).toContain("<dt>Waiting time rate</dt><dd>Not set: the carrier&#39;s own hourly rate</dd>");
  });
});
