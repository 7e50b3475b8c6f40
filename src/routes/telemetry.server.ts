import { Router } from "express";
import { z } from "zod";
import { isOwnDomainEmail } from "#domain/auth/identity.ts";
import { recordAnalyticsEvent, recordClientError } from "#models/telemetry.server.ts";
import { HttpError } from "#lib/errors.server.ts";
import type { Env } from "#lib/env.server.ts";

const EventSchema = z.object({
  name: z.string().trim().min(1).max(100).regex(/^[\w.:-]+$/, "Event names use letters, digits, '.', ':', '_' or '-'"),
  data: z.record(z.string(), z.unknown()).default({}),
});

const ClientErrorSchema = z.object({
  message: z.string().max(2000),
  source: z.string().max(2000).optional(),
  stack: z.string().max(10_000).optional(),
  url: z.string().max(2000).optional(),
});

export function telemetryRouter({ env }: { env: Env }): Router {
  const router = Router();

  router.post("/collect", async (req, res) => {
    const parsed = EventSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(422, parsed.error.issues[0]?.message ?? "Invalid event");
    if (JSON.stringify(parsed.data.data).length > 4000) throw new HttpError(422, "Event data is too large");
    // Support staff acting as a user must not count as that user: impersonated pages send nothing,
    // and the server drops anything that slips through.
    if (env.telemetryEnabled && !req.impersonatorId) {
      const identified = req.user && !isOwnDomainEmail(req.user.email, env.COMPANY_EMAIL_DOMAIN);
      await recordAnalyticsEvent({ ...parsed.data, userId: identified ? req.user!.id : null, accountId: identified ? req.user!.accountId : null });
    }
    res.status(204).end();
  });

  router.post("/api/v1/client_errors", async (req, res) => {
    const parsed = ClientErrorSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(422, "Invalid error report");
    if (env.telemetryEnabled) {
      await recordClientError({ ...parsed.data, userAgent: req.get("user-agent")?.slice(0, 500), userId: req.user?.id ?? null });
    }
    res.status(204).end();
  });

  return router;
}
