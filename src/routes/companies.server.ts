import { type Request, type Response, Router } from "express";
import { companyProfileFor } from "#pages/companies.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { renderPage } from "#server/render.server.ts";

/** A company's profile (`/companies/:id`): any signed-in user; a platform or unknown account is 404. Blocking is company-blocks.server.ts. */
export function companiesRouter(): Router {
  return Router().get("/companies/:id", showCompany);
}

async function showCompany(req: Request, res: Response) {
  const user = requireUser(req);
  await renderPage(req, res, "companies/show", await companyProfileFor(user, req.params.id));
}
