// CO2e as the dashboard adds it up. A load's figure is the one its page shows (the route's miles ×
// the vehicle class's factor, src/domain/maps/emissions.ts); it is stored per job, as every load of
// a job runs through the job's stops, in whole grams so the database sums exact integers.

/** Kilograms (or none, when the trip has no route) as stored whole grams; no route counts as 0. */
export const co2eGramsOf = (kg: number | null): number => (kg !== null && kg > 0 ? Math.round(kg * 1000) : 0);

/** A month's grams as the whole kilograms the chart, its table and its CSV show. */
export const co2eKgOfGrams = (grams: number): number => Math.round(grams / 1000);
