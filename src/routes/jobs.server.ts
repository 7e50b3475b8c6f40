import { Router } from "express";

// Placeholder: filled in by the jobs work.
export function jobsRouter(): Router {
  return Router();
}
