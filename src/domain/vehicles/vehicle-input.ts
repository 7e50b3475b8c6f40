import { z } from "zod";
import { VEHICLE_TYPES, valuesOf } from "#domain/jobs/catalogue.ts";
import { idText } from "#domain/loads/load-inputs.ts";
import { EURO_STANDARDS, type VehicleFacts } from "#domain/vehicles/vehicles.ts";

// What the vehicle form posts (`registration`, `vehicle_type`, `payload_kg`, `euro_standard`,
// `tail_lift`, `temperature_controlled`, and for road charges the optional `gross_weight_kg`,
// `axles` and `dvs_permit`), read into a vehicle's columns. Messages are keyed by the posted name,
// so each shows beside its field. A blank weight or axle count clears it: road charges then read
// it from the vehicle type.

/** The form's fields in page order (the error summary lists their messages in this order). */
export const VEHICLE_FORM_FIELDS = [
  "registration", "vehicle_type", "payload_kg", "euro_standard", "gross_weight_kg", "axles", "tail_lift", "temperature_controlled", "dvs_permit",
] as const;

export const REGISTRATION_MESSAGE = "Enter a UK registration, like AB12 CDE";
export const VEHICLE_TYPE_MESSAGE = "Choose a vehicle type from the list";
export const EURO_STANDARD_MESSAGE = "Choose a Euro standard from the list";
export const PAYLOAD_MESSAGES = {
  missing: "Enter the payload in kilograms",
  tooSmall: "The payload must be at least 100 kg",
  tooLarge: "The payload cannot be more than 44,000 kg",
} as const;
export const GROSS_WEIGHT_MESSAGES = {
  invalid: "Enter the gross weight in kilograms, or leave it blank",
  tooSmall: "The gross weight must be at least 1,000 kg",
  tooLarge: "The gross weight cannot be more than 44,000 kg",
} as const;
export const AXLES_MESSAGE = "Enter the number of axles, from 2 to 8, or leave it blank";
export const CHOOSE_ONE_OF_YOUR_VEHICLES = "Choose one of your vehicles";

/** Below this a "payload" is really tonnes typed into the kilograms box (44 for 44 t), or no goods vehicle at all. */
export const MIN_PAYLOAD_KG = 100;
/**
 * 44 tonnes is the most a lorry may weigh on UK roads (a six-axle articulated lorry, fully laden),
 * and its payload is always less than that; anything above is a typing slip (an extra 0).
 */
export const MAX_PAYLOAD_KG = 44_000;

/** A plated gross weight below this is a typing slip (tonnes in the kilograms box). */
export const MIN_GROSS_WEIGHT_KG = 1_000;
/** The heaviest lorry allowed on UK roads (44 t). */
export const MAX_GROSS_WEIGHT_KG = 44_000;
/** Goods vehicles have two axles at least; eight covers any articulated lorry on UK roads. */
export const MIN_AXLES = 2;
export const MAX_AXLES = 8;

/**
 * The plate formats issued in Great Britain and Northern Ireland, each matched against the
 * registration without spaces; the two groups are what the canonical form puts a space between.
 */
const REGISTRATION_FORMATS: readonly RegExp[] = [
  /^([A-Z]{2}[0-9]{2})([A-Z]{3})$/, // current (since 2001): area letters, age digits, 3 letters — AB12 CDE
  /^([A-Z][0-9]{1,3})([A-Z]{3})$/, // prefix (1983–2001): the age letter first — A123 BCD
  /^([A-Z]{3})([0-9]{1,3}[A-Z])$/, // suffix (1963–1983): the age letter last — ABC 123D
  /^([A-Z]{1,3})([0-9]{1,4})$/, // dateless, letters first — ABC 1234 (also Northern Ireland's, e.g. ABZ 1234)
  /^([0-9]{1,4})([A-Z]{1,3})$/, // dateless, digits first — 1234 AB
];
/** The longest registration without spaces (AB12CDE, ABC1234): anything longer is not one. */
const MAX_REGISTRATION_LENGTH = 7;

/**
 * A registration as typed ("ab12cde", " AB 12 CDE ") in its canonical spaced form ("AB12 CDE"),
 * or null when it is none of the UK formats. Spaces are dropped before matching, since people put
 * them anywhere; the plate's own grouping is put back.
 */
export function normaliseRegistration(text: string): string | null {
  const compact = text.toUpperCase().replace(/\s+/g, "");
  if (compact.length > MAX_REGISTRATION_LENGTH) return null;
  for (const format of REGISTRATION_FORMATS) {
    const groups = format.exec(compact);
    if (groups) return `${groups[1]} ${groups[2]}`;
  }
  return null;
}

/** Whole kilograms as typed ("7500", "7,500", "7500 kg"), or null when it is not a whole number. */
export function readKilograms(text: string): number | null {
  const bare = text.trim().toLowerCase().replace(/\s*kg$/, "");
  if (!/^(?:[0-9]{1,3}(?:,[0-9]{3})+|[0-9]{1,9})$/.test(bare)) return null;
  return Number(bare.replaceAll(",", ""));
}

/** A single posted value; a repeated or nested field (`registration[]=…`) is no answer. */
const single = (value: unknown) => (typeof value === "string" ? value : undefined);

const TRUE_TEXT = new Set(["1", "true", "on", "yes"]);
/** A checkbox: ticked when posted with a true value; with a hidden "0" before it, the last value counts. */
const flag = (value: unknown) => {
  const last = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === "string" && TRUE_TEXT.has(last.trim().toLowerCase());
};

const registration = z.preprocess(
  single,
  z.string({ error: REGISTRATION_MESSAGE }).transform((text, ctx) => {
    const canonical = normaliseRegistration(text);
    if (canonical === null) ctx.addIssue({ code: "custom", message: REGISTRATION_MESSAGE });
    return canonical ?? z.NEVER;
  }),
);

const payloadKg = z.preprocess(
  single,
  z
    .string({ error: PAYLOAD_MESSAGES.missing })
    .transform((text, ctx) => {
      const kilograms = readKilograms(text);
      if (kilograms === null) ctx.addIssue({ code: "custom", message: PAYLOAD_MESSAGES.missing });
      return kilograms ?? z.NEVER;
    })
    .pipe(z.number().min(MIN_PAYLOAD_KG, { error: PAYLOAD_MESSAGES.tooSmall }).max(MAX_PAYLOAD_KG, { error: PAYLOAD_MESSAGES.tooLarge })),
);

const trimmed = (value: unknown) => single(value)?.trim();

/** An optional box: blank or absent is null; anything else must read as the schema says. */
const blankAsNull = (value: unknown) => {
  const text = single(value)?.trim();
  return value === undefined || text === "" ? null : text ?? value;
};

const grossWeightKg = z.preprocess(
  blankAsNull,
  z
    .string({ error: GROSS_WEIGHT_MESSAGES.invalid })
    .transform((text, ctx) => {
      const kilograms = readKilograms(text);
      if (kilograms === null) ctx.addIssue({ code: "custom", message: GROSS_WEIGHT_MESSAGES.invalid });
      return kilograms ?? z.NEVER;
    })
    .pipe(z.number().min(MIN_GROSS_WEIGHT_KG, { error: GROSS_WEIGHT_MESSAGES.tooSmall }).max(MAX_GROSS_WEIGHT_KG, { error: GROSS_WEIGHT_MESSAGES.tooLarge }))
    .nullable(),
);

const axles = z.preprocess(
  blankAsNull,
  z
    .string({ error: AXLES_MESSAGE })
    .regex(/^[0-9]{1,2}$/, { error: AXLES_MESSAGE })
    .transform(Number)
    .pipe(z.number().min(MIN_AXLES, { error: AXLES_MESSAGE }).max(MAX_AXLES, { error: AXLES_MESSAGE }))
    .nullable(),
);

export const VehicleInputSchema = z
  .object({
    registration,
    vehicle_type: z.preprocess(trimmed, z.enum(valuesOf(VEHICLE_TYPES), { error: VEHICLE_TYPE_MESSAGE })),
    payload_kg: payloadKg,
    euro_standard: z.preprocess(trimmed, z.enum(valuesOf(EURO_STANDARDS), { error: EURO_STANDARD_MESSAGE })),
    tail_lift: z.preprocess(flag, z.boolean()),
    temperature_controlled: z.preprocess(flag, z.boolean()),
    gross_weight_kg: grossWeightKg,
    axles,
    dvs_permit: z.preprocess(flag, z.boolean()),
  })
  .transform((input) => ({
    registration: input.registration,
    vehicleType: input.vehicle_type,
    payloadKg: input.payload_kg,
    euroStandard: input.euro_standard,
    tailLift: input.tail_lift,
    temperatureControlled: input.temperature_controlled,
    grossWeightKg: input.gross_weight_kg,
    axles: input.axles,
    dvsPermit: input.dvs_permit,
  }));
export type VehicleInput = z.output<typeof VehicleInputSchema>;

/** What the form would post for a stored vehicle: the edit form's first values. */
export function vehicleFormValues(vehicle: Omit<VehicleFacts, "id">) {
  return {
    registration: vehicle.registration,
    vehicle_type: vehicle.vehicleType,
    payload_kg: String(vehicle.payloadKg),
    euro_standard: vehicle.euroStandard,
    tail_lift: vehicle.tailLift ? "1" : "",
    temperature_controlled: vehicle.temperatureControlled ? "1" : "",
    gross_weight_kg: vehicle.grossWeightKg === null ? "" : String(vehicle.grossWeightKg),
    axles: vehicle.axles === null ? "" : String(vehicle.axles),
    dvs_permit: vehicle.dvsPermit ? "1" : "",
  };
}

/** A vehicle id as posted: blank (or absent) for none; a JSON caller may send the id as a number. */
const vehicleId = (value: unknown) => {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return null;
  return typeof value === "number" ? String(value) : value;
};

/** The load page's vehicle choice: one of the carrier's vehicles, or blank for none. */
export const VehicleChoiceSchema = z.object({
  vehicle_id: z.preprocess(vehicleId, idText(CHOOSE_ONE_OF_YOUR_VEHICLES).nullable()),
});
