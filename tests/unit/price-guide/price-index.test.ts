import { describe, expect, it } from "vitest";
import { indexStart, pricePerMileIndex, type AcceptedLoad } from "#domain/price-guide/price-index.ts";

const NOW = new Date("2026-11-27T01:00:00Z");
const at = (day: string, shipperAccountId: number, priceCents: number, miles: number | null = 100): AcceptedLoad => ({ acceptedAt: new Date(`${day}T12:00:00Z`), shipperAccountId, priceCents, miles });
const backedMonth = (month: string, pence: number[]) => pence.map((p, i) => at(`${month}-1${i}`, (i % 3) + 1, p * 100));

describe("the monthly price per mile index", () => {
  it("starts at the first of the month eleven months back", () => {
    expect(indexStart(NOW).toISOString()).toBe("2025-12-01T00:00:00.000Z");
  });

  it("gives each backed month's median pence per mile, oldest first", () => {
    const loads = [...backedMonth("2026-11", [200, 210, 220, 230, 240]), ...backedMonth("2026-03", [150, 160, 170, 180, 190, 200])];
    expect(pricePerMileIndex(loads, NOW)).toEqual([
      { month: "2026-03", label: "March 2026", loads: 6, medianPencePerMile: 175 },
      { month: "2026-11", label: "November 2026", loads: 5, medianPencePerMile: 220 },
    ]);
  });

  it.each([
    ["4 loads", [at("2026-10-01", 1, 20_000), at("2026-10-02", 2, 20_000), at("2026-10-03", 3, 20_000), at("2026-10-04", 3, 20_000)]],
    ["5 loads from 2 shippers", [1, 1, 1, 2, 2].map((s, i) => at(`2026-10-0${i + 1}`, s, 20_000))],
    ["5 loads, only 4 with miles", [1, 2, 3, 1, 2].map((s, i) => at(`2026-10-0${i + 1}`, s, 20_000, i === 0 ? null : 100))],
    ["5 loads before the window", [1, 2, 3, 1, 2].map((s, i) => at(`2025-11-0${i + 1}`, s, 20_000))],
  ])("leaves out a month of %s", (_, loads) => {
    expect(pricePerMileIndex(loads, NOW)).toEqual([]);
  });
});
