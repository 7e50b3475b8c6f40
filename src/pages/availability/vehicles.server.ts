import { formatDate, formatDateTime } from "#domain/format/dates.ts";
import { VEHICLE_TYPES, labelFor } from "#domain/jobs/catalogue.ts";
import { CORRIDOR_MILES } from "#domain/availability/corridor.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import type { VehiclesFound } from "#models/availability/shipper-search.server.ts";
import { companyPath } from "#pages/company-score-view.server.ts";

// A shipper's search for vehicles on planned empty journeys near a collection (views/availability/
// vehicles.ejs): the GET form (place and day) and the journeys passing it. Each shows the carrier
// company (linked to its profile: ratings, and where to block it), the vehicle type, where from
// and to and when; never who drives.

export const VEHICLES_PATH = "/availability/vehicles";
/** The link from a shipper's job to the vehicles passing its first collection. */
export const vehiclesForJobPath = (jobId: number) => `${VEHICLES_PATH}?job_id=${jobId}`;

const miles = (n: number) => `${Math.round(n)} ${Math.round(n) === 1 ? "mile" : "miles"}`;

export function vehiclesPage(found: VehiclesFound | null, form: { errors?: FieldErrors; values?: Record<string, unknown> } = {}) {
  const collection = found?.collection ?? null;
  return {
    title: form.errors && Object.keys(form.errors).length ? "Error: Vehicles near a collection" : "Vehicles near a collection",
    action: VEHICLES_PATH,
    corridorMiles: CORRIDOR_MILES,
    searched: collection !== null,
    collectionText: collection ? `${collection.place} on ${formatDate(collection.day)}` : "",
    rows: (found?.vehicles ?? []).map((vehicle) => ({
      id: vehicle.id,
      companyName: vehicle.companyName,
      companyHref: companyPath(vehicle.accountId),
      vehicleType: labelFor(VEHICLE_TYPES, vehicle.vehicleType),
      route: `${vehicle.fromPlace} → ${vehicle.toPlace}`,
      fromText: formatDateTime(vehicle.availableFrom),
      untilText: formatDateTime(vehicle.availableUntil),
      offText: miles(vehicle.offMiles),
    })),
    errors: form.errors ?? {},
    values: form.values ?? (collection && collection.jobId === null ? { near: collection.place, on: collection.day.toISOString().slice(0, 10) } : {}),
  };
}
