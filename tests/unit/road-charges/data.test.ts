import { describe, expect, it } from "vitest";
import DATA from "#domain/road-charges/data/road-charges.json" with { type: "json" };
import { CROSSINGS, RoadChargesDataSchema, ZONES } from "#domain/road-charges/zones.ts";

// The zones, crossings and their dated prices are a data file; it is checked when loaded, so a
// mistyped entry is refused rather than priced.

describe("the road-charges data file", () => {
  it("loads every zone the issue names and the Dartford Crossing, each with its operator's page", () => {
    expect(ZONES.map((zone) => zone.id)).toEqual([
      "london_lez", "london_congestion", "birmingham_caz", "bradford_caz", "sheffield_caz", "newcastle_gateshead_caz", "portsmouth_caz",
      "bristol_caz", "bath_caz", "glasgow_lez", "edinburgh_lez", "dundee_lez", "aberdeen_lez",
    ]);
    expect(CROSSINGS.map((crossing) => crossing.id)).toEqual(["dartford"]);
    for (const { source } of [...ZONES, ...CROSSINGS]) expect(source.url).toMatch(/^https:\/\//);
  });

  it("names its own source for London's DVS permit, inside the LEZ's boundary", () => {
    const permit = ZONES.find((zone) => zone.id === "london_lez")!.rules.find((rule) => rule.kind === "permit")!;
    expect(permit.source?.url).toContain("direct-vision");
  });

  const withZone = (change: (zone: Record<string, unknown>) => void) => {
    const copy = structuredClone(DATA) as { zones: Record<string, unknown>[] };
    change(copy.zones[0]!);
    return RoadChargesDataSchema.safeParse(copy).success;
  };

  it.each([
    ["a point outside Great Britain's latitudes", (zone: Record<string, unknown>) => { zone.polygon = [[40, 0], [41, 0], [41, 1]]; }],
    ["a price in pounds with pence as a fraction", (zone: Record<string, unknown>) => { zone.rules = [{ kind: "daily", reach: "hgv", who: "x", versions: [{ from: "2026-01-01", pence: { euro_5: 100.5 } }] }]; }],
    ["a day that is not YYYY-MM-DD", (zone: Record<string, unknown>) => { zone.rules = [{ kind: "permit", reach: "over_12t", who: "x", reason: "y", from: "1 Jan 2026" }]; }],
    ["an unknown Euro standard", (zone: Record<string, unknown>) => { zone.rules = [{ kind: "refused", reach: "all", who: "x", reason: "y", from: "2026-01-01", standards: ["euro_2"] }]; }],
    ["an unknown kind of rule", (zone: Record<string, unknown>) => { zone.rules = [{ kind: "toll", reach: "all", who: "x" }]; }],
  ])("refuses %s", (_case, change) => {
    expect(withZone(change)).toBe(false);
  });

  it("accepts the file as shipped", () => {
    expect(withZone(() => {})).toBe(true);
  });
});
