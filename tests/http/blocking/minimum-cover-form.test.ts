import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { formBody, jobFormBody } from "../../support/job-fixtures.ts";

// The job form's "Minimum goods-in-transit cover (£)": optional, whole pounds, kept in pence, shown
// among the job page's facts, and refused with a message beside the field when it is not whole pounds.

async function post(reference: string, cover: string) {
  const shipper = await createShipper();
  const { browser, csrf } = await signedInAgent(shipper.email);
  const response = await browser.post("/jobs").type("form").send(formBody({ _csrf: csrf, ...jobFormBody({ reference, minimum_cargo_cover: cover }), publish: "1" }));
  return { shipper, browser, csrf, response };
}

describe("the job form's minimum goods-in-transit cover", () => {
  it("is stored in pence and shown on the job page to the shipper and to carriers; the edit form shows it again", async () => {
    const reference = `Covered ${Date.now()}`;
    const { browser, response } = await post(reference, "£50,000");
    expect(response.status).toBe(303);
    const job = await db().job.findFirstOrThrow({ where: { reference } });
    expect(job.minimumCargoCoverPence).toBe(5_000_000);
    const carrier = await signedInAgent((await createCarrier()).email);
    for (const who of [browser, carrier.browser]) {
      const page = (await who.get(`/jobs/${job.id}`)).text;
      expect(page).toContain("Minimum goods-in-transit cover");
      expect(page).toContain("£50,000");
    }
    expect((await browser.get(`/jobs/${job.id}/edit`)).text).toMatch(/name="job\[minimum_cargo_cover\]"[^>]*value="50000"|value="50000"[^>]*name="job\[minimum_cargo_cover\]"/);
  });

  it("left blank, asks for none and shows nothing", async () => {
    const reference = `Uncovered ${Date.now()}`;
    const { browser, response } = await post(reference, "");
    expect(response.status).toBe(303);
    const job = await db().job.findFirstOrThrow({ where: { reference } });
    expect(job.minimumCargoCoverPence).toBeNull();
    expect((await browser.get(`/jobs/${job.id}`)).text).not.toContain("Minimum goods-in-transit cover");
  });

  it.each([
    ["50000.50", "Enter the minimum cover in whole pounds, like 50,000"],
    ["fifty thousand", "Enter the minimum cover in whole pounds, like 50,000"],
    ["0", "The minimum cover must be at least £1"],
    ["10000001", "The minimum cover must be £10,000,000 or less"],
  ])("refuses %s with 422 beside the field, and saves nothing", async (cover, message) => {
    const reference = `Bad cover ${Date.now()} ${cover}`;
    const { response } = await post(reference, cover);
    expect(response.status).toBe(422);
    expect(response.text).toContain(`<a href="#job_minimum_cargo_cover">${message}</a>`);
    expect(response.text).toContain(`<p class="field-error" id="job_minimum_cargo_cover_error">${message}</p>`);
    expect(await db().job.count({ where: { reference } })).toBe(0);
  });
});
