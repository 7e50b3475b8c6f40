import { Router } from "express";

/** Contract award acceptance, signed in an embedded signing page. */
export function signaturesRouter(): Router {
  return Router();
}
