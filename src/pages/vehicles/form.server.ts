import { VEHICLE_TYPES } from "#domain/jobs/catalogue.ts";
import { MAX_PAYLOAD_KG, MIN_PAYLOAD_KG, VEHICLE_FORM_FIELDS } from "#domain/vehicles/vehicle-input.ts";
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
    ...form,
    ticked: {
      tailLift: isTicked(form.values.tail_lift),
      temperatureControlled: isTicked(form.values.temperature_controlled),
    },
  };
}

/** The page's title, marked when the form came back with messages. */
export const titled = (title: string, errors: FieldErrors) => (Object.keys(errors).length ? `Error: ${title}` : title);
