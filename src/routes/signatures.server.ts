import { Router, type Request, type Response } from "express";
import { AcceptanceSchema, hostedSigningUrl, signingReference } from "#domain/contracts/acceptance.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { parseInput } from "#lib/input.server.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import { acceptanceFilename, acceptancePdf } from "#pages/pdf/contract-acceptance.server.ts";
import {
  requireAcceptanceFor, requireAcceptancesOf, requireAwardToSign, type Award,
} from "#models/contract-acceptance.server.ts";
import { acceptAward } from "#models/contract-acceptance/drawn.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { allowFramingBySelf } from "#server/content-security.server.ts";
import { flash, renderPage, renderPartial } from "#server/render.server.ts";
import { dispositionOf, sendStoredFile } from "#server/stored-file.server.ts";

/** The hosted signing provider's URL template, when one is configured (see the CSP module). */
const providerTemplate = (res: Response): string | null =>
  typeof res.locals.signatureProviderUrl === "string" ? res.locals.signatureProviderUrl : null;

const SIGNED = "Signed. The shipper has been told you accept the contract.";

/** Contract award acceptance, signed in an embedded signing page, and the signed document. */
export function signaturesRouter(): Router {
  const router = Router();
  router.get("/jobs/:id/acceptance", showAwardToSign);
  router.post("/jobs/:id/acceptance", acceptAwardPosted);
  router.get("/jobs/:id/acceptance/sign", showSigningPage);
  router.get("/jobs/:id/acceptances", listAcceptances);
  // GET opens it in the browser; a form POST gets it as a file under its name.
  router.get("/acceptances/:id.pdf", (req, res) => sendAcceptancePdf(req, res, "inline"));
  router.post("/acceptances/:id.pdf", (req, res) => sendAcceptancePdf(req, res, "attachment"));
  router.get("/acceptances/:id/signature", sendSignature);
  return router;
}

// `?confirming=1`: the hosted provider's frame said the carrier has signed, and its confirmation has not arrived yet.
async function showAwardToSign(req: Request, res: Response) {
  const award = await requireAwardToSign(requireUser(req), req.params.id);
  await showAcceptance(req, res, award, {});
}

async function acceptAwardPosted(req: Request, res: Response) {
  const user = requireUser(req);
  const award = await requireAwardToSign(user, req.params.id);
  // A hosted signature is recorded only from the provider's own signed confirmation (see
  // signature-callback.server.ts): what the carrier's browser posts here proves nothing, so it only
  // learns whether that confirmation has arrived yet.
  if (providerTemplate(res)) {
    if (!award.acceptance) return res.redirect(303, `/jobs/${award.job.id}/acceptance?confirming=1`);
    flash(req, "notice", SIGNED);
    return res.redirect(303, `/jobs/${award.job.id}/acceptance`);
  }
  const input = parseInput(AcceptanceSchema, req.body);
  const accepted = input.ok ? await acceptAward(user, award, input.data) : input;
  if (!accepted.ok) return showAcceptance(req, res, award, accepted.errors, accepted.status);
  flash(req, "notice", SIGNED);
  res.redirect(303, `/jobs/${award.job.id}/acceptance`);
}

// Our own signing page, shown inside the acceptance page's frame (and only framed by our pages).
async function showSigningPage(req: Request, res: Response) {
  const award = await requireAwardToSign(requireUser(req), req.params.id);
  found(!providerTemplate(res) && !award.acceptance);
  allowFramingBySelf(res);
  res.type("html").send(await renderPartial(req, res, "signatures/sign", { award, now: new Date() }));
}

// The job page's list of signed acceptances: the shipper's all, a winning carrier's its own.
async function listAcceptances(req: Request, res: Response) {
  const acceptances = await requireAcceptancesOf(requireUser(req), req.params.id);
  const locals = { jobId: recordId(req.params.id), acceptances };
  const html = await renderPartial(req, res, "signatures/_acceptances", locals);
  res.type("html").send(html);
}

async function sendSignature(req: Request, res: Response) {
  const { acceptance } = await requireAcceptanceFor(requireUser(req), req.params.id);
  const signature = found(acceptance.signature);
  await sendStoredFile(res, signature.key, { type: signature.contentType });
}

async function showAcceptance(req: Request, res: Response, award: Award, errors: FieldErrors, status = 200) {
  const template = providerTemplate(res);
  // The hosted signing's reference names the signer too: the provider's confirmation says whose acceptance it is.
  const frame = template
    ? {
      url: hostedSigningUrl(template, signingReference(award.id, requireUser(req).id)),
      origin: new URL(hostedSigningUrl(template, "x")).origin,
      hosted: true,
    }
    : { url: `/jobs/${award.job.id}/acceptance/sign`, origin: "", hosted: false };
  const confirming = frame.hosted && req.query.confirming === "1";
  const title = `Sign to accept · ${award.job.reference}`;
  await renderPage(req, res, "signatures/show", { title, award, frame, confirming, errors }, status);
}

async function sendAcceptancePdf(req: Request, res: Response, disposition: "inline" | "attachment") {
  const award = await requireAcceptanceFor(requireUser(req), req.params.id);
  const pdf = await acceptancePdf(award, award.acceptance);
  res
    .type("application/pdf")
    .set("Content-Disposition", dispositionOf(acceptanceFilename(award), disposition))
    .set("Cache-Control", "private, no-store")
    .send(pdf);
}
