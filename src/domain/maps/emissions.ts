// Carbon dioxide equivalent (CO2e) of a job or load: its road miles × a kg-CO2e-per-km factor for the
// kind of vehicle. Factors are the UK government's "Greenhouse gas reporting: conversion factors
// 2025" (DESNZ/DEFRA), Freighting goods, per vehicle km, direct emissions only (no well-to-tank):
// diesel HGVs at "Average laden" (the UK average load, empty running included) and diesel vans
// (published with no laden split). docs/emissions.md lists the source rows and the vehicle mapping.
// Shared by the server (job and load pages) and the browser.

export const KM_PER_MILE = 1.609344;

export const EMISSION_CLASSES = {
  van_class_i: { label: "Van, Class I (up to 1.305 t), diesel", kgCo2ePerKm: 0.15738 },
  van_class_ii: { label: "Van, Class II (1.305–1.74 t), diesel", kgCo2ePerKm: 0.1926 },
  van_class_iii: { label: "Van, Class III (1.74–3.5 t), diesel", kgCo2ePerKm: 0.27878 },
  van_average: { label: "Van, average (up to 3.5 t), diesel", kgCo2ePerKm: 0.25561 },
  rigid_3_5_to_7_5t: { label: "HGV rigid (>3.5–7.5 t), average laden", kgCo2ePerKm: 0.49548 },
  rigid_7_5_to_17t: { label: "HGV rigid (>7.5–17 t), average laden", kgCo2ePerKm: 0.60501 },
  rigid_over_17t: { label: "HGV rigid (>17 t), average laden", kgCo2ePerKm: 0.99156 },
  all_rigids: { label: "HGV, all rigids, average laden", kgCo2ePerKm: 0.83751 },
  artic_3_5_to_33t: { label: "HGV articulated (>3.5–33 t), average laden", kgCo2ePerKm: 0.78471 },
  artic_over_33t: { label: "HGV articulated (>33 t), average laden", kgCo2ePerKm: 0.93421 },
  all_artics: { label: "HGV, all artics, average laden", kgCo2ePerKm: 0.92854 },
  all_hgvs: { label: "HGV, all HGVs, average laden", kgCo2ePerKm: 0.89121 },
  // "HGV refrigerated (all diesel)": the same classes with the fridge unit's fuel included.
  refrigerated_rigid_3_5_to_7_5t: { label: "Refrigerated HGV rigid (>3.5–7.5 t), average laden", kgCo2ePerKm: 0.59005 },
  refrigerated_rigid_7_5_to_17t: { label: "Refrigerated HGV rigid (>7.5–17 t), average laden", kgCo2ePerKm: 0.72049 },
  refrigerated_rigid_over_17t: { label: "Refrigerated HGV rigid (>17 t), average laden", kgCo2ePerKm: 1.18083 },
  refrigerated_all_rigids: { label: "Refrigerated HGV, all rigids, average laden", kgCo2ePerKm: 0.99739 },
  refrigerated_artic_3_5_to_33t: { label: "Refrigerated HGV articulated (>3.5–33 t), average laden", kgCo2ePerKm: 0.90759 },
  refrigerated_artic_over_33t: { label: "Refrigerated HGV articulated (>33 t), average laden", kgCo2ePerKm: 1.08051 },
  refrigerated_all_artics: { label: "Refrigerated HGV, all artics, average laden", kgCo2ePerKm: 1.07395 },
  refrigerated_all_hgvs: { label: "Refrigerated HGV, all HGVs, average laden", kgCo2ePerKm: 1.04323 },
} as const satisfies Record<string, { label: string; kgCo2ePerKm: number }>;

export type EmissionClassId = keyof typeof EMISSION_CLASSES;
export type EmissionClass = { id: EmissionClassId; label: string; kgCo2ePerKm: number };

type ChassisClass = Exclude<EmissionClassId, `refrigerated_${string}`>;

/**
 * The chassis each vehicle type (catalogue VEHICLE_TYPES keys) is sent on. Named sizes map to their
 * weight band (18 t and 26 t rigids are both over 17 t; the catalogue's artic is 44 t). Trailer
 * builds ride on 44 t artics. Tippers and HIABs are mostly 18–32 t rigids. A tail-lift is a rigid's
 * fitting. Body styles found on every size of lorry (curtain-sider, box, flatbed, tanker) say
 * nothing of the chassis, so they take the all-HGV average. "refrigerated" names no chassis: it
 * switches the others to the refrigerated table (see vehicleClassFor).
 */
const CHASSIS: Record<string, ChassisClass | null> = {
  van: "van_average",
  luton: "van_class_iii",
  rigid_7_5t: "rigid_3_5_to_7_5t",
  rigid_18t: "rigid_over_17t",
  rigid_26t: "rigid_over_17t",
  artic: "artic_over_33t",
  double_deck: "artic_over_33t",
  moving_floor: "artic_over_33t",
  low_loader: "artic_over_33t",
  container_chassis: "artic_over_33t",
  tipper: "rigid_over_17t",
  hiab: "rigid_over_17t",
  tail_lift: "all_rigids",
  curtain_side: "all_hgvs",
  box: "all_hgvs",
  flatbed: "all_hgvs",
  tanker: "all_hgvs",
  refrigerated: null,
};

// The factor tables give refrigerated figures for HGVs only; a van keeps its plain factor.
const REFRIGERATED: Partial<Record<ChassisClass, EmissionClassId>> = {
  rigid_3_5_to_7_5t: "refrigerated_rigid_3_5_to_7_5t",
  rigid_7_5_to_17t: "refrigerated_rigid_7_5_to_17t",
  rigid_over_17t: "refrigerated_rigid_over_17t",
  all_rigids: "refrigerated_all_rigids",
  artic_3_5_to_33t: "refrigerated_artic_3_5_to_33t",
  artic_over_33t: "refrigerated_artic_over_33t",
  all_artics: "refrigerated_all_artics",
  all_hgvs: "refrigerated_all_hgvs",
};

const emissionClass = (id: EmissionClassId): EmissionClass => ({ id, ...EMISSION_CLASSES[id] });

/**
 * The emission class a job's allowed vehicle types are reckoned at. Any of the allowed types may be
 * sent, so the estimate takes the highest factor among them (it never understates). No types
 * ("Any"), or only "refrigerated" or keys this list does not know, give the all-HGV average. With
 * "refrigerated" among them the load needs a fridge unit whatever carries it, so every HGV class is
 * read from the refrigerated table.
 */
export function vehicleClassFor(vehicleTypes: readonly string[]): EmissionClass {
  const chassis = vehicleTypes.map((type) => CHASSIS[type]).filter((id): id is ChassisClass => Boolean(id));
  const candidates: EmissionClassId[] = chassis.length ? chassis : ["all_hgvs"];
  const classes = vehicleTypes.includes("refrigerated") ? candidates.map((id) => REFRIGERATED[id as ChassisClass] ?? id) : candidates;
  const highest = classes.reduce((best, id) => (EMISSION_CLASSES[id].kgCo2ePerKm > EMISSION_CLASSES[best].kgCo2ePerKm ? id : best));
  return emissionClass(highest);
}

/** Kilograms of CO2e for driving `miles` in the class the vehicle types give; 0 for no or negative miles. */
export function co2eKg(miles: number, vehicleTypes: readonly string[]): number {
  if (!(miles > 0)) return 0;
  return miles * KM_PER_MILE * vehicleClassFor(vehicleTypes).kgCo2ePerKm;
}

const wholeNumber = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat("en-GB", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * "0 kg CO2e", "< 1 kg CO2e" (some, under half a kilogram), "123 kg CO2e" up to 999 kg, then tonnes:
 * "1.2 t CO2e" to "99.9 t CO2e", and whole tonnes from 100 t ("1,234 t CO2e"). Each unit starts
 * where the smaller one would round to 1,000 or 100.0, so no answer reads "1,000 kg" or "100.0 t".
 * Nothing, negatives and non-numbers read as 0.
 */
export function formatCo2e(kg: number): string {
  if (!(kg > 0)) return "0 kg CO2e";
  const wholeKg = Math.round(kg);
  if (wholeKg === 0) return "< 1 kg CO2e";
  if (wholeKg < 1000) return `${wholeNumber.format(wholeKg)} kg CO2e`;
  const tonnes = kg / 1000;
  if (Math.round(tonnes * 10) < 1000) return `${oneDecimal.format(tonnes)} t CO2e`;
  return `${wholeNumber.format(tonnes)} t CO2e`;
}
