import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { agent, signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { acceptPrices, PLACES } from "./accepted-loads.ts";

// GET /api/v1/price_guide?from=LS&to=BS&vehicle=…&load_type=… (docs/price-guide.md).

const TOO_FEW = "Not enough accepted prices on this lane yet to show a guide.";
const query = (from: string, to: string, vehicle = "curtain_side", loadType = "palletised") => `/api/v1/price_guide?from=${from}&to=${to}&vehicle=${vehicle}&load_type=${loadType}`;

describe("the price guide API", () => {
  it("gives the median and middle half per load and per mile with enough loads from enough shippers", async () => {
    await acceptPrices({ from: PLACES.truro, to: PLACES.lerwick }, [40_000, 42_000, 45_000, 47_000, 50_000, 52_000], 3);
    const { browser } = await signedInAgent((await createShipper()).email);
    const answer = await browser.get(query("TR", "ze")).expect(200);
    expect(answer.body).toMatchObject({
      lane: { from: "TR", to: "ZE", vehicle: "curtain_side", load_type: "palletised" },
      shown: true,
      loads: 6,
      per_load: { median_pence: 46_000, lower_quartile_pence: 42_750, upper_quartile_pence: 49_250 },
    });
    expect(answer.body.per_mile.median_pence).toBeGreaterThan(0);
    expect(answer.body.per_mile.lower_quartile_pence).toBeLessThanOrEqual(answer.body.per_mile.median_pence);
    expect(answer.body.sentence).toMatch(/^Similar loads on TR → ZE were accepted at a median of £460\.00 a load \(middle half £427\.50 to £492\.50\), £[\d.]+ a mile/);
    expect(JSON.stringify(answer.body)).not.toMatch(/40000|52000|£400\.00|£520\.00/);

    // The same lane asked by full postcodes; nothing for another vehicle, load type or direction.
    expect((await browser.get(query("TR1%202HE", "ZE1%200AA")).expect(200)).body.per_load.median_pence).toBe(46_000);
    for (const other of [query("TR", "ZE", "box"), query("TR", "ZE", "curtain_side", "drums"), query("ZE", "TR")]) {
      expect((await browser.get(other).expect(200)).body).toEqual(expect.objectContaining({ shown: false, sentence: TOO_FEW }));
    }
  });

  it("shows nothing for 4 loads from 4 shippers", async () => {
    await acceptPrices({ from: PLACES.llandrindod, to: PLACES.stornoway }, [40_000, 41_000, 42_000, 43_000], 4);
    const { browser } = await signedInAgent((await createShipper()).email);
    const answer = await browser.get(query("LD", "HS")).expect(200);
    expect(answer.body).toEqual({ lane: { from: "LD", to: "HS", vehicle: "curtain_side", load_type: "palletised" }, shown: false, sentence: TOO_FEW });
  });

  it("shows nothing for a lane with one shipper, however many loads", async () => {
    await acceptPrices({ from: PLACES.wick, to: PLACES.galashiels }, [40_000, 41_000, 42_000, 43_000, 44_000, 45_000, 46_000], 1);
    const { browser } = await signedInAgent((await createShipper()).email);
    const answer = await browser.get(query("KW", "TD")).expect(200);
    expect(answer.body).toEqual({ lane: { from: "KW", to: "TD", vehicle: "curtain_side", load_type: "palletised" }, shown: false, sentence: TOO_FEW });
  });

  it("leaves out cancelled loads, unawarded loads and awards older than 90 days", async () => {
    const old = new Date(Date.now() - 91 * 24 * 60 * 60 * 1000);
    await acceptPrices({ from: PLACES.plymouth, to: PLACES.inverness }, [40_000, 41_000, 42_000, 43_000, 44_000], 3, old);
    const { shippers } = await acceptPrices({ from: PLACES.plymouth, to: PLACES.inverness }, [40_000, 41_000, 42_000, 43_000], 3);
    const job = await createJob(shippers[0]!.accountId, shippers[0]!.id, {
      status: "completed", awardedAt: new Date(), vehicleTypes: '["curtain_side"]', pickup: PLACES.plymouth, delivery: PLACES.inverness,
    });
    await db().load.createMany({ data: [{ jobId: job.id, sequence: 1, status: "cancelled", priceCents: 40_000, carrierAccountId: (await createCarrier()).accountId }, { jobId: job.id, sequence: 2, status: "unassigned", priceCents: 40_000 }] });
    const { browser } = await signedInAgent((await createShipper()).email);
    expect((await browser.get(query("PL", "IV")).expect(200)).body).toMatchObject({ shown: false, sentence: TOO_FEW });
  });

  it("is for signed-in users only: 401 JSON", async () => {
    const answer = await agent().get(query("TR", "ZE")).expect(401);
    expect(answer.body).toEqual({ error: "Please sign in to continue" });
  });

  it.each([
    ["/api/v1/price_guide", "from must be a UK postcode area such as LS"],
    [query("XX", "BS"), "from must be a UK postcode area such as LS"],
    [query("LS", "GY"), "to must be a UK postcode area such as LS"],
    [`${query("LS", "BS")}&from=TR`, "from must be a UK postcode area such as LS"],
    [query("LS", "BS", "spaceship"), "vehicle must be one of curtain_side, box,"],
    [query("LS", "BS", "curtain_side", "gravel"), "load_type must be one of palletised, without_pallets,"],
    [`/api/v1/price_guide?from=LS&to=BS&vehicle=curtain_side`, "load_type must be one of palletised,"],
    [`/api/v1/price_guide?from[a]=LS&to=BS&vehicle=curtain_side&load_type=palletised`, "from must be a UK postcode area such as LS"],
    [query("%00", "BS"), "from must be a UK postcode area such as LS"],
  ])("%s is 422 with a JSON error", async (path, message) => {
    const { browser } = await signedInAgent((await createShipper()).email);
    const answer = await browser.get(path).expect(422);
    expect(answer.body.error).toContain(message);
  });
});
