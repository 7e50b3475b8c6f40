import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { createCarrier, createSupport } from "../../support/fixtures.ts";
import {
  carrierAnswers, hide, noticesOf, rate, ratingOf, ratingPath, reply, scene, shipperAnswers, signedInAgent, type Scene,
} from "./rating-fixtures.ts";

// The rated company's office replies to a rating once, publicly, once it can see it. Support staff
// hide a rating with a reason: audited, the author's office told. Anyone else finds nothing (404).

async function bothRated(): Promise<Scene & { shipperRatingId: number; carrierRatingId: number }> {
  const s = await scene();
  await rate(s.shipperOffice, s.loadId, shipperAnswers).expect(303);
  await rate(s.carrierOffice, s.loadId, carrierAnswers).expect(303);
  return { ...s, shipperRatingId: (await ratingOf(s.loadId, "shipper")).id, carrierRatingId: (await ratingOf(s.loadId, "carrier")).id };
}

describe("the reply", () => {
  it("is the rated office's, once: a second reply is refused (422)", async () => {
    const s = await bothRated();
    const page = (await s.carrierOffice.browser.get(ratingPath(s.loadId))).text;
    expect(page).toContain(`<form action="/ratings/${s.shipperRatingId}/reply" method="post" class="form rating-reply-form" novalidate>`);
    const res = await reply(s.carrierOffice, s.shipperRatingId, "  Thank you, see you next week  ").expect(303);
    expect(res.headers.location).toBe(ratingPath(s.loadId));
    expect(await ratingOf(s.loadId, "shipper")).toMatchObject({ reply: "Thank you, see you next week", repliedById: s.parties.carrier.id });
    expect((await s.shipperOffice.browser.get(ratingPath(s.loadId))).text).toContain("Thank you, see you next week");

    const again = await reply(s.carrierOffice, s.shipperRatingId, "And another thing").expect(422);
    expect(again.text).toContain("You have already replied to this rating. A rating has one reply.");
    expect(await ratingOf(s.loadId, "shipper")).toMatchObject({ reply: "Thank you, see you next week" });
  });

  it("refuses an empty reply beside its field (422)", async () => {
    const s = await bothRated();
    const res = await reply(s.carrierOffice, s.shipperRatingId, " ").expect(422);
    expect(res.text).toContain('<p class="field-error" id="rating_reply_error">Enter your reply</p>');
    expect(await ratingOf(s.loadId, "shipper")).toMatchObject({ reply: null });
  });

  it("answers 404 to the author, the driver, another carrier, and to the rated office while the rating is blind", async () => {
    const s = await bothRated();
    const driver = await signedInAgent(s.parties.driver.email);
    const other = await signedInAgent((await createCarrier()).email);
    await reply(s.shipperOffice, s.shipperRatingId, "Me again").expect(404);
    await reply(driver, s.shipperRatingId, "Hello").expect(404);
    await reply(other, s.shipperRatingId, "Hello").expect(404);
    await reply(s.carrierOffice, 999_999_999, "Hello").expect(404);

    const blind = await scene();
    await rate(blind.shipperOffice, blind.loadId, shipperAnswers).expect(303);
    await reply(blind.carrierOffice, (await ratingOf(blind.loadId, "shipper")).id, "Thanks").expect(404);
  });
});

describe("hiding a rating", () => {
  it("is support's, with a reason: audited, the author's office told, the rated side sees only that it was hidden", async () => {
    const s = await bothRated();
    const staff = await createSupport();
    const support = await signedInAgent(staff.email);
    expect((await support.browser.get(`/ratings/${s.shipperRatingId}`).expect(200)).text).toContain("On time, careful with the crisps");

    const missing = await hide(support, s.shipperRatingId, "").expect(422);
    expect(missing.text).toContain('<p class="field-error" id="rating_hide_reason_error">Enter why the rating is hidden</p>');
    expect(await ratingOf(s.loadId, "shipper")).toMatchObject({ hiddenAt: null });

    const res = await hide(support, s.shipperRatingId, "Names the driver.").expect(303);
    expect(res.headers.location).toBe(`/ratings/${s.shipperRatingId}`);
    expect(await ratingOf(s.loadId, "shipper")).toMatchObject({ hiddenReason: "Names the driver.", hiddenById: staff.id });
    const logged = await db().auditLog.findFirstOrThrow({ where: { action: "rating.hidden", actorId: staff.id } });
    expect(logged.targetId).toBe(s.parties.shipper.id);
    expect(JSON.parse(logged.data)).toEqual({ ratingId: s.shipperRatingId, loadId: s.loadId, reason: "Names the driver." });
    expect((await noticesOf(s.parties.shipper.id)).at(-1)).toEqual({
      kind: "rating_hidden", title: "Your rating of load 1 of Crisps to Bristol was hidden", body: "Loadline support hid it: Names the driver.", path: ratingPath(s.loadId),
    });

    const carrierPage = (await s.carrierOffice.browser.get(ratingPath(s.loadId))).text;
    expect(carrierPage).toContain("Hidden by Loadline support.");
    expect(carrierPage).not.toContain("On time, careful with the crisps");
    expect((await s.shipperOffice.browser.get(ratingPath(s.loadId))).text).toContain("Hidden by Loadline support. Reason: Names the driver.");
    await hide(support, s.shipperRatingId, "Again").expect(409);
  });

  it("answers 404 to everyone but support staff", async () => {
    const s = await bothRated();
    const driver = await signedInAgent(s.parties.driver.email);
    for (const who of [s.shipperOffice, s.carrierOffice, driver]) {
      await hide(who, s.shipperRatingId, "Rude").expect(404);
      await who.browser.get(`/ratings/${s.shipperRatingId}`).expect(404);
    }
    expect(await ratingOf(s.loadId, "shipper")).toMatchObject({ hiddenAt: null });
  });
});
