import express from "express";
import type { Redis } from "ioredis";
import { openApiDocument } from "#domain/api/openapi.ts";
import { API_ROUTES } from "#domain/api/routes.ts";
import { authenticate } from "#server/api/authenticate.server.ts";
import { routerOf } from "#server/api/dispatch.server.ts";
import { apiErrorHandler, apiNotFound } from "#server/api/problem.server.ts";
import { limitPerKey, type ApiBudget } from "#server/api/rate-limit.server.ts";
import { refuseOtherBodies } from "#server/api/bodies.server.ts";
import { invoiceHandlers } from "#routes/api/invoices.server.ts";
import { jobHandlers } from "#routes/api/jobs.server.ts";
import { loadHandlers } from "#routes/api/loads.server.ts";
import { quoteHandlers } from "#routes/api/quotes.server.ts";

// The public API under /api/v2: its document is public; everything else needs a key, spends the
// key's budget, and reads a JSON body. Handlers are found by operation id from the route table.

export function apiRouter({ redis, budget }: { redis: Redis | null; budget?: ApiBudget }): express.Router {
  const document = JSON.stringify(openApiDocument());
  return express
    .Router()
    .get("/openapi.json", (_req, res) => void res.type("application/json").send(document))
    .use(authenticate(), limitPerKey(budget, redis), refuseOtherBodies, express.json({ limit: "1mb", verify: keepRawBody }))
    .use(routerOf(API_ROUTES, { ...jobHandlers, ...quoteHandlers, ...loadHandlers, ...invoiceHandlers }))
    .use(apiNotFound, apiErrorHandler);
}

/** The exact bytes, for the Idempotency-Key's request digest. */
function keepRawBody(req: express.Request, _res: unknown, buffer: Buffer) {
  (req as express.Request & { rawBody?: Buffer }).rawBody = buffer;
}
