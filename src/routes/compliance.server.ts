import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { COMPLIANCE_KINDS, COMPLIANCE_SCHEMAS } from "#domain/compliance/documents.ts";
import { HttpError, found } from "#lib/errors.server.ts";
import { parseInput } from "#lib/input.server.ts";
import { saveComplianceDocument } from "#models/compliance.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { COMPLIANCE_PATH, compliancePage, type RefusedDocument } from "#pages/compliance.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { renderPartial } from "#server/render.server.ts";

const KindSchema = z.enum(COMPLIANCE_KINDS);
/** A document form as posted, kept as typed when it is refused. */
const PostedSchema = z.record(z.string(), z.unknown()).catch({});

/** The carrier office's compliance documents, a frame on the account page. */
export function complianceRouter(): Router {
  return Router().get(COMPLIANCE_PATH, showCompliance).post(`${COMPLIANCE_PATH}/:kind`, saveDocument);
}

async function showCompliance(req: Request, res: Response) {
  await renderCompliance(req, res, carrierOffice(req));
}

async function saveDocument(req: Request, res: Response) {
  const user = carrierOffice(req);
  const kind = found(KindSchema.safeParse(req.params.kind).data);
  const input = parseInput(COMPLIANCE_SCHEMAS[kind], req.body);
  const saved = input.ok ? await saveComplianceDocument(user, kind, input.data) : input;
  if (!saved.ok) return renderCompliance(req, res, user, { kind, errors: saved.errors, values: PostedSchema.parse(req.body) }, 422);
  res.redirect(303, COMPLIANCE_PATH);
}

function carrierOffice(req: Request): CurrentUser {
  const user = requireUser(req);
  if (!isOfficeOf("carrier", user)) throw new HttpError(404, "The page you were looking for doesn't exist.");
  return user;
}

async function renderCompliance(req: Request, res: Response, user: CurrentUser, refused?: RefusedDocument, status = 200) {
  const html = await renderPartial(req, res, "account/_compliance", await compliancePage(user.accountId, refused ?? null));
  res.status(status).type("html").send(`<turbo-frame id="compliance">${html}</turbo-frame>`);
}
