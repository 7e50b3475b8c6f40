import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { ProofInputSchema } from "#domain/loads/proof-of-delivery.ts";
import { canTransition } from "#domain/loads/status.ts";
import { HttpError, found } from "#lib/errors.server.ts";
import { parseInput } from "#lib/input.server.ts";
import { isWarned, type FieldErrors } from "#lib/result.server.ts";
import { pendingUploads } from "#models/uploads/owned.server.ts";
import { actorOf } from "#models/loads/access.server.ts";
import { requireLoadFor, type LoadDetail } from "#models/loads.server.ts";
import { fieldIdsOf } from "#pages/loads/error-links.server.ts";
import { proofFilename, proofPdf } from "#pages/pdf/proof-of-delivery.server.ts";
import { deliverySites, recordDelivery, requireProof, withPlace } from "#models/proof-of-delivery.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { flash, renderPage } from "#server/render.server.ts";
import { dispositionOf, sendStoredFile } from "#server/stored-file.server.ts";

/** The delivery form as posted, kept as typed when it is refused. */
const ProofFormSchema = z
  .object({
    recipient_name: z.string().catch(""),
    blob_signed_ids: z.array(z.string()).catch([]),
    signature_signed_id: z.string().catch(""),
    latitude: z.string().max(40).catch(""),
    longitude: z.string().max(40).catch(""),
  })
  .partial()
  .catch({});

/** Proof of delivery: the driver's form, the load's proof as a PDF, and the recipient's signature. */
export function proofOfDeliveryRouter(): Router {
  const router = Router();

  router.get("/loads/:id/delivery", async (req, res) => {
    const load = await deliverableLoad(req);
    await showForm(req, res, load, {}, {});
  });

  router.post("/loads/:id/delivery", async (req, res) => {
    const user = requireUser(req);
    const load = await deliverableLoad(req);
    const input = parseInput(ProofInputSchema, req.body);
    const recorded = input.ok ? await recordDelivery(user, load, input.data) : input;
    if (!recorded.ok) return showForm(req, res, load, recorded.errors, ProofFormSchema.parse(req.body), recorded.status, isWarned(recorded) ? recorded.warnings : []);
    flash(req, "notice", "Delivered. The shipper has been told.");
    res.redirect(303, `/loads/${load.id}`);
  });

  // GET opens it in the browser; the page's download form POSTs and gets it as a file (SPEC: a form
  // answered with an attachment is saved under the name in the header).
  router.get("/loads/:id/proof-of-delivery.pdf", (req, res) => sendProofPdf(req, res, "inline"));
  router.post("/loads/:id/proof-of-delivery.pdf", (req, res) => sendProofPdf(req, res, "attachment"));

  router.get("/loads/:id/signature", async (req, res) => {
    const load = await requireLoadFor(requireUser(req), req.params.id);
    const proof = await requireProof(load.id);
    const signature = found(proof.signature);
    await sendStoredFile(res, signature.key, { type: signature.contentType });
  });

  return router;
}

/** Photos and the signature have no one field to focus: only the recipient's name is linked. */
const errorFieldId = fieldIdsOf({ recipient_name: "field_recipient_name" });

/** The load, if this user may mark it delivered now. */
async function deliverableLoad(req: Request): Promise<LoadDetail> {
  const user = requireUser(req);
  const load = await requireLoadFor(user, req.params.id);
  if (!canTransition(load.status, "delivered", actorOf(user))) throw new HttpError(409, "This load cannot be marked delivered now");
  return load;
}

/**
 * The form; a refused one comes back with what was typed and uploaded, and with `warnings` (the phone
 * far from the delivery points) a button that sends it again with confirmed=1.
 */
async function showForm(req: Request, res: Response, load: LoadDetail, errors: FieldErrors, values: z.infer<typeof ProofFormSchema>, status = 200, warnings: string[] = []) {
  const user = requireUser(req);
  const pending = await pendingUploads(user, values.blob_signed_ids ?? []);
  const position = actorOf(user) === "driver" ? { sites: deliverySites(load) } : null;
  const title = `Deliver load ${load.sequence} · ${load.job.reference}`;
  return renderPage(req, res, "loads/delivery", { title, load, errors, values, pending, warnings, position, errorFieldId }, status);
}

async function sendProofPdf(req: Request, res: Response, disposition: "inline" | "attachment") {
  const load = await requireLoadFor(requireUser(req), req.params.id);
  const pdf = await proofPdf(load, await withPlace(await requireProof(load.id)));
  const filename = proofFilename(load);
  res
    .type("application/pdf")
    .set("Content-Disposition", dispositionOf(filename, disposition))
    .set("Cache-Control", "private, no-store")
    .send(pdf);
}
