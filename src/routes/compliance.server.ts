import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { COMPLIANCE_KINDS, COMPLIANCE_LABELS, COMPLIANCE_SCHEMAS, LICENCE_TYPES, standingOf, type ComplianceKind } from "#domain/compliance/documents.ts";
import { HttpError, found } from "#lib/errors.server.ts";
import { parseInput } from "#lib/input.server.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import { complianceOf, saveComplianceDocument } from "#models/compliance.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { renderPartial } from "#server/render.server.ts";

const KindSchema = z.enum(COMPLIANCE_KINDS);
/** A document form as posted, kept as typed when it is refused. */
const PostedSchema = z.record(z.string(), z.unknown()).catch({});

/** The carrier office's compliance documents, a frame on the account page. */
export function complianceRouter(): Router {
  const router = Router();

  router.get("/account/compliance", async (req, res) => {
    await renderCompliance(req, res, carrierOffice(req));
  });

  router.post("/account/compliance/:kind", async (req, res) => {
    const user = carrierOffice(req);
    const kind = found(KindSchema.safeParse(req.params.kind).data);
    const input = parseInput(COMPLIANCE_SCHEMAS[kind], req.body);
    const saved = input.ok ? await saveComplianceDocument(user, kind, input.data) : input;
    if (!saved.ok) return renderCompliance(req, res, user, { kind, errors: saved.errors, values: PostedSchema.parse(req.body) }, 422);
    res.redirect(303, "/account/compliance");
  });

  return router;
}

function carrierOffice(req: Request): CurrentUser {
  const user = requireUser(req);
  if (user.account.kind !== "carrier" || user.role === "driver") throw new HttpError(404, "The page you were looking for doesn't exist.");
  return user;
}

type Refused = { kind: ComplianceKind; errors: FieldErrors; values: Record<string, unknown> };

async function renderCompliance(req: Request, res: Response, user: CurrentUser, refused?: Refused, status = 200) {
  const documents = await complianceOf(user.accountId);
  const standing = standingOf(Object.values(documents), new Date());
  const view = { documents, standing, refused: refused ?? null, kinds: COMPLIANCE_KINDS, labels: COMPLIANCE_LABELS, licenceTypes: LICENCE_TYPES };
  const html = await renderPartial(req, res, "account/_compliance", view);
  res.status(status).type("html").send(`<turbo-frame id="compliance">${html}</turbo-frame>`);
}
