import { describe, expect, it } from "vitest";
import { carrierShare, co2ePerMonth, loadsByStatus, onTimeStats, spendPerMonth, winRateStat, type LoadFigureRow } from "#domain/charts/dashboard-charts.ts";

const row = (overrides: Partial<LoadFigureRow>): LoadFigureRow => ({
  deliveredMonth: "2026-01", picked: true, carrierId: 1, carrierName: "Carrier 1", status: "delivered", loads: 1, pence: 10_000,
  collectedOnTime: 1, deliveredOnTime: 1, collectionDated: 1, deliveryDated: 1, co2eGrams: 0, ...overrides,
});

describe("dashboard charts from grouped rows", () => {
  it("fold carriers past the seventh into 'Other carriers', largest first", () => {
    const rows = Array.from({ length: 9 }, (_, i) => row({ carrierId: i + 1, carrierName: `Carrier ${i + 1}`, pence: (i + 1) * 1_000, loads: i + 1 }));
    const spend = spendPerMonth(rows, ["2026-01"]);
    expect(spend.datasets.map((d) => [d.label, d.values[0]])).toEqual([
      ["Carrier 9", 9_000], ["Carrier 8", 8_000], ["Carrier 7", 7_000], ["Carrier 6", 6_000], ["Carrier 5", 5_000], ["Carrier 4", 4_000], ["Other carriers", 6_000],
    ]);
    expect(carrierShare(rows).datasets[0]!.values.reduce((a, b) => a + b, 0)).toBe(45);
  });

  it("count only delivered rows for spend, and give empty months a zero", () => {
    const spend = spendPerMonth([row({ deliveredMonth: null, status: "assigned" }), row({ deliveredMonth: "2026-02" })], ["2026-01", "2026-02"]);
    expect(spend.datasets).toEqual([{ label: "Carrier 1", values: [0, 10_000] }]);
  });

  it("count in loads by status a load delivered in the period but collected before it, as the spend and share charts do", () => {
    const rows = [row({ deliveredMonth: "2026-01", picked: false }), row({ deliveredMonth: null, picked: true, status: "assigned", loads: 2 })];
    const statuses = loadsByStatus(rows);
    expect([statuses.labels, statuses.csvLabels, statuses.datasets[0]!.values]).toEqual([["Awaiting driver", "Delivered"], ["assigned", "delivered"], [2, 1]]);
    expect(carrierShare(rows).datasets[0]!.values).toEqual([1]);
  });

  it("give on-time rates of dated deliveries, and a win rate; '–' with nothing to divide", () => {
    expect(onTimeStats([row({ loads: 4, collectedOnTime: 3, collectionDated: 4, deliveredOnTime: 1, deliveryDated: 2 })]).map((s) => s.value)).toEqual(["75%", "50%"]);
    expect(onTimeStats([]).map((s) => s.value)).toEqual(["–", "–"]);
    expect(winRateStat([{ month: "2026-01", placed: 3, won: 1 }])).toEqual({ title: "Win rate", value: "33%", hint: "1 of 3 quotes placed in the period won" });
  });

  it("add CO2e up per delivery month in whole kilograms, carriers together, loads not delivered left out", () => {
    const rows = [
      row({ deliveredMonth: "2026-01", carrierId: 1, co2eGrams: 300_400 }),
      row({ deliveredMonth: "2026-01", carrierId: 2, co2eGrams: 200_200 }),
      row({ deliveredMonth: null, status: "assigned", co2eGrams: 999_000 }),
      row({ deliveredMonth: "2026-03", co2eGrams: 499 }),
    ];
    const chart = co2ePerMonth(rows, ["2026-01", "2026-02", "2026-03"]);
    expect(chart).toMatchObject({ id: "co2e-per-month", kind: "bar", title: "CO2e per month", format: "number", csvLabels: ["2026-01-01", "2026-02-01", "2026-03-01"] });
    expect(chart.datasets).toEqual([{ label: "kg CO2e", values: [501, 0, 0] }]);
  });
});
