import { describe, expect, it } from "vitest";
import { VEHICLE_TYPES } from "#domain/jobs/catalogue.ts";
import { EMISSION_CLASSES, KM_PER_MILE, co2eKg, formatCo2e, vehicleClassFor } from "#domain/maps/emissions.ts";

describe("the 2025 factors (kg CO2e per vehicle km)", () => {
  // The rows of "Greenhouse gas reporting: conversion factors 2025", Freighting goods, that the
  // brief gave as known: a check that the table was copied without slips.
  it.each([
    ["rigid_3_5_to_7_5t", 0.49548],
    ["rigid_over_17t", 0.99156],
    ["artic_over_33t", 0.93421],
    ["all_hgvs", 0.89121],
  ] as const)("%s is %f", (id, factor) => {
    expect(EMISSION_CLASSES[id].kgCo2ePerKm).toBe(factor);
  });

  it("has a refrigerated figure above each plain HGV figure", () => {
    for (const [id, { kgCo2ePerKm }] of Object.entries(EMISSION_CLASSES)) {
      if (!id.startsWith("refrigerated_")) continue;
      const plain = EMISSION_CLASSES[id.replace("refrigerated_", "") as keyof typeof EMISSION_CLASSES];
      expect(kgCo2ePerKm).toBeGreaterThan(plain.kgCo2ePerKm);
    }
  });
});

describe("vehicleClassFor", () => {
  it.each([
    [["van"], "van_average", 0.25561],
    [["luton"], "van_class_iii", 0.27878],
    [["rigid_7_5t"], "rigid_3_5_to_7_5t", 0.49548],
    [["rigid_18t"], "rigid_over_17t", 0.99156],
    [["rigid_26t"], "rigid_over_17t", 0.99156],
    [["tipper"], "rigid_over_17t", 0.99156],
    [["hiab"], "rigid_over_17t", 0.99156],
    [["tail_lift"], "all_rigids", 0.83751],
    [["artic"], "artic_over_33t", 0.93421],
    [["double_deck"], "artic_over_33t", 0.93421],
    [["moving_floor"], "artic_over_33t", 0.93421],
    [["low_loader"], "artic_over_33t", 0.93421],
    [["container_chassis"], "artic_over_33t", 0.93421],
    [["curtain_side"], "all_hgvs", 0.89121],
    [["box"], "all_hgvs", 0.89121],
    [["flatbed"], "all_hgvs", 0.89121],
    [["tanker"], "all_hgvs", 0.89121],
    [["refrigerated"], "refrigerated_all_hgvs", 1.04323],
  ] as const)("%j → %s (%f)", (types, id, factor) => {
    expect(vehicleClassFor(types)).toMatchObject({ id, kgCo2ePerKm: factor });
  });

  it("knows every catalogue vehicle type (none falls back unnoticed)", () => {
    for (const { value } of VEHICLE_TYPES) {
      if (["curtain_side", "box", "flatbed", "tanker", "refrigerated"].includes(value)) continue;
      expect(vehicleClassFor([value]).id, value).not.toBe("all_hgvs");
    }
  });

  it.each([
    { why: "Any (no types)", types: [], id: "all_hgvs" },
    { why: "only unknown keys", types: ["hovercraft"], id: "all_hgvs" },
    { why: "an unknown key beside a known one", types: ["hovercraft", "van"], id: "van_average" },
    { why: "several allowed: the highest factor", types: ["van", "rigid_7_5t", "artic"], id: "artic_over_33t" },
    { why: "a big rigid beats an artic", types: ["artic", "rigid_26t"], id: "rigid_over_17t" },
    { why: "a body style beside a named size: the higher", types: ["curtain_side", "rigid_7_5t"], id: "all_hgvs" },
    { why: "refrigerated with a named size", types: ["refrigerated", "rigid_7_5t"], id: "refrigerated_rigid_3_5_to_7_5t" },
    { why: "refrigerated with an artic", types: ["artic", "refrigerated"], id: "refrigerated_artic_over_33t" },
    { why: "refrigerated with a van (no refrigerated van factor)", types: ["refrigerated", "van"], id: "van_average" },
    { why: "refrigerated with a van and an artic", types: ["refrigerated", "van", "artic"], id: "refrigerated_artic_over_33t" },
  ])("$why → $id", ({ types, id }) => {
    expect(vehicleClassFor(types).id).toBe(id);
  });

  it("gives a label to show beside the figure", () => {
    expect(vehicleClassFor(["artic"]).label).toBe("HGV articulated (>33 t), average laden");
  });
});

describe("co2eKg", () => {
  it.each([
    { miles: 100, types: ["artic"], kg: 100 * 1.609344 * 0.93421 },
    { miles: 100, types: [], kg: 100 * 1.609344 * 0.89121 },
    { miles: 250, types: ["van"], kg: 250 * 1.609344 * 0.25561 },
    { miles: 1, types: ["refrigerated"], kg: 1.609344 * 1.04323 },
    { miles: 0, types: ["artic"], kg: 0 },
    { miles: -5, types: ["artic"], kg: 0 },
    { miles: Number.NaN, types: ["artic"], kg: 0 },
  ])("$miles miles by $types is $kg kg", ({ miles, types, kg }) => {
    expect(co2eKg(miles, types)).toBeCloseTo(kg, 9);
  });

  it("converts miles to km at 1.609344", () => {
    expect(KM_PER_MILE).toBe(1.609344);
    // London to Manchester by road, about 200 miles, in a 44 t artic: about 300 kg.
    expect(Math.round(co2eKg(200, ["artic"]))).toBe(301);
  });
});

describe("formatCo2e", () => {
  it.each([
    [0, "0 kg CO2e"],
    [-3, "0 kg CO2e"],
    [Number.NaN, "0 kg CO2e"],
    [0.3, "< 1 kg CO2e"],
    [0.5, "1 kg CO2e"],
    [1, "1 kg CO2e"],
    [123.4, "123 kg CO2e"],
    [999.4, "999 kg CO2e"],
    [999.5, "1.0 t CO2e"],
    [1000, "1.0 t CO2e"],
    [1234, "1.2 t CO2e"],
    [12_345, "12.3 t CO2e"],
    [99_949, "99.9 t CO2e"],
    [99_950, "100 t CO2e"],
    [123_456, "123 t CO2e"],
    [1_234_567, "1,235 t CO2e"],
  ])("%f kg reads %s", (kg, text) => {
    expect(formatCo2e(kg)).toBe(text);
  });
});
