import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { DAY, carrierAnswers, noticesOf, rate, ratingPath, scene, shipperAnswers, signedInAgent } from "./rating-fixtures.ts";

// Blind: neither side sees the other's rating of a load until both have rated or the 30 days end;
// the load page's card says "Waiting for the other side" meanwhile.

describe("the blind reveal", () => {
  it("hides the shipper's rating from the carrier until it rates too, then both see both", async () => {
    const s = await scene();
    await rate(s.shipperOffice, s.loadId, shipperAnswers).expect(303);

    const carrierBefore = (await s.carrierOffice.browser.get(ratingPath(s.loadId)).expect(200)).text;
    expect(carrierBefore).not.toContain("On time, careful with the crisps");
    expect(carrierBefore).toContain("Crunch Foods has rated you. You will see it once you have rated them too, or on");
    const shipperLoad = (await s.shipperOffice.browser.get(`/loads/${s.loadId}`)).text;
    expect(shipperLoad).toContain("Your rating of Pennine Haulage: 4.5 out of 5");
    expect(shipperLoad).toContain("Waiting for the other side");
    expect(shipperLoad).toContain(`<a href="/loads/${s.loadId}/rating">Change your rating</a>`);
    expect((await s.carrierOffice.browser.get(`/loads/${s.loadId}`)).text).toContain(`<a href="/loads/${s.loadId}/rating">Rate Crunch Foods</a>`);

    await rate(s.carrierOffice, s.loadId, carrierAnswers).expect(303);
    const carrierAfter = (await s.carrierOffice.browser.get(ratingPath(s.loadId))).text;
    expect(carrierAfter).toContain("On time, careful with the crisps");
    expect(carrierAfter).toContain("Two hours at the gate");
    const shipperAfter = (await s.shipperOffice.browser.get(ratingPath(s.loadId))).text;
    expect(shipperAfter).toContain("Two hours at the gate");
    expect(shipperAfter).toContain("Would not work for again");
    const shipperCard = (await s.shipperOffice.browser.get(`/loads/${s.loadId}`)).text;
    expect(shipperCard).toContain("Pennine Haulage&#39;s rating of you: 3 out of 5");
    expect(shipperCard).not.toContain("Waiting for the other side");

    expect((await noticesOf(s.parties.carrier.id)).map((n) => n.title)).toEqual(["Crunch Foods rated load 1 of Crisps to Bristol", "Crunch Foods rated you 4.5 out of 5"]);
    expect(await noticesOf(s.parties.shipper.id)).toEqual([{
      kind: "rating_revealed", title: "Pennine Haulage rated you 3 out of 5",
      body: "Their rating of load 1 of Crisps to Bristol is now visible. You may reply to it once.", path: ratingPath(s.loadId),
    }]);
  });

  it("shows a lone rating to the rated side once the 30 days are over", async () => {
    const s = await scene(10 * DAY);
    await rate(s.shipperOffice, s.loadId, shipperAnswers).expect(303);
    await db().load.update({ where: { id: s.loadId }, data: { deliveredAt: new Date(Date.now() - 31 * DAY) } });
    const page = (await s.carrierOffice.browser.get(ratingPath(s.loadId)).expect(200)).text;
    expect(page).toContain("On time, careful with the crisps");
    expect(page).toContain("Ratings close 30 days after delivery");
    expect(page).not.toContain("rating-form");
  });

  it("gives the driver no rating card, only the problem report", async () => {
    const s = await scene();
    const driver = await signedInAgent(s.parties.driver.email);
    const page = (await driver.browser.get(`/loads/${s.loadId}`).expect(200)).text;
    expect(page).not.toContain("/rating\"");
    expect(page).toContain("<summary>Report a problem</summary>");
  });
});
