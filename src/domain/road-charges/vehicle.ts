import { formatNumber } from "#domain/format/count.ts";
import { VEHICLE_TYPES, labelFor } from "#domain/jobs/catalogue.ts";
import { EURO_STANDARDS, type EuroStandard } from "#domain/vehicles/vehicles.ts";

// What the road charges need to know about a vehicle: its Euro standard, plated gross weight, axles
// and whether it holds a London Direct Vision Standard permit. Vehicles listed before these were
// asked for have no weight or axles: they are read from the vehicle type's usual build, and the
// answer says so, so the carrier knows to set them.

/** A goods vehicle over this gross weight is a lorry (HGV) to every zone here. */
export const HGV_OVER_KG = 3_500;
/** London's Direct Vision Standard applies over this gross weight. */
export const DVS_OVER_KG = 12_000;

/** The usual gross weight and axles of each vehicle type, for a vehicle whose own are not recorded. */
export const TYPE_BUILD: Readonly<Record<string, { grossWeightKg: number; axles: number }>> = {
  van: { grossWeightKg: 3_500, axles: 2 }, luton: { grossWeightKg: 3_500, axles: 2 }, tail_lift: { grossWeightKg: 7_500, axles: 2 },
  rigid_7_5t: { grossWeightKg: 7_500, axles: 2 }, box: { grossWeightKg: 18_000, axles: 2 }, refrigerated: { grossWeightKg: 18_000, axles: 2 },
  rigid_18t: { grossWeightKg: 18_000, axles: 2 }, rigid_26t: { grossWeightKg: 26_000, axles: 3 }, hiab: { grossWeightKg: 26_000, axles: 3 },
  tipper: { grossWeightKg: 32_000, axles: 4 }, flatbed: { grossWeightKg: 44_000, axles: 5 }, curtain_side: { grossWeightKg: 44_000, axles: 5 },
  artic: { grossWeightKg: 44_000, axles: 5 }, double_deck: { grossWeightKg: 44_000, axles: 5 }, moving_floor: { grossWeightKg: 44_000, axles: 5 },
  low_loader: { grossWeightKg: 44_000, axles: 5 }, tanker: { grossWeightKg: 44_000, axles: 5 }, container_chassis: { grossWeightKg: 44_000, axles: 5 },
};
/** A type not in the list is taken as the heaviest common build, so no charge is missed. */
const UNKNOWN_BUILD = { grossWeightKg: 44_000, axles: 5 };

export type VehicleRecord = {
  vehicleType: string; euroStandard: string; grossWeightKg: number | null; axles: number | null; dvsPermit: boolean;
};

export type VehicleProfile = {
  /** A standard outside the list is taken as the oldest (charged the most) and said so. */
  euroStandard: EuroStandard; grossWeightKg: number; axles: number; dvsPermit: boolean;
  /** What was read from the vehicle type rather than the vehicle: "" when nothing was. */
  assumed: string;
};

const isEuroStandard = (value: string): value is EuroStandard => EURO_STANDARDS.some((option) => option.value === value);

export function vehicleProfile(vehicle: VehicleRecord): VehicleProfile {
  const build = TYPE_BUILD[vehicle.vehicleType] ?? UNKNOWN_BUILD;
  const grossWeightKg = vehicle.grossWeightKg ?? build.grossWeightKg;
  const axles = vehicle.axles ?? build.axles;
  const read = [
    vehicle.grossWeightKg === null ? `gross weight ${formatNumber(grossWeightKg)} kg` : "",
    vehicle.axles === null ? `${axles} axles` : "",
  ].filter(Boolean);
  const type = labelFor(VEHICLE_TYPES, vehicle.vehicleType);
  const assumed = read.length ? `${read.join(" and ")} read from the vehicle type (${type}): set them on the vehicle to be sure` : "";
  const euroStandard = isEuroStandard(vehicle.euroStandard) ? vehicle.euroStandard : "euro_3";
  return { euroStandard, grossWeightKg, axles, dvsPermit: vehicle.dvsPermit, assumed };
}

/** The vehicle is one the rule's reach covers. */
export function reaches(reach: "all" | "hgv" | "over_12t", vehicle: Pick<VehicleProfile, "grossWeightKg">): boolean {
  if (reach === "hgv") return vehicle.grossWeightKg > HGV_OVER_KG;
  if (reach === "over_12t") return vehicle.grossWeightKg > DVS_OVER_KG;
  return true;
}
