import { describe, expect, it } from "vitest";
import {
  CALL_OFF_LOAD_TYPES, CERTIFICATIONS, CONTAINER_SIZES, CONTRACT_DURATIONS, CUSTOMS_PAPERWORK, FREQUENCIES, isOneOf, JOB_TYPES,
  labelFor, LOAD_CONDITIONS, LOAD_TYPES, PALLET_SIZES, PALLET_TYPE_OPTIONS, valuesOf, VEHICLE_SPECS, VEHICLE_TYPES,
} from "#domain/jobs/catalogue.ts";
import { PALLET_TYPES } from "#domain/jobs/pallet-limits.ts";
import { CONTRACT_DURATION_MONTHS } from "#domain/jobs/contract-months.ts";

const LISTS = {
  CALL_OFF_LOAD_TYPES, CERTIFICATIONS, CONTAINER_SIZES, CONTRACT_DURATIONS, CUSTOMS_PAPERWORK, FREQUENCIES, JOB_TYPES,
  LOAD_CONDITIONS, LOAD_TYPES, PALLET_SIZES, PALLET_TYPE_OPTIONS, VEHICLE_SPECS, VEHICLE_TYPES,
};

describe("option lists", () => {
  it.each(Object.entries(LISTS))("%s has unique keys and a label for each", (_name, options) => {
    const keys = valuesOf(options);
    expect(new Set(keys).size).toBe(keys.length);
    for (const option of options) expect(option.label.trim()).not.toBe("");
  });

  it.each([
    { list: LOAD_TYPES, keys: ["palletised", "without_pallets", "ibc", "drums", "shipping_container"] },
    { list: JOB_TYPES, keys: ["single", "multi", "contract"] },
    { list: FREQUENCIES, keys: ["daily", "weekdays", "weekly", "fortnightly", "monthly"] },
    { list: CONTAINER_SIZES, keys: ["20ft", "40ft", "40ft_hc", "45ft"] },
    { list: CONTRACT_DURATIONS, keys: Object.keys(CONTRACT_DURATION_MONTHS) },
    { list: PALLET_TYPE_OPTIONS, keys: [...PALLET_TYPES] },
  ])("$keys are the keys the forms and the other rules use", ({ list, keys }) => {
    expect(valuesOf(list)).toEqual(keys);
  });

  it("offers the real UK vehicle types the form needs, curtain-sider included", () => {
    expect(valuesOf(VEHICLE_TYPES)).toEqual(
      expect.arrayContaining(["curtain_side", "box", "flatbed", "refrigerated", "tail_lift", "rigid_7_5t", "rigid_18t", "rigid_26t", "artic", "low_loader", "tipper", "container_chassis", "van"]),
    );
    expect(valuesOf(CERTIFICATIONS)).toEqual(
      expect.arrayContaining(["adr", "fors_bronze", "fors_silver", "fors_gold", "temperature_controlled", "gdp", "iso_9001", "aeo"]),
    );
  });
});

describe("labelFor", () => {
  it.each([
    { options: LOAD_TYPES, value: "shipping_container", label: "Shipping container" },
    { options: VEHICLE_TYPES, value: "curtain_side", label: "Curtain-sider" },
    { options: CONTAINER_SIZES, value: "40ft_hc", label: "40 ft high cube" },
    { options: FREQUENCIES, value: "fortnightly", label: "Fortnightly" },
    { options: VEHICLE_TYPES, value: "hovercraft", label: "hovercraft" },
    { options: VEHICLE_TYPES, value: "", label: "" },
    { options: VEHICLE_TYPES, value: null, label: "" },
  ])("labels '$value' as '$label'", ({ options, value, label }) => {
    expect(labelFor(options, value)).toBe(label);
  });
});

describe("isOneOf", () => {
  it("knows the keys of a list and nothing else", () => {
    expect(isOneOf(LOAD_TYPES, "ibc")).toBe(true);
    expect(isOneOf(LOAD_TYPES, "Palletised")).toBe(false);
    expect(isOneOf(LOAD_TYPES, undefined)).toBe(false);
  });
});
