import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { formatLongDate } from "#domain/format/dates.ts";
import { createCarrier, createShipper, createSupport } from "../../support/fixtures.ts";
import {
  DAY, HOUR, carrierAnswers, invoiceTheLoad, noticesOf, rate, ratingOf, ratingPath, ratingsOf, scene, shipperAnswers, signedInAgent,
} from "./rating-fixtures.ts";

// Each office rates the other company once per delivered load, within 30 days of delivery, and may
// change its rating for 48 hours. Drivers never rate (403); anyone else finds nothing (404).

describe("the form", () => {
  it("asks the shipper's office about the carrier", async () => {
    const s = await scene();
    const page = (await s.shipperOffice.browser.get(ratingPath(s.loadId)).expect(200)).text;
    expect(page).toContain("<h1>Rate Pennine Haulage</h1>");
    for (const legend of ["Punctuality", "Communication", "Care of goods", "Paperwork", "Would you use Pennine Haulage again?"]) expect(page).toContain(`<legend>${legend}</legend>`);
    expect(page).toContain(`<form action="/loads/${s.loadId}/rating" method="post" class="form rating-form" novalidate>`);
    expect(page).toContain("Pennine Haulage has not rated you yet.");
  });

  it("asks the carrier's office about payment only once the load's invoice is paid or overdue", async () => {
    const unpaid = await scene();
    const before = (await unpaid.carrierOffice.browser.get(ratingPath(unpaid.loadId)).expect(200)).text;
    for (const legend of ["Accuracy of the job details", "Site and waiting time", "Communication", "Would you work for Crunch Foods again?"]) expect(before).toContain(`<legend>${legend}</legend>`);
    expect(before).not.toContain("Payment on time");

    await invoiceTheLoad(unpaid, "issued", new Date(Date.now() + 10 * DAY));
    expect((await unpaid.carrierOffice.browser.get(ratingPath(unpaid.loadId))).text).not.toContain("Payment on time");

    const overdue = await scene();
    await invoiceTheLoad(overdue, "issued", new Date(Date.now() - 3 * DAY));
    expect((await overdue.carrierOffice.browser.get(ratingPath(overdue.loadId))).text).toContain("<legend>Payment on time</legend>");

    const paid = await scene();
    await invoiceTheLoad(paid, "paid", new Date(Date.now() + 10 * DAY));
    await rate(paid.carrierOffice, paid.loadId, { ...carrierAnswers, payment_on_time: "5" }).expect(303);
    expect(await ratingOf(paid.loadId, "carrier")).toMatchObject({ paymentOnTime: 5, averageCentistars: 350 });
  });

  it("refuses bad input with messages beside the fields (422), writing nothing", async () => {
    const s = await scene();
    const res = await rate(s.shipperOffice, s.loadId, { punctuality: "6", comment: "x".repeat(1_001) }).expect(422);
    expect(res.text).toContain('<p class="field-error" id="rating_punctuality_error">Choose from 1 to 5 stars for punctuality</p>');
    expect(res.text).toContain('<p class="field-error" id="rating_care_of_goods_error">Choose from 1 to 5 stars for care of goods</p>');
    expect(res.text).toContain('<p class="field-error" id="rating_would_again_error">Say whether you would use them again</p>');
    expect(res.text).toContain('<p class="field-error" id="rating_comment_error">Keep the comment to 1,000 characters</p>');
    expect(res.text).toContain('<a href="#rating_punctuality_1">Choose from 1 to 5 stars for punctuality</a>');
    expect(await ratingsOf(s.loadId)).toHaveLength(0);
  });
});

describe("rating", () => {
  it("saves the shipper's rating and goes back to the load with a notice; the carrier hears of it, blind", async () => {
    const s = await scene();
    const res = await rate(s.shipperOffice, s.loadId, shipperAnswers).expect(303);
    expect(res.headers.location).toBe(`/loads/${s.loadId}`);
    expect((await s.shipperOffice.browser.get(`/loads/${s.loadId}`)).text).toContain("Your rating of Pennine Haulage is saved.");
    expect(await ratingOf(s.loadId, "shipper")).toMatchObject({
      raterAccountId: s.parties.shipper.accountId, ratedAccountId: s.parties.carrier.accountId, authorId: s.parties.shipper.id,
      punctuality: 5, communication: 4, careOfGoods: 5, paperwork: 4, accuracy: null, averageCentistars: 450, wouldAgain: true, comment: "On time, careful with the crisps",
    });
    expect(await noticesOf(s.parties.carrier.id)).toEqual([{
      kind: "rating_received", title: "Crunch Foods rated load 1 of Crisps to Bristol",
      body: "You will see their rating once you have rated them too, or 30 days after delivery.", path: ratingPath(s.loadId),
    }]);
  });

  it("changes the rating within 48 hours, and refuses a second rating after that (422)", async () => {
    const s = await scene(5 * DAY);
    await rate(s.shipperOffice, s.loadId, shipperAnswers).expect(303);
    await rate(s.shipperOffice, s.loadId, { ...shipperAnswers, punctuality: "1", comment: "" }).expect(303);
    expect(await ratingOf(s.loadId, "shipper")).toMatchObject({ punctuality: 1, averageCentistars: 350, comment: null });
    expect(await ratingsOf(s.loadId)).toHaveLength(1);
    expect(await noticesOf(s.parties.carrier.id)).toHaveLength(1);

    const madeAt = new Date(Date.now() - 49 * HOUR);
    await db().rating.updateMany({ where: { loadId: s.loadId }, data: { createdAt: madeAt } });
    const refused = await rate(s.shipperOffice, s.loadId, { ...shipperAnswers, punctuality: "3" }).expect(422);
    expect(refused.text).toContain(`You rated this load on ${formatLongDate(madeAt)}. A rating can be changed for 48 hours.`);
    expect(await ratingOf(s.loadId, "shipper")).toMatchObject({ punctuality: 1 });
    expect((await s.shipperOffice.browser.get(ratingPath(s.loadId))).text).not.toContain("rating-form");
  });

  it("refuses a rating 30 days after delivery (422)", async () => {
    const s = await scene(30 * DAY + HOUR);
    const deliveredAt = (await db().load.findUniqueOrThrow({ where: { id: s.loadId } })).deliveredAt!;
    const res = await rate(s.carrierOffice, s.loadId, carrierAnswers).expect(422);
    expect(res.text).toContain(`Ratings close 30 days after delivery: this load was delivered on ${formatLongDate(deliveredAt)}.`);
    expect(await ratingsOf(s.loadId)).toHaveLength(0);
  });

  it("refuses a load not delivered yet (409)", async () => {
    const s = await scene();
    await db().load.update({ where: { id: s.loadId }, data: { status: "collected", deliveredAt: null } });
    const res = await rate(s.shipperOffice, s.loadId, shipperAnswers).expect(409);
    expect(res.text).toContain("You can rate this load once it has been delivered.");
    expect(await ratingsOf(s.loadId)).toHaveLength(0);
  });

  it("answers 403 to the load's driver", async () => {
    const s = await scene();
    const driver = await signedInAgent(s.parties.driver.email);
    await driver.browser.get(ratingPath(s.loadId)).expect(403);
    await rate(driver, s.loadId, carrierAnswers).expect(403);
    expect(await ratingsOf(s.loadId)).toHaveLength(0);
  });

  it("answers 404 to another shipper, another carrier and support staff", async () => {
    const s = await scene();
    const others = [await createShipper(), await createCarrier(), await createSupport()];
    for (const other of others) {
      const who = await signedInAgent(other.email);
      await who.browser.get(ratingPath(s.loadId)).expect(404);
      await rate(who, s.loadId, shipperAnswers).expect(404);
    }
    expect(await ratingsOf(s.loadId)).toHaveLength(0);
  });
});
