import { afterAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { companyScores } from "#models/company-scores.server.ts";
import { createCarrier, createShipper, createSupport } from "../../support/fixtures.ts";
import { spyOnStatements } from "../../support/statements.ts";
import { issuedInvoice } from "../credit-notes/issued-invoice.ts";
import { carriedLoad, dayAgo, daysAgo, rate, ratedLoad } from "./score-fixtures.ts";

// Many companies' scores from the database in one statement, on SQLite and PostgreSQL: the ratings
// that count (12 months, revealed, not hidden, one voice per counterpart), the on-time figures from
// the load timeline, cancellations after award over 365 days, and a shipper's days to pay.

describe("companyScores", () => {
  const spy = spyOnStatements();
  afterAll(() => spy.restore());

  it("counts a big customer's many ratings as one voice, and only revealed, unhidden ones of the last 12 months", async () => {
    const carrier = await createCarrier();
    const big = await createShipper();
    const small = await createShipper();
    for (let i = 0; i < 4; i++) await ratedLoad(big, carrier, { centistars: 100, wouldAgain: false });
    await ratedLoad(small, carrier, { centistars: 500 });
    await ratedLoad(small, carrier, { centistars: 100, hiddenAt: new Date() }); // hidden
    await ratedLoad(small, carrier, { centistars: 100, createdAt: daysAgo(400) }); // too old
    const blind = await carriedLoad(small, carrier, { deliveredAt: daysAgo(3) });
    await rate(blind.id, "shipper", small, carrier, { centistars: 100 }); // the carrier has not rated: blind
    const late = await carriedLoad(big, carrier, { deliveredAt: daysAgo(31) });
    await rate(late.id, "shipper", big, carrier, { centistars: 300, createdAt: daysAgo(30) }); // 30 days after delivery: revealed
    const score = (await companyScores([carrier.accountId])).get(carrier.accountId)!;
    // big: (100 × 4 + 300) / 5 = 140, would again 1 in 5; small: 500, 1 in 1 → (140 + 500) / 2 = 320, (20 + 100) / 2 = 60%
    expect(score).toMatchObject({ centistars: 320, ratings: 6, counterparts: 2, wouldAgainPercent: 60, kind: "carrier" });
    expect(score.completed).toBe(9);
  });

  it("reads on-time collection and delivery from the timeline, for carriers", async () => {
    const carrier = await createCarrier();
    const shipper = await createShipper();
    const planned = { pickupDate: dayAgo(5), deliveryDate: dayAgo(4) };
    await carriedLoad(shipper, carrier, { ...planned, collectedAt: new Date(dayAgo(5).getTime() + 10 * 3_600_000), deliveredAt: new Date(dayAgo(4).getTime() + 23 * 3_600_000) });
    await carriedLoad(shipper, carrier, { ...planned, collectedAt: dayAgo(4), deliveredAt: dayAgo(2) }); // the next day: late both
    await carriedLoad(shipper, carrier, { collectedAt: dayAgo(4), deliveredAt: dayAgo(2) }); // no planned days: not judged
    await carriedLoad(shipper, carrier, { ...planned, status: "collected", collectedAt: dayAgo(5), deliveredAt: null }); // not delivered yet
    const score = (await companyScores([carrier.accountId])).get(carrier.accountId)!;
    expect(score).toMatchObject({ onTimeCollectionPercent: 50, onTimeDeliveryPercent: 50, completed: 3, newOnLoadline: true, cancellation: null, daysToPay: null });
  });

  it("rates a shipper's cancellations after award over 365 days once it has completed 5 loads, and its days to pay", async () => {
    const carrier = await createCarrier();
    const shipper = await createShipper();
    for (let i = 0; i < 8; i++) await carriedLoad(shipper, carrier);
    await carriedLoad(shipper, carrier, { status: "cancelled", deliveredAt: null });
    await carriedLoad(shipper, carrier, { status: "cancelled", deliveredAt: null, updatedAt: daysAgo(366) }); // over a year ago
    const notGiven = await carriedLoad(shipper, carrier, { status: "cancelled", deliveredAt: null });
    await db().load.update({ where: { id: notGiven.id }, data: { carrierAccountId: null } }); // before award: not counted
    await issuedInvoice({ shipper, carrier, driver: carrier }, { taxPoint: daysAgo(30), status: "paid", paidAt: dayAgo(10) });
    const score = (await companyScores([shipper.accountId])).get(shipper.accountId)!;
    expect(score).toMatchObject({ kind: "shipper", completed: 8, newOnLoadline: false, cancellation: { percent: 11, frequent: true }, onTimeDeliveryPercent: null });
    expect(score.daysToPay).toBeGreaterThanOrEqual(19);
    expect(score.daysToPay).toBeLessThanOrEqual(21);
  });

  it("reads any number of companies in one statement; unknown and platform accounts are left out", async () => {
    const carriers = await Promise.all([createCarrier(), createCarrier(), createCarrier()]);
    const shipper = await createShipper();
    const support = await createSupport();
    for (const carrier of carriers) await ratedLoad(shipper, carrier);
    spy.clear();
    const scores = await companyScores([...carriers.map((c) => c.accountId), shipper.accountId, support.accountId, 999_999]);
    expect(spy.sent()).toHaveLength(1);
    expect([...scores.keys()].sort()).toEqual([...carriers.map((c) => c.accountId), shipper.accountId].sort());
    expect(scores.get(shipper.accountId)).toMatchObject({ centistars: 500, counterparts: 3, ratings: 3, completed: 3 });
    spy.clear();
    expect(await companyScores([])).toEqual(new Map());
    expect(spy.sent()).toHaveLength(0);
  });
});
