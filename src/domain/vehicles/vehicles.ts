import { formatNumber } from "#domain/format/count.ts";
import { type Option, VEHICLE_TYPES, labelFor } from "#domain/jobs/catalogue.ts";

// A carrier's vehicles: what the fleet page lists and the load page shows. The vehicle type is a
// key of the job form's vehicle list, so a vehicle and a job's wanted vehicles read alike.

/** Emission standards a goods vehicle is registered with, oldest first (Euro 3 is the oldest still about). */
export const EURO_STANDARDS = [
  { value: "euro_3", label: "Euro 3" },
  { value: "euro_4", label: "Euro 4" },
  { value: "euro_5", label: "Euro 5" },
  { value: "euro_6", label: "Euro 6" },
  { value: "zero_emission", label: "Zero emission (electric or hydrogen)" },
] as const satisfies readonly Option[];
export type EuroStandard = (typeof EURO_STANDARDS)[number]["value"];

/** The columns of a vehicle that pages show. */
export type VehicleFacts = {
  id: number;
  registration: string;
  vehicleType: string;
  payloadKg: number;
  euroStandard: string;
  tailLift: boolean;
  temperatureControlled: boolean;
  /** Road charges: the plated gross weight and axles (null until the carrier says) and a London DVS permit. */
  grossWeightKg: number | null;
  axles: number | null;
  dvsPermit: boolean;
};

/** A vehicle with the text pages show for it. */
export type VehicleView = VehicleFacts & {
  typeLabel: string;
  euroLabel: string;
  /** "7,500 kg" */
  payload: string;
  /** What the vehicle has besides its type: "Tail-lift", "Temperature controlled". */
  features: string[];
  /** One line for a choice list: "AB12 CDE · Articulated (44 t) · 44,000 kg". */
  summary: string;
};

export function vehicleView<T extends VehicleFacts>(vehicle: T): T & VehicleView {
  const typeLabel = labelFor(VEHICLE_TYPES, vehicle.vehicleType);
  const payload = `${formatNumber(vehicle.payloadKg)} kg`;
  const features = [vehicle.tailLift ? "Tail-lift" : "", vehicle.temperatureControlled ? "Temperature controlled" : ""].filter(Boolean);
  return {
    ...vehicle,
    typeLabel,
    euroLabel: labelFor(EURO_STANDARDS, vehicle.euroStandard),
    payload,
    features,
    summary: [vehicle.registration, typeLabel, payload].join(" · "),
  };
}

/**
 * A load's vehicle can be set or changed until the load is delivered or cancelled; after that it
 * is the record of what ran (or would have run) the load.
 */
export const vehicleCanChange = (loadStatus: string) => loadStatus !== "delivered" && loadStatus !== "cancelled";
export const VEHICLE_FIXED = "The vehicle cannot be changed once the load is delivered or cancelled";
