import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

describe("the shipper's move form on a load", () => {
  it("offers each collection point of the load to steer the carrier selector, the first chosen", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier({ company: "Point Haulage" });
    const job = await createJob(shipper.accountId, shipper.id, {
      locations: [
        { kind: "pickup", position: 0, city: "Leeds", countryCode: "GB", address: "1 Wellington St" },
        { kind: "pickup", position: 1, city: "York", countryCode: "GB" },
        { kind: "delivery", position: 0, city: "Bristol", countryCode: "GB" },
      ],
    });
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
    await awardJob(job.id);
    const load = await db().load.findFirstOrThrow({ where: { jobId: job.id } });

    const { browser } = await signedInAgent(shipper.email);
    const page = (await browser.get(`/loads/${load.id}`).expect(200)).text;
    const select = /<select id="load_pickup_point"[^>]*>([\s\S]*?)<\/select>/.exec(page);
    expect(select?.[0]).toContain('data-action="change->carrier-selector#refresh"');
    const options = [...select![1]!.matchAll(/<option value="(\d+)" data-city="([^"]*)" data-country="([^"]*)">([^<]*)<\/option>/g)].map((m) => m.slice(1));
    expect(options).toEqual([
      ["0", "Leeds", "GB", expect.stringContaining("1 Wellington St")],
      ["1", "York", "GB", expect.stringContaining("York")],
    ]);

    const { browser: carrierBrowser } = await signedInAgent(carrier.email);
    expect((await carrierBrowser.get(`/loads/${load.id}`).expect(200)).text).not.toContain("load_pickup_point");
  });
});
