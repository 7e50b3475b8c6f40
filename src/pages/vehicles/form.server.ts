import { VEHICLE_TYPES } from "#domain/jobs/catalogue.ts";
import { formatNumber } from "#domain/format/count.ts";
import {
  MAX_AXLES, MAX_GROSS_WEIGHT_KG, MAX_PAYLOAD_KG, MIN_AXLES, MIN_GROSS_WEIGHT_KG, MIN_PAYLOAD_KG, VEHICLE_FORM_FIELDS,
} from "#domain/vehicles/vehicle-input.ts";
import { EURO_STANDARDS } from "#domain/vehicles/vehicles.ts";
import type { FieldErrors } from "#lib/result.server.ts";

// The vehicle form (views/vehicles/_form.ejs), for adding and editing: its options, and the values
// as posted or stored with the equipment boxes worked out as ticked or not.

export type VehicleFormState = { errors: FieldErrors; values: Record<string, unknown> };

/** A box counts as ticked when stored true or posted as a browser or a JSON client sends one. */
export const isTicked = (value: unknown) =>
  value === true || ["1", "on", "true", "yes"].includes(String(value ?? "").toLowerCase());

/** What the vehicle form shows: its selects and hints, the values and messages, and which boxes are ticked. */
export function vehicleForm(form: VehicleFormState) {
  return {
    formFields: VEHICLE_FORM_FIELDS,
    vehicleTypes: VEHICLE_TYPES,
    euroStandards: EURO_STANDARDS,
    minPayloadKg: MIN_PAYLOAD_KG,
    maxPayloadKg: MAX_PAYLOAD_KG,
    // Road charges read a blank weight or axle count from the vehicle type.
    grossWeightHint: `As plated, ${formatNumber(MIN_GROSS_WEIGHT_KG)} to ${formatNumber(MAX_GROSS_WEIGHT_KG)} kg. Road charges: London's DVS applies over 12,000 kg; blank reads it from the type`,
    axlesHint: `${MIN_AXLES} to ${MAX_AXLES}. The Dartford Crossing charges two-axle and multi-axle goods vehicles apart; blank reads it from the type`,
    ...form,
    ticked: {
      tailLift: isTicked(form.values.tail_lift),
      temperatureControlled: isTicked(form.values.temperature_controlled),
      dvsPermit: isTicked(form.values.dvs_permit),
    },
  };
}

/** The page's title, marked when the form came back with messages. */
export const titled = (title: string, errors: FieldErrors) => (Object.keys(errors).length ? `Error: ${title}` : title);
