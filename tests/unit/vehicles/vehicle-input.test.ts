import { describe, expect, it } from "vitest";
import {
  MAX_PAYLOAD_KG, MIN_PAYLOAD_KG, VehicleChoiceSchema, VehicleInputSchema, normaliseRegistration, readKilograms, vehicleFormValues,
} from "#domain/vehicles/vehicle-input.ts";
import { EURO_STANDARDS, vehicleCanChange, vehicleView } from "#domain/vehicles/vehicles.ts";

const form = (overrides: Record<string, unknown> = {}) => ({
  registration: "AB12 CDE",
  vehicle_type: "artic",
  payload_kg: "29000",
  euro_standard: "euro_6",
  ...overrides,
});
const messagesOf = (input: unknown) => {
  const parsed = VehicleInputSchema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

describe("normaliseRegistration", () => {
  it.each([
    // current format: 2 letters, 2 digits, 3 letters
    ["AB12 CDE", "AB12 CDE"],
    ["ab12cde", "AB12 CDE"],
    ["  Ab 12  cDe ", "AB12 CDE"],
    ["AB1 2CDE", "AB12 CDE"],
    ["AB12\tCDE", "AB12 CDE"],
    // prefix: age letter, 1–3 digits, 3 letters
    ["A123 BCD", "A123 BCD"],
    ["a1bcd", "A1 BCD"],
    ["P45XYZ", "P45 XYZ"],
    // suffix: 3 letters, 1–3 digits, age letter
    ["ABC 123D", "ABC 123D"],
    ["abc1d", "ABC 1D"],
    // dateless: 1–3 letters + 1–4 digits, or 1–4 digits + 1–3 letters
    ["A 1", "A 1"],
    ["abz1234", "ABZ 1234"],
    ["XY 99", "XY 99"],
    ["1 A", "1 A"],
    ["1234ABC", "1234 ABC"],
  ])("%j → %j", (typed, canonical) => {
    expect(normaliseRegistration(typed)).toBe(canonical);
  });

  it.each([
    [""],
    ["   "],
    ["AB12 CDEF"], // four letters at the end
    ["ABC12 CDE"], // three letters before the age digits
    ["AB123CDE"],
    ["A1234 BCD"], // prefix with four digits
    ["ABC 1234D"], // suffix with four digits
    ["ABCD 123"], // dateless with four letters
    ["12345 A"], // dateless with five digits
    ["ABC"],
    ["1234"],
    ["AB-12-CDE"],
    ["AB12 CDÉ"],
    ["A1B2C3"],
  ])("%j is not a UK registration", (typed) => {
    expect(normaliseRegistration(typed)).toBeNull();
  });
});

describe("readKilograms", () => {
  it.each([
    ["7500", 7500],
    [" 7,500 ", 7500],
    ["44,000", 44_000],
    ["18000 kg", 18_000],
    ["18000KG", 18_000],
    ["0", 0],
    ["7.5", null],
    ["7,50", null],
    ["7500.0", null],
    ["-100", null],
    ["1e4", null],
    ["seven", null],
    ["", null],
    ["1234567890", null],
  ])("%j → %s", (typed, kilograms) => {
    expect(readKilograms(typed)).toBe(kilograms);
  });
});

describe("VehicleInputSchema", () => {
  it("reads the form into the vehicle's columns, with the registration in its canonical form", () => {
    expect(VehicleInputSchema.parse(form({ registration: "ab12cde", payload_kg: "44,000", tail_lift: "1", temperature_controlled: "on" }))).toEqual({
      registration: "AB12 CDE",
      vehicleType: "artic",
      payloadKg: 44_000,
      euroStandard: "euro_6",
      tailLift: true,
      temperatureControlled: true,
      grossWeightKg: null,
      axles: null,
      dvsPermit: false,
    });
  });

  it("reads unticked checkboxes (not posted) as false, and a hidden 0 before a ticked box as true", () => {
    expect(VehicleInputSchema.parse(form())).toMatchObject({ tailLift: false, temperatureControlled: false });
    expect(VehicleInputSchema.parse(form({ tail_lift: ["0", "1"], temperature_controlled: "0" }))).toMatchObject({ tailLift: true, temperatureControlled: false });
  });

  it.each([
    [{ registration: "" }, { registration: "Enter a UK registration, like AB12 CDE" }],
    [{ registration: "NOT A REG" }, { registration: "Enter a UK registration, like AB12 CDE" }],
    [{ registration: ["AB12 CDE"] }, { registration: "Enter a UK registration, like AB12 CDE" }],
    [{ registration: undefined }, { registration: "Enter a UK registration, like AB12 CDE" }],
    [{ vehicle_type: "spaceship" }, { vehicle_type: "Choose a vehicle type from the list" }],
    [{ vehicle_type: "" }, { vehicle_type: "Choose a vehicle type from the list" }],
    [{ payload_kg: "" }, { payload_kg: "Enter the payload in kilograms" }],
    [{ payload_kg: "lots" }, { payload_kg: "Enter the payload in kilograms" }],
    [{ payload_kg: "7.5" }, { payload_kg: "Enter the payload in kilograms" }],
    [{ payload_kg: "99" }, { payload_kg: "The payload must be at least 100 kg" }],
    [{ payload_kg: "44" }, { payload_kg: "The payload must be at least 100 kg" }],
    [{ payload_kg: "44001" }, { payload_kg: "The payload cannot be more than 44,000 kg" }],
    [{ payload_kg: "440,000" }, { payload_kg: "The payload cannot be more than 44,000 kg" }],
    [{ euro_standard: "euro_7" }, { euro_standard: "Choose a Euro standard from the list" }],
    [{ euro_standard: undefined }, { euro_standard: "Choose a Euro standard from the list" }],
  ])("%j → %j", (overrides, messages) => {
    expect(messagesOf(form(overrides))).toEqual(messages);
  });

  it.each([
    [String(MIN_PAYLOAD_KG), MIN_PAYLOAD_KG],
    [String(MAX_PAYLOAD_KG), MAX_PAYLOAD_KG],
  ])("accepts the payload limit %s kg", (typed, kilograms) => {
    expect(VehicleInputSchema.parse(form({ payload_kg: typed })).payloadKg).toBe(kilograms);
  });

  it("gives a message for every field of an empty form", () => {
    expect(messagesOf({})).toEqual({
      registration: "Enter a UK registration, like AB12 CDE",
      vehicle_type: "Choose a vehicle type from the list",
      payload_kg: "Enter the payload in kilograms",
      euro_standard: "Choose a Euro standard from the list",
    });
  });

  it("accepts every Euro standard of the list, each with its label", () => {
    expect(EURO_STANDARDS.map((standard) => [standard.value, standard.label])).toEqual([
      ["euro_3", "Euro 3"],
      ["euro_4", "Euro 4"],
      ["euro_5", "Euro 5"],
      ["euro_6", "Euro 6"],
      ["zero_emission", "Zero emission (electric or hydrogen)"],
    ]);
    for (const { value } of EURO_STANDARDS) expect(VehicleInputSchema.parse(form({ euro_standard: value })).euroStandard).toBe(value);
  });

  it.each([
    [{ gross_weight_kg: "", axles: "" }, { grossWeightKg: null, axles: null, dvsPermit: false }],
    [{ gross_weight_kg: "18,000", axles: "2", dvs_permit: "1" }, { grossWeightKg: 18_000, axles: 2, dvsPermit: true }],
    [{ gross_weight_kg: " 44000 kg ", axles: " 6 " }, { grossWeightKg: 44_000, axles: 6, dvsPermit: false }],
  ])("reads the road-charge fields %j", (overrides, columns) => {
    expect(VehicleInputSchema.parse(form(overrides))).toMatchObject(columns);
  });

  it.each([
    [{ gross_weight_kg: "heavy" }, { gross_weight_kg: "Enter the gross weight in kilograms, or leave it blank" }],
    [{ gross_weight_kg: ["18000"] }, { gross_weight_kg: "Enter the gross weight in kilograms, or leave it blank" }],
    [{ gross_weight_kg: "44" }, { gross_weight_kg: "The gross weight must be at least 1,000 kg" }],
    [{ gross_weight_kg: "44001" }, { gross_weight_kg: "The gross weight cannot be more than 44,000 kg" }],
    [{ axles: "1" }, { axles: "Enter the number of axles, from 2 to 8, or leave it blank" }],
    [{ axles: "9" }, { axles: "Enter the number of axles, from 2 to 8, or leave it blank" }],
    [{ axles: "2.5" }, { axles: "Enter the number of axles, from 2 to 8, or leave it blank" }],
    [{ axles: { many: "3" } }, { axles: "Enter the number of axles, from 2 to 8, or leave it blank" }],
  ])("%j → %j", (overrides, messages) => {
    expect(messagesOf(form(overrides))).toEqual(messages);
  });

  it("round-trips a stored vehicle through its form values", () => {
    const stored = { registration: "ABC 123D", vehicleType: "rigid_7_5t", payloadKg: 2500, euroStandard: "euro_5", tailLift: true, temperatureControlled: false, grossWeightKg: 7_500, axles: 2, dvsPermit: true };
    expect(VehicleInputSchema.parse(vehicleFormValues(stored))).toEqual(stored);
  });
});

describe("VehicleChoiceSchema", () => {
  it.each([
    [{ vehicle_id: "12" }, { vehicle_id: 12 }],
    [{ vehicle_id: 12 }, { vehicle_id: 12 }],
    [{ vehicle_id: null }, { vehicle_id: null }],
    [{ vehicle_id: "" }, { vehicle_id: null }],
    [{ vehicle_id: "  " }, { vehicle_id: null }],
    [{}, { vehicle_id: null }],
  ])("%j → %j", (input, data) => {
    expect(VehicleChoiceSchema.parse(input)).toEqual(data);
  });

  it.each([["0"], ["-1"], ["1.5"], ["abc"], [["1", "2"]], [1.5], [-3], [true], [{ id: "1" }]])("%j → Choose one of your vehicles", (vehicleId) => {
    const parsed = VehicleChoiceSchema.safeParse({ vehicle_id: vehicleId });
    expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe("Choose one of your vehicles");
  });
});

describe("vehicleView", () => {
  it("labels the type, Euro standard, payload and equipment", () => {
    const view = vehicleView({ id: 1, registration: "AB12 CDE", vehicleType: "artic", payloadKg: 29_000, euroStandard: "zero_emission", tailLift: true, temperatureControlled: true, grossWeightKg: null, axles: null, dvsPermit: false });
    expect(view).toMatchObject({
      typeLabel: "Articulated (44 t)",
      euroLabel: "Zero emission (electric or hydrogen)",
      payload: "29,000 kg",
      features: ["Tail-lift", "Temperature controlled"],
      summary: "AB12 CDE · Articulated (44 t) · 29,000 kg",
    });
  });
});

describe("vehicleCanChange", () => {
  it.each([
    ["assigned", true],
    ["driver_assigned", true],
    ["collected", true],
    ["delivered", false],
    ["cancelled", false],
  ])("a %s load → %s", (status, open) => {
    expect(vehicleCanChange(status)).toBe(open);
  });
});
