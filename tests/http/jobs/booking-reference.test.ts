import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { formBody, jobFormBody } from "../../support/job-fixtures.ts";

// A booking-in reference per pickup and delivery: optional text the site gives the shipper, for
// the carrier and the driver who turn up. Added through the field table (see docs/job-form.md).
const REFERENCE = "BK-7781/Gate 4";

async function postJob(shipperEmail: string, bookingReference: string) {
  const { browser, csrf } = await signedInAgent(shipperEmail);
  const body = jobFormBody({ reference: "Booked pallets", pickups: [{ city: "Leeds", country_code: "GB", window_date: "2031-03-03", booking_reference: bookingReference }] });
  const response = await browser.post("/jobs").set("X-CSRF-Token", csrf).type("form").send(formBody({ ...body, publish: "Publish" }));
  return { browser, response };
}

describe("the booking-in reference", () => {
  it("is offered on the form, saved with the pickup and shown to the shipper on the job page", async () => {
    const shipper = await createShipper();
    const { browser, response } = await postJob(shipper.email, REFERENCE);
    expect((await browser.get("/jobs/new")).text).toContain('name="job[pickups][0][booking_reference]"');
    expect(response.status).toBe(303);
    const job = await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId }, include: { locations: true } });
    expect(job.locations.find((location) => location.kind === "pickup")?.bookingReference).toBe(REFERENCE);
    const page = await browser.get(`/jobs/${job.id}`);
    expect(page.text).toContain("Booking-in reference:</span> BK-7781/Gate 4");
    const edit = await browser.get(`/jobs/${job.id}/edit`);
    expect(edit.text).toContain(`value="${REFERENCE}"`);
  });

  it("answers 422 beside the field for 200 characters, and saves nothing", async () => {
    const shipper = await createShipper();
    const { response } = await postJob(shipper.email, "x".repeat(200));
    expect(response.status).toBe(422);
    expect(response.text).toContain('id="job_pickups_0_booking_reference_error"');
    expect(response.text).toContain("Keep the booking-in reference to 100 characters or fewer");
    expect(await db().job.count({ where: { shipperAccountId: shipper.accountId } })).toBe(0);
  });

  it("is shown on the load page to the assigned carrier and its driver, and never to other carriers", async () => {
    const shipper = await createShipper();
    const [assigned, other] = [await createCarrier(), await createCarrier()];
    const driver = await createUser("carrier", { role: "driver", accountId: assigned.accountId });
    await postJob(shipper.email, REFERENCE);
    const job = await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId } });
    const stranger = (await signedInAgent(other.email)).browser;
    const openJobPage = await stranger.get(`/jobs/${job.id}`);
    expect([openJobPage.status, openJobPage.text.includes("Booked pallets"), openJobPage.text.includes(REFERENCE)]).toEqual([200, true, false]);
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: assigned.accountId, placedById: assigned.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
    expect(await awardJob(job.id)).toMatchObject({ ok: true });
    const load = await db().load.update({ where: { id: (await db().load.findFirstOrThrow({ where: { jobId: job.id } })).id }, data: { driverId: driver.id, status: "driver_assigned" } });

    for (const person of [shipper, assigned, driver]) {
      const page = await (await signedInAgent(person.email)).browser.get(`/loads/${load.id}`);
      expect([person.email, page.status, page.text.includes(REFERENCE)]).toEqual([person.email, 200, true]);
    }
    expect((await stranger.get(`/loads/${load.id}`)).status).toBe(404);
  });
});
