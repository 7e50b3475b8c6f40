import type { z } from "zod";
import { DEFAULT_LIMIT, paged } from "#domain/api/common.ts";
import { POSITION_FIELDS, collectionInput, positionInput, presentLoad, proofInput } from "#domain/api/loads.ts";
import type { ApiRoutes } from "#domain/api/routes.ts";
import { fieldErrors } from "#domain/auth/account-forms.ts";
import { isWarned, refused, type Refusal, type Result, type Warned } from "#lib/result.server.ts";
import { apiLoad, loadPage } from "#models/api/loads.server.ts";
import { requireLoadFor } from "#models/loads.server.ts";
import { assignDriver } from "#models/loads/assignment.server.ts";
import { markCollected } from "#models/loads/collection.server.ts";
import { recordDelivery } from "#models/proof-of-delivery.server.ts";
import { recordPosition } from "#models/tracking.server.ts";
import { announceUpload } from "#models/uploads.server.ts";
import { assignVehicle } from "#models/vehicles/load-vehicle.server.ts";
import type { Handlers } from "#server/api/dispatch.server.ts";
import { Problem, refusalProblem } from "#server/api/problem.server.ts";

// Loads: the load pages' models (assignment, collection, proof of delivery, tracking) as JSON.

type LoadRoutes = Pick<ApiRoutes, "listLoads" | "getLoad" | "assignLoad" | "collectLoad" | "deliverLoad" | "recordPosition" | "createDirectUpload">;

const SEND_CONFIRMED = "Check the warnings; to go on anyway, send the request again with confirmed: true";

/** A refusal, or the warnings of a hand-over (send again with confirmed), as a problem. */
function refusalOf(outcome: Refusal | Warned): Problem {
  if (isWarned(outcome)) return new Problem(422, SEND_CONFIRMED, outcome.warnings.map((message) => ({ field: "confirmed", message })));
  return refusalProblem(outcome);
}

function inputOf<T>(parsed: z.ZodSafeParseResult<T>, rename: Record<string, string> = {}): T {
  if (parsed.success) return parsed.data;
  const errors = Object.fromEntries(Object.entries(fieldErrors(parsed.error)).map(([field, message]) => [rename[field] ?? field, message]));
  throw refusalProblem(refused(errors));
}

async function done(outcome: Result | Warned, loadId: number) {
  if (!outcome.ok) throw refusalOf(outcome);
  return { status: 200, body: presentLoad(await apiLoad(loadId)) };
}

export const loadHandlers: Handlers<LoadRoutes> = {
  async listLoads({ caller, query }) {
    const limit = query.limit ?? DEFAULT_LIMIT;
    const rows = await loadPage(caller.user, { status: query.status, jobId: query.job_id, updatedSince: query.updated_since, cursor: query.cursor, limit });
    return { status: 200, body: paged(rows, limit, presentLoad) };
  },

  async getLoad({ caller, params }) {
    const load = await requireLoadFor(caller.user, params.id);
    return { status: 200, body: presentLoad(await apiLoad(load.id)) };
  },

  async assignLoad({ caller, params, body }) {
    const { user } = caller;
    const load = await requireLoadFor(user, params.id);
    if (body.driver_id !== undefined) {
      const outcome = await assignDriver(load, user, body.driver_id);
      if (!outcome.ok) throw refusalOf(outcome);
    }
    if (body.vehicle_id !== undefined) {
      const now = await apiLoad(load.id);
      const outcome = await assignVehicle(now, user, body.vehicle_id);
      if (!outcome.ok) throw refusalOf(outcome);
    }
    return { status: 200, body: presentLoad(await apiLoad(load.id)) };
  },

  async collectLoad({ caller, params, body }) {
    const load = await requireLoadFor(caller.user, params.id);
    return done(await markCollected(load, caller.user, inputOf(collectionInput(body))), load.id);
  },

  async deliverLoad({ caller, params, body }) {
    const load = await requireLoadFor(caller.user, params.id);
    return done(await recordDelivery(caller.user, load, inputOf(proofInput(body))), load.id);
  },

  async recordPosition({ caller, params, body }) {
    const input = inputOf(positionInput(body), POSITION_FIELDS);
    const outcome = await recordPosition(caller.user, params.id, input);
    if (!outcome.ok) throw refusalProblem(renamed(outcome, POSITION_FIELDS));
    return { status: 201, body: { load_id: Number(params.id), recorded_at: input.recordedAt.toISOString() } };
  },

  async createDirectUpload({ caller, query, body }) {
    const announced = await announceUpload(caller.user, query.use, body.blob);
    if (!announced.ok) throw refusalProblem(announced);
    return { status: 201, body: { signed_id: announced.blob.signed_id, direct_upload: announced.blob.direct_upload } };
  },
};

function renamed(refusal: Refusal, rename: Record<string, string>): Refusal {
  return { ...refusal, errors: Object.fromEntries(Object.entries(refusal.errors).map(([field, message]) => [rename[field] ?? field, message])) };
}
