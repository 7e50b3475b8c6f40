import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The competition a carrier sees on a job (the bid allocator's anonymous quotes) leaves out a quote
// from a carrier the shipper blocked: the shipper does not see it and it can win nothing.

/** The prices of the quotes in the bid allocator's props on the job page. */
async function pricesSeenBy(email: string, jobId: number): Promise<number[]> {
  const page = (await (await signedInAgent(email)).browser.get(`/jobs/${jobId}`).expect(200)).text;
  const props = /data-island-component-value="bid-allocator"\s+data-island-props-value="([^"]+)"/.exec(page)?.[1] ?? "";
  const { quotes } = JSON.parse(props.replaceAll("&#34;", '"').replaceAll("&quot;", '"')) as { quotes: { valueCents: number }[] };
  return quotes.map((quote) => quote.valueCents).sort((a, b) => a - b);
}

describe("a job's anonymous standings across a block", () => {
  it("leave out the blocked carrier's quote, and show it again once unblocked", async () => {
    const [shipper, blocked, viewer] = await Promise.all([createShipper(), createCarrier(), createCarrier()]);
    const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Standings across a block", publishedAt: new Date() });
    for (const [carrier, valueCents] of [[blocked, 30_000], [viewer, 40_000]] as const) {
      await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents, numberOfLoads: 1, status: "active" } });
    }
    expect(await pricesSeenBy(viewer.email, job.id)).toEqual([30_000, 40_000]);

    const block = await db().companyBlock.create({ data: { blockerAccountId: shipper.accountId, blockedAccountId: blocked.accountId, blockedById: shipper.id } });
    expect(await pricesSeenBy(viewer.email, job.id)).toEqual([40_000]);

    await db().companyBlock.delete({ where: { id: block.id } });
    expect(await pricesSeenBy(viewer.email, job.id)).toEqual([30_000, 40_000]);
  });
});
