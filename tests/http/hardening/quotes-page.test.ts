import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

describe("a job with many quotes", () => {
  it("shows them 50 to a page, cheapest first, while the rules still weigh every quote", async () => {
    const shipper = await createShipper();
    const job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 10, numberOfLoads: 10, firstBidPercentage: 50, secondBidPercentage: 30, thirdBidPercentage: 20 });
    for (let i = 0; i < 60; i++) {
      const carrier = await createCarrier();
      await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 90_000 - i * 1000, numberOfLoads: 5, status: "active" } });
    }
    const { browser } = await signedInAgent(shipper.email);
    const first = await browser.get(`/jobs/${job.id}/quotes`);
    const second = await browser.get(`/jobs/${job.id}/quotes?page=2`);
    const rowsOf = (html: string) => [...html.matchAll(/<tr data-quote-id="(\d+)">/g)].length;
    expect([first.status, rowsOf(first.text), rowsOf(second.text)]).toEqual([200, 50, 10]);
    expect(first.text).toContain("Quotes 1–50 of 60");
    expect(second.text).toContain("Quotes 51–60 of 60");
    expect(first.text).toContain("£310.00");
    expect(second.text).not.toContain("£310.00");
    expect(first.text).toContain("Award 10 loads");
    expect((await browser.get(`/jobs/${job.id}/quotes?page=99`)).text).toContain("Quotes 51–60 of 60");
  });
});
