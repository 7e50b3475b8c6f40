import { Router } from "express";

/** The support chat: signed-in users' conversations with platform support, answered from /admin. */
export function supportRouter(): Router {
  return Router();
}
