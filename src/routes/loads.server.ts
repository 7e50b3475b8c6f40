import { Router } from "express";

// Placeholder: filled in by the loads work.
export function loadsRouter(): Router {
  return Router();
}
