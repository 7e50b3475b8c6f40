import { beforeAll, describe, expect, it } from "vitest";
import { NEAREST_PLACE_MAX_KM, OfflineGazetteer, loadPlaceIndex } from "../../../src/geo/offline-gazetteer.server.ts";
import { PlaceIndex, type Place } from "../../../src/geo/place-index.ts";

const place = (name: string, lat: number, lng: number, population = 1000, countryCode = "GB"): Place => ({
  name, countryCode, region: countryCode === "GB" ? "England" : null, population, lat, lng,
});

describe("PlaceIndex.nearest", () => {
  const index = new PlaceIndex([
    place("Leeds", 53.7997, -1.5492, 455_000),
    place("York", 53.9591, -1.0815, 153_000),
    place("Hull", 53.7676, -0.3274, 260_000),
    place("Calais", 50.9513, 1.8587, 73_000, "FR"),
    place("Fiji Town", -17.8, 179.9),
    place("Twin A", 10, 10, 5),
    place("Twin B", 10, 10, 50),
  ]);

  it.each([
    { point: [53.8, -1.55], name: "Leeds" },
    { point: [53.95, -1.1], name: "York" },
    { point: [53.75, -0.3], name: "Hull" },
    // Closer to York in degrees of longitude, but a degree of longitude is short this far north.
    { point: [53.88, -1.3], name: "York" },
    { point: [51.0, 1.5], name: "Calais" },
    // Across the 180° meridian: 179.9° E is 0.2° from -179.9°.
    { point: [-17.8, -179.9], name: "Fiji Town" },
  ] as const)("finds $name nearest $point", ({ point, name }) => {
    expect(index.nearest(point[0], point[1])?.name).toBe(name);
  });

  it("prefers the bigger of places equally near", () => {
    expect(index.nearest(10, 10)?.name).toBe("Twin B");
  });

  it("answers null when it holds no places", () => {
    expect(new PlaceIndex([]).nearest(53, -1)).toBeNull();
  });
});

describe("OfflineGazetteer.nearest", () => {
  let gazetteer: OfflineGazetteer;

  beforeAll(async () => {
    const index = await loadPlaceIndex();
    gazetteer = new OfflineGazetteer(async () => index);
  }, 30_000);

  it("names the town a pin is in, as the autocomplete would", async () => {
    const item = await gazetteer.nearest(53.4794, -2.2453);
    expect(item).toEqual({ label: "Manchester, England, UK", city: "Manchester", region: "England", country_code: "GB", latitude: expect.any(Number), longitude: expect.any(Number) });
    expect(item!.latitude).toBeCloseTo(53.48, 1);
    expect(item!.longitude).toBeCloseTo(-2.24, 1);
  });

  it.each([
    { point: [54.597, -5.93], label: "Belfast, Northern Ireland, UK" },
    { point: [55.953, -3.189], label: "Edinburgh, Scotland, UK" },
    { point: [51.4816, -3.1791], label: "Cardiff, Wales, UK" },
    { point: [48.8566, 2.3522], label: "Paris, France" },
  ] as const)("names $label", async ({ point, label }) => {
    expect((await gazetteer.nearest(point[0], point[1]))?.label).toBe(label);
  });

  it(`answers null more than ${NEAREST_PLACE_MAX_KM} km from every known place (the North Sea)`, async () => {
    expect(NEAREST_PLACE_MAX_KM).toBe(30);
    expect(await gazetteer.nearest(55, 2)).toBeNull();
    expect(await gazetteer.nearest(0, -30)).toBeNull();
  });

  it("answers a pin in well under 5 ms", async () => {
    await gazetteer.nearest(52, -1);
    const started = performance.now();
    for (let i = 0; i < 100; i++) await gazetteer.nearest(50 + (i % 10) * 0.8, -6 + (i % 7));
    expect((performance.now() - started) / 100).toBeLessThan(5);
  });
});
