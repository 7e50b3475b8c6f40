import { Router } from "express";

// Placeholder: filled in by the bidding work.
export function biddingRouter(): Router {
  return Router();
}
