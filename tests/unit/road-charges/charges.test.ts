import { describe, expect, it } from "vitest";
import { chargesFor, routeSummaries } from "#domain/road-charges/charges.ts";
import { crossingPence, dailyPrices, freeAtHour, versionOn } from "#domain/road-charges/rules.ts";
import { vehicleProfile, type VehicleRecord } from "#domain/road-charges/vehicle.ts";
import { routeVisits } from "#domain/road-charges/visits.ts";
import { CROSSINGS, ZONES, type LatLngPoint } from "#domain/road-charges/zones.ts";
import { estimateRoute } from "#geo/routing/offline-router.ts";

const at = (iso: string) => Date.parse(iso);
const zone = (id: string) => ZONES.find((each) => each.id === id)!;
const DARTFORD = CROSSINGS.find((each) => each.id === "dartford")!;
const PLACES = {
  leeds: [53.7965, -1.5479], bristol: [51.4545, -2.5879], maidstone: [51.272, 0.529], chelmsford: [51.7356, 0.4685],
  westminster: [51.5007, -0.1246], croydon: [51.3762, -0.0982], glasgow: [55.8591, -4.258], stirling: [56.1165, -3.9369],
} satisfies Record<string, LatLngPoint>;
type Place = keyof typeof PLACES;

const ARTIC = { vehicleType: "artic", grossWeightKg: 44_000, axles: 5, dvsPermit: true };
const lorry = (euroStandard: string, overrides: Partial<VehicleRecord> = {}) => vehicleProfile({ ...ARTIC, euroStandard, ...overrides });

/** The charges for a day trip (07:00 to 15:00 UTC) between the places on a day. */
function trip(from: Place, to: Place, vehicle: ReturnType<typeof lorry>, day = "2026-12-01") {
  const journey = { path: estimateRoute([PLACES[from], PLACES[to]])!.points, startMs: at(`${day}T07:00:00Z`), endMs: at(`${day}T15:00:00Z`) };
  return chargesFor(routeVisits(journey), vehicle);
}
const brief = (result: ReturnType<typeof trip>) => result.charges.map((charge) => [charge.id, charge.status, charge.pence]);

describe("vehicle rules", () => {
  it.each([
    ["a Euro 5 lorry into Bristol pays £100", "leeds", "bristol", lorry("euro_5"), [["bristol_caz", "due", 10_000]]],
    ["a Euro 6 lorry into Bristol pays nothing", "leeds", "bristol", lorry("euro_6"), [["bristol_caz", "free", 0]]],
    ["a zero-emission lorry into Bristol pays nothing", "leeds", "bristol", lorry("zero_emission"), [["bristol_caz", "free", 0]]],
    ["a Euro 5 van (3.5 t) into Bristol pays nothing: the CAZ charges lorries", "leeds", "bristol", lorry("euro_5", { vehicleType: "van", grossWeightKg: 3_500, axles: 2 }), [["bristol_caz", "free", 0]]],
    ["a Euro 3 lorry in London pays the LEZ £300", "maidstone", "croydon", lorry("euro_3"), [["london_lez", "due", 30_000]]],
    ["a Euro 4 lorry in London pays the LEZ £100", "maidstone", "croydon", lorry("euro_4"), [["london_lez", "due", 10_000]]],
    ["a Euro 6 lorry over 12 t without a DVS permit is not allowed in London", "maidstone", "croydon", lorry("euro_6", { dvsPermit: false }), [["london_lez", "free", 0], ["london_lez", "not_allowed", 0]]],
    ["a 7.5 t lorry needs no DVS permit", "maidstone", "croydon", lorry("euro_6", { vehicleType: "rigid_7_5t", grossWeightKg: 7_500, axles: 2, dvsPermit: false }), [["london_lez", "free", 0]]],
    ["Westminster adds the Congestion Charge, zero emission or not", "croydon", "westminster", lorry("zero_emission"), [["london_lez", "free", 0], ["london_congestion", "due", 1_800]]],
    ["a Euro 5 lorry is not allowed into the Glasgow LEZ", "stirling", "glasgow", lorry("euro_5"), [["glasgow_lez", "not_allowed", 0]]],
    ["a Euro 6 lorry may enter the Glasgow LEZ", "stirling", "glasgow", lorry("euro_6"), []],
    ["a five-axle lorry pays £8.40 at Dartford", "maidstone", "chelmsford", lorry("euro_6"), [["dartford", "due", 840]]],
    ["a two-axle lorry pays £4.20 at Dartford", "maidstone", "chelmsford", lorry("euro_6", { vehicleType: "rigid_18t", grossWeightKg: 18_000, axles: 2 }), [["dartford", "due", 420]]],
  ] as const)("%s", (_case, from, to, vehicle, expected) => {
    expect(brief(trip(from, to, vehicle))).toEqual(expected);
  });

  it("totals the charges and says when a vehicle may not go", () => {
    const glasgow = trip("stirling", "glasgow", lorry("euro_5"));
    expect([glasgow.notAllowed, glasgow.totalPence]).toEqual([true, 0]);
    expect(glasgow.charges[0]!.text).toBe("Not allowed: Glasgow LEZ refuses vehicles below Euro VI: entering is a penalty charge, not a fee");
    const bristol = trip("leeds", "bristol", lorry("euro_5"));
    expect([bristol.notAllowed, bristol.totalPence]).toEqual([false, 10_000]);
    expect(bristol.charges[0]!.text).toBe("£100.00 a day for lorries below Euro VI, 1 day (1 Dec 2026)");
  });

  it.each([
    ["nothing unknown", { grossWeightKg: 44_000, axles: 5 }, ""],
    ["both read from the type", { grossWeightKg: null, axles: null }, "gross weight 44,000 kg and 5 axles read from the vehicle type (Articulated (44 t)): set them on the vehicle to be sure"],
    ["the axles read from the type", { grossWeightKg: 40_000, axles: null }, "5 axles read from the vehicle type (Articulated (44 t)): set them on the vehicle to be sure"],
  ])("a vehicle's weight and axles: %s", (_case, overrides, assumed) => {
    expect(lorry("euro_6", overrides).assumed).toBe(assumed);
  });

  it.each([
    ["a van", "van", 3_500, 2],
    ["a 26 t rigid", "rigid_26t", 26_000, 3],
    ["a type not in the list is taken as the heaviest", "steam_wagon", 44_000, 5],
  ])("%s when its own are not recorded", (_case, vehicleType, weight, axles) => {
    const profile = vehicleProfile({ vehicleType, euroStandard: "euro_6", grossWeightKg: null, axles: null, dvsPermit: false });
    expect([profile.grossWeightKg, profile.axles]).toEqual([weight, axles]);
  });
});

describe("dated rules", () => {
  const congestion = zone("london_congestion").rules[0]!;
  const versions = congestion.kind === "daily" ? congestion.versions : [];
  it.each([
    ["before the Congestion Charge's £15 began", "2020-06-21", null],
    ["the day £15 began", "2020-06-22", 1_500],
    ["the last day at £15", "2026-01-01", 1_500],
    ["the day £18 began", "2026-01-02", 1_800],
  ])("%s (%s)", (_case, day, pence) => {
    expect(versionOn(versions, day)?.pence.euro_6 ?? null).toBe(pence);
  });

  it.each([
    ["2025-08-31", 2, 300], ["2025-08-31", 5, 600], ["2025-09-01", 2, 420], ["2025-09-01", 5, 840], ["2014-01-01", 5, 0],
  ])("Dartford on %s with %i axles: %i pence", (day, axles, pence) => {
    expect(crossingPence(versionOn(DARTFORD.versions, day), axles)).toBe(pence);
  });

  it("a two-day load over the Congestion Charge's rise pays each day at its own price", () => {
    const journey = { path: [PLACES.westminster, [51.501, -0.125]] as LatLngPoint[], startMs: at("2026-01-01T10:00:00Z"), endMs: at("2026-01-02T10:00:00Z") };
    expect(brief(chargesFor(routeVisits(journey), lorry("euro_6")))).toEqual([["london_lez", "free", 0], ["london_congestion", "due", 3_300]]);
  });

  it("a Clean Air Zone charges nothing before it began", () => {
    expect(brief(trip("leeds", "bristol", lorry("euro_5"), "2022-11-27"))).toEqual([["bristol_caz", "free", 0]]);
  });

  it.each([
    [21, false], [22, true], [23, true], [0, true], [5, true], [6, false], [12, false],
  ])("Dartford at %i:00 is free: %s", (hour, free) => {
    expect(freeAtHour(DARTFORD, hour)).toBe(free);
  });

  it("a crossing at night pays nothing", () => {
    const night = { path: estimateRoute([PLACES.maidstone, PLACES.chelmsford])!.points, startMs: at("2026-12-01T22:30:00Z"), endMs: at("2026-12-02T00:30:00Z") };
    expect(brief(chargesFor(routeVisits(night), lorry("euro_6")))).toEqual([["dartford", "free", 0]]);
  });
});

describe("what a route's zones charge, with no vehicle chosen", () => {
  it.each([
    ["leeds", "bristol", [["Bristol CAZ", "£100.00 a day for lorries below Euro VI"]]],
    ["maidstone", "chelmsford", [["Dartford Crossing", "£4.20 two-axle or £8.40 multi-axle goods vehicles a crossing, 1 crossing; free 22:00–06:00"]]],
    ["maidstone", "croydon", [["London LEZ", "£100.00 a day (Euro 4, Euro 5) or £300.00 a day (Euro 3) for lorries below Euro VI; not allowed for lorries over 12 t without a Direct Vision Standard permit"]]],
    ["stirling", "glasgow", [["Glasgow LEZ", "not allowed for vehicles below Euro VI"]]],
  ] as const)("%s to %s", (from, to, expected) => {
    const journey = { path: estimateRoute([PLACES[from], PLACES[to]])!.points, startMs: at("2026-12-01T07:00:00Z"), endMs: at("2026-12-01T15:00:00Z") };
    expect(routeSummaries(routeVisits(journey)).map((summary) => [summary.name, summary.text])).toEqual(expected);
  });

  it("prices one rate alike for every standard it charges", () => {
    expect(dailyPrices({ from: "2020-01-01", pence: { euro_4: 5_000, euro_5: 5_000 } })).toBe("£50.00 a day");
  });
});
