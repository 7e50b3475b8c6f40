import { type Request, type Response, Router } from "express";
import { ReturnLoadsQuerySchema } from "#domain/return-loads/query.ts";
import { parseInput } from "#lib/input.server.ts";
import { requireReturnLoadsLoad } from "#models/return-loads.server.ts";
import { returnLoadsPage } from "#pages/return-loads.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { renderPage } from "#server/render.server.ts";

// Return loads for one of a carrier's loads (docs/return-loads.md): a GET search, so the filters
// are in the address; a refused radius is 422 with its message beside the field.

export function returnLoadsRouter(): Router {
  return Router().get("/loads/:id/return_loads", showReturnLoads);
}

async function showReturnLoads(req: Request, res: Response) {
  const user = requireUser(req);
  const load = await requireReturnLoadsLoad(user, req.params.id);
  const input = parseInput(ReturnLoadsQuerySchema, req.query);
  if (input.ok) return renderPage(req, res, "return-loads/index", await returnLoadsPage(user, load, input.data));
  const values = { radius: typeof req.query.radius === "string" ? req.query.radius : "", towards: req.query.towards };
  const page = await returnLoadsPage(user, load, null, { errors: input.errors, values });
  await renderPage(req, res, "return-loads/index", page, input.status);
}
