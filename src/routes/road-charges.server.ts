import { Router } from "express";

// Road charges on a job's route (GET /api/v1/road_charges): filled in by the road-charges work.

export function roadChargesRouter(): Router {
  return Router();
}
