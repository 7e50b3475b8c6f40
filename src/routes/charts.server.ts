import { Router } from "express";

/** Dashboard charts' figures as CSV, and a contract job's call-offs against its estimates. */
export function chartsRouter(): Router {
  return Router();
}
