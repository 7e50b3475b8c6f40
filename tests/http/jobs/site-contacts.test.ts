import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createShipper } from "../../support/fixtures.ts";
import { formBody, jobFormBody } from "../../support/job-fixtures.ts";

// Each pickup and delivery may name who to ask for at the site and a phone number, for the carrier
// and the driver on the day (the load page shows the number as a link that rings it).

async function postJob(shipperEmail: string, contact: Record<string, string>) {
  const { browser, csrf } = await signedInAgent(shipperEmail);
  const body = jobFormBody({ reference: "Pallets with a contact", pickups: [{ city: "Leeds", country_code: "GB", window_date: "2031-03-03", ...contact }] });
  const response = await browser.post("/jobs").set("X-CSRF-Token", csrf).type("form").send(formBody({ ...body, publish: "Publish" }));
  return { browser, response };
}

describe("a site's contact", () => {
  it("is offered on the form, saved with the pickup and shown on the job page with a link that rings it", async () => {
    const shipper = await createShipper();
    const { browser, response } = await postJob(shipper.email, { contact_name: "Priya at goods-out", contact_phone: "+44 (0)113 496-0000" });
    const form = (await browser.get("/jobs/new")).text;
    expect(form).toContain('name="job[pickups][0][contact_name]"');
    expect(form).toMatch(/<input id="job_pickups_0_contact_phone" name="job\[pickups\]\[0\]\[contact_phone\]" type="tel"/);
    expect(response.status).toBe(303);
    const job = await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId }, include: { locations: true } });
    expect(job.locations.find((location) => location.kind === "pickup")).toMatchObject({ contactName: "Priya at goods-out", contactPhone: "+44 (0)113 496-0000" });
    const page = await browser.get(`/jobs/${job.id}`);
    expect(page.text).toContain("Site contact:</span> Priya at goods-out");
    expect(page.text).toContain("Contact phone:</span> +44 (0)113 496-0000");
    expect((await browser.get(`/jobs/${job.id}/edit`)).text).toContain('value="+44 (0)113 496-0000"');
  });

  it.each([
    { phone: "call Priya", message: "Enter a phone number, like 0113 496 0000" },
    { phone: "12345", message: "Enter a phone number, like 0113 496 0000" },
    { phone: "0113 496 0000 0113 496 0000 000", message: "Keep the phone number to 30 characters or fewer" },
  ])("answers 422 beside the field for the phone '$phone', and saves nothing", async ({ phone, message }) => {
    const shipper = await createShipper();
    const { response } = await postJob(shipper.email, { contact_phone: phone });
    expect(response.status).toBe(422);
    expect(response.text).toContain('id="job_pickups_0_contact_phone_error"');
    expect(response.text).toContain(message);
    expect(await db().job.count({ where: { shipperAccountId: shipper.accountId } })).toBe(0);
  });
});
