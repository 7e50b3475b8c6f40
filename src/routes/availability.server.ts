import { Router } from "express";

// Planned empty journeys (/availability): filled in by the availability work.

export function availabilityRouter(): Router {
  return Router();
}
