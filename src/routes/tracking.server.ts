import { Router } from "express";
import { PositionInputSchema } from "#domain/maps/tracking.ts";
import { parseInput } from "#lib/input.server.ts";
import { recordPosition } from "#models/tracking.server.ts";
import { requireUser } from "#server/auth.server.ts";

/** The driver's phone posts where the load is: `{latitude, longitude, accuracy?, recorded_at}` as JSON. */
export function trackingRouter(): Router {
  const router = Router();

  router.post("/loads/:id/positions", async (req, res) => {
    const user = requireUser(req);
    const input = parseInput(PositionInputSchema, req.body);
    const outcome = input.ok ? await recordPosition(user, req.params.id, input.data) : input;
    if (!outcome.ok) return res.status(outcome.status).json({ errors: outcome.errors });
    const { position, progress, arrivesAt } = outcome.tracking;
    res.status(201).json({
      position: position && { latitude: position.latitude, longitude: position.longitude, recorded_at: position.recordedAt.toISOString() },
      route_progress: progress === null ? null : Math.round(progress * 10) / 10,
      arrives_at: arrivesAt?.toISOString() ?? null,
    });
  });

  return router;
}
