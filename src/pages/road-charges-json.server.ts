import type { JobDetail } from "#models/jobs.server.ts";
import type { VehicleView } from "#domain/vehicles/vehicles.ts";
import { routeThrough } from "#geo/trips.server.ts";
import { routeChargesOf, vehicleCharges } from "#pages/road-charges.server.ts";

// The JSON answer of GET /api/v1/road_charges (docs/road-charges.md): the job's route, the vehicle
// as priced (with what was read from its type), and each zone or crossing's charge in integer pence.

export async function roadChargesJson(job: JobDetail, vehicle: VehicleView) {
  const plan = await routeThrough(job.locations);
  const route = routeChargesOf(job.locations, plan, job.timezone);
  const priced = route ? vehicleCharges(route, vehicle) : null;
  return {
    job_id: job.id,
    vehicle_id: vehicle.id,
    route: route ? { source: plan!.source, miles: Math.round(plan!.miles), dates_known: route.datesKnown } : null,
    vehicle: {
      registration: vehicle.registration, vehicle_type: vehicle.vehicleType, euro_standard: vehicle.euroStandard,
      gross_weight_kg: vehicle.grossWeightKg, axles: vehicle.axles, dvs_permit: vehicle.dvsPermit, assumed: priced?.assumed || null,
    },
    charges: (priced?.charges ?? []).map((charge) => ({
      zone: charge.id, name: charge.name, kind: charge.kind, status: charge.status, amount_pence: charge.pence,
      days: charge.days, crossings: charge.crossings, description: charge.text, source: charge.source.url,
    })),
    total_pence: priced?.totalPence ?? 0,
    not_allowed: priced?.notAllowed ?? false,
  };
}
