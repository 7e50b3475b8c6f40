import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// A carrier's "My quotes" across a block: a quote on a job of a shipper it blocked, or that blocked
// it, is not listed (its job would be 404), in every order; unblocking lists it again.

describe("My quotes across a block", () => {
  it.each(["the shipper blocked the carrier", "the carrier blocked the shipper"])("leaves out the blocked shipper's jobs when %s, and lists them again once unblocked", async (who) => {
    const [blocking, other, carrier] = await Promise.all([createShipper(), createShipper(), createCarrier()]);
    for (const [shipper, reference] of [[blocking, "Quoted for a blocked shipper"], [other, "Quoted for another shipper"]] as const) {
      const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference });
      await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
    }
    const { browser } = await signedInAgent(carrier.email);
    const listedIn = async (sort: string) => {
      const page = (await browser.get(`/quotes?sort=${sort}`).expect(200)).text;
      return ["Quoted for a blocked shipper", "Quoted for another shipper"].filter((reference) => page.includes(reference));
    };
    const [blocker, blocked] = who.startsWith("the shipper") ? [blocking, carrier] : [carrier, blocking];
    const block = await db().companyBlock.create({ data: { blockerAccountId: blocker.accountId, blockedAccountId: blocked.accountId, blockedById: blocker.id } });
    for (const sort of ["newest", "state"]) expect(await listedIn(sort)).toEqual(["Quoted for another shipper"]);

    await db().companyBlock.delete({ where: { id: block.id } });
    for (const sort of ["newest", "state"]) expect(await listedIn(sort)).toEqual(["Quoted for a blocked shipper", "Quoted for another shipper"]);
  });
});
