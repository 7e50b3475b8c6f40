import { Router } from "express";

/** A load's timeline, fetched as a Turbo Stream by the page's lazy stream loader. */
export function loadTimelineRouter(): Router {
  return Router();
}
