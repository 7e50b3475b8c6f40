import { type Request, type Response, Router } from "express";
import { LaneQuerySchema } from "#domain/price-guide/lane.ts";
import { guideForLane } from "#models/price-guide.server.ts";
import { PRICE_GUIDE_PATH, priceGuideJson } from "#pages/price-guide.server.ts";
import { requireUser } from "#server/auth.server.ts";

// The price guide as JSON, for the job form's panel (docs/price-guide.md): signed-in users only
// (401 otherwise); a query that names no UK postcode area, vehicle type or load type is 422.

export function priceGuideRouter(): Router {
  return Router().get(PRICE_GUIDE_PATH, showPriceGuide);
}

async function showPriceGuide(req: Request, res: Response) {
  requireUser(req);
  const parsed = LaneQuerySchema.safeParse(req.query);
  if (!parsed.success) return void res.status(422).json({ error: parsed.error.issues[0]?.message ?? "Invalid request" });
  res.json(priceGuideJson(parsed.data, await guideForLane(parsed.data)));
}
