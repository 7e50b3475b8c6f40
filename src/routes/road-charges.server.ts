import { type Request, type Response, Router } from "express";
import { RoadChargesQuerySchema } from "#domain/road-charges/query.ts";
import { requireChargesSubjects } from "#models/road-charges.server.ts";
import { roadChargesJson } from "#pages/road-charges-json.server.ts";
import { requireUser } from "#server/auth.server.ts";

// Road charges on a job's route for one of the user's vehicles, as JSON (docs/road-charges.md).
// Signed out is 401; an unreadable query 422 with the first message; a job the user may not read
// or a vehicle not its own 404, as if they did not exist.

export function roadChargesRouter(): Router {
  return Router().get("/api/v1/road_charges", showRoadCharges);
}

async function showRoadCharges(req: Request, res: Response) {
  const user = requireUser(req);
  const query = RoadChargesQuerySchema.safeParse(req.query);
  if (!query.success) return void res.status(422).json({ error: query.error.issues[0]?.message ?? "Invalid request" });
  const { job, vehicle } = await requireChargesSubjects(user, query.data.job_id, query.data.vehicle_id);
  res.json(await roadChargesJson(job, vehicle));
}
