import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The quotes page follows the job page: a carrier reads it for jobs out for quotes, or for jobs it
// quoted on or runs loads for; any other job (cancelled, or awarded to others) answers 404.
describe("who may open a job's quotes page", () => {
  it.each([
    { status: "open", quoted: false, expected: 200 },
    { status: "closed", quoted: false, expected: 200 },
    { status: "cancelled", quoted: false, expected: 404 },
    { status: "awarded", quoted: false, expected: 404 },
    { status: "cancelled", quoted: true, expected: 200 },
    { status: "awarded", quoted: true, expected: 200 },
  ])("a $status job, quoted on: $quoted → $expected", async ({ status, quoted, expected }) => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const job = await createJob(shipper.accountId, shipper.id, { status });
    if (quoted) await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "declined" } });
    const { browser } = await signedInAgent(carrier.email);
    const page = await browser.get(`/jobs/${job.id}/quotes`);
    const jobPage = await browser.get(`/jobs/${job.id}`);
    expect([page.status, jobPage.status]).toEqual([expected, expected]);
    if (expected === 404) expect(page.text).not.toContain(job.reference);
  });
});
