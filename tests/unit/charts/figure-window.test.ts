import { describe, expect, it } from "vitest";
import { figureWindow, loadRowsForPeriod, quoteRowsForPeriod, type LoadMonthRow } from "#domain/charts/figure-window.ts";
import { monthsBetween } from "#domain/charts/months.ts";

const row = (overrides: Partial<LoadMonthRow>): LoadMonthRow => ({
  deliveredMonth: "2026-02", pickedMonth: "2026-02", carrierId: 1, carrierName: "Carrier 1", status: "delivered", loads: 1, pence: 10_000,
  collectedOnTime: 1, deliveredOnTime: 1, collectionDated: 1, deliveryDated: 1, co2eGrams: 100, ...overrides,
});

describe("the window of months an account's figures are added up over", () => {
  // 15:00 UTC on 25 November 2026 is November in London; the window runs 23 months back, 12 ahead.
  const now = new Date("2026-11-25T15:00:00Z");

  it.each([
    { months: ["2026-11"], window: ["2024-12", "2027-11"] },
    { months: monthsBetween("2025-12", "2026-11"), window: ["2024-12", "2027-11"] },
    { months: monthsBetween("2024-12", "2026-11"), window: ["2024-12", "2027-11"] },
    { months: monthsBetween("2027-01", "2027-11"), window: ["2024-12", "2027-11"] },
  ])("is the window for $months.0 … $months.length months inside it", ({ months, window }) => {
    const months36 = figureWindow(months, now);
    expect([months36[0], months36.at(-1), months36.length]).toEqual([...window, 36]);
  });

  it.each([
    { months: monthsBetween("2024-11", "2026-10") },
    { months: monthsBetween("2027-06", "2027-12") },
    { months: ["2019-03"] },
  ])("is the period's own months when it reaches outside the window ($months.0 …)", ({ months }) => {
    expect(figureWindow(months, now)).toEqual(months);
  });

  it("follows London's month: 23:30 on 31 December 2026 (GMT) is still December's window", () => {
    expect(figureWindow(["2026-12"], new Date("2026-12-31T23:30:00Z"))[0]).toBe("2025-01");
    expect(figureWindow(["2026-12"], new Date("2027-01-01T00:00:00Z"))[0]).toBe("2025-02");
  });
});

describe("a period's rows read from the window's month rows", () => {
  const period = ["2026-02", "2026-03"];

  it.each([
    { case: "delivered and collected inside", given: { deliveredMonth: "2026-02", pickedMonth: "2026-02" }, expected: { deliveredMonth: "2026-02", picked: true } },
    { case: "delivered inside, collected before", given: { deliveredMonth: "2026-02", pickedMonth: "2026-01" }, expected: { deliveredMonth: "2026-02", picked: false } },
    { case: "collected inside, delivered after", given: { deliveredMonth: "2026-04", pickedMonth: "2026-03" }, expected: { deliveredMonth: null, picked: true } },
    { case: "collected inside, not delivered", given: { deliveredMonth: null, pickedMonth: "2026-03", status: "assigned" }, expected: { deliveredMonth: null, picked: true } },
    { case: "delivered inside, no collection day", given: { deliveredMonth: "2026-03", pickedMonth: null }, expected: { deliveredMonth: "2026-03", picked: false } },
  ])("keeps a load $case", ({ given, expected }) => {
    const [kept] = loadRowsForPeriod([row(given)], period);
    expect(kept).toMatchObject(expected);
    expect(kept).not.toHaveProperty("pickedMonth");
  });

  it.each([
    { case: "both months before", given: { deliveredMonth: "2026-01", pickedMonth: "2026-01" } },
    { case: "both months after", given: { deliveredMonth: "2026-05", pickedMonth: "2026-04" } },
    { case: "collected before, not delivered", given: { deliveredMonth: null, pickedMonth: "2026-01", status: "collected" } },
    { case: "no months at all", given: { deliveredMonth: null, pickedMonth: null } },
  ])("leaves out a load with $case", ({ given }) => {
    expect(loadRowsForPeriod([row(given)], period)).toEqual([]);
  });

  it("adds up rows that fall together once months outside the period are set aside", () => {
    const rows = [
      row({ deliveredMonth: "2026-02", pickedMonth: "2026-01", loads: 2, pence: 20_000, collectedOnTime: 1, co2eGrams: 200 }),
      row({ deliveredMonth: "2026-02", pickedMonth: "2025-12", loads: 3, pence: 30_000, collectedOnTime: 3, deliveredOnTime: 2, collectionDated: 3, deliveryDated: 2, co2eGrams: 300 }),
      row({ deliveredMonth: "2026-02", pickedMonth: "2026-01", carrierId: 2, carrierName: "Carrier 2" }),
      row({ deliveredMonth: "2026-02", pickedMonth: "2026-02" }),
    ];
    expect(loadRowsForPeriod(rows, period)).toEqual([
      { deliveredMonth: "2026-02", picked: false, carrierId: 1, carrierName: "Carrier 1", status: "delivered", loads: 5, pence: 50_000, collectedOnTime: 4, deliveredOnTime: 3, collectionDated: 4, deliveryDated: 3, co2eGrams: 500 },
      { deliveredMonth: "2026-02", picked: false, carrierId: 2, carrierName: "Carrier 2", status: "delivered", loads: 1, pence: 10_000, collectedOnTime: 1, deliveredOnTime: 1, collectionDated: 1, deliveryDated: 1, co2eGrams: 100 },
      { deliveredMonth: "2026-02", picked: true, carrierId: 1, carrierName: "Carrier 1", status: "delivered", loads: 1, pence: 10_000, collectedOnTime: 1, deliveredOnTime: 1, collectionDated: 1, deliveryDated: 1, co2eGrams: 100 },
    ]);
    // The window's rows are left as they were.
    expect(rows[0]).toMatchObject({ loads: 2, pickedMonth: "2026-01" });
  });

  it("keeps only the period's months of quotes", () => {
    const quotes = [{ month: "2026-01", placed: 4, won: 1 }, { month: "2026-02", placed: 2, won: 2 }, { month: "2026-03", placed: 1, won: 0 }];
    expect(quoteRowsForPeriod(quotes, period)).toEqual(quotes.slice(1));
  });
});
