import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { seedPriceGuide } from "../../../prisma/seeds/price-guide.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";

// The demo data (prisma/seeds/price-guide.ts): LS → BS, curtain-sider, palletised has a guide, and a
// second run adds nothing.

describe("the price guide's demo data", () => {
  it("gives one lane enough accepted prices for the guide to show, once", async () => {
    const [shipper, carrier, carrier2] = [await createShipper(), await createCarrier(), await createCarrier()];
    const accounts = { shipper: shipper.accountId, carrier: carrier.accountId, carrier2: carrier2.accountId };
    const demoJobs = () => db().job.count({ where: { reference: { startsWith: "Paper and drinks Leeds to Bristol" } } });
    await seedPriceGuide(db(), accounts);
    const jobs = await demoJobs();
    await seedPriceGuide(db(), accounts);
    expect(await demoJobs()).toBe(jobs);
    const { browser } = await signedInAgent(shipper.email);
    const answer = await browser.get("/api/v1/price_guide?from=LS&to=BS&vehicle=curtain_side&load_type=palletised").expect(200);
    expect(answer.body.shown).toBe(true);
    expect(answer.body.loads).toBeGreaterThanOrEqual(6);
    expect(answer.body.per_mile.median_pence).toBeGreaterThan(0);
  });
});
