import { Router } from "express";

// Placeholder: filled in by the messaging work.
export function messagingRouter(): Router {
  return Router();
}
