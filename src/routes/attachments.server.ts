import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { HttpError, found } from "#lib/errors.server.ts";
import { TURBO_STREAM, acceptsTurboStream, turboStream } from "#lib/turbo.server.ts";
import { attach, filesFor, listIdFor, ownStoredBlob, whyNotRemovable, removeAttachment, requireAttachmentFor, type AttachmentTarget } from "#models/attachments.server.ts";
import { requireOwnJob, requireViewableJob } from "#models/jobs.server.ts";
import { requireLoadFor } from "#models/loads.server.ts";
import { proofOf, withPlace, type Proof } from "#models/proof-of-delivery.server.ts";
import { thumbnailOf } from "#lib/thumbnails.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { renderPartial, wantsJson } from "#server/render.server.ts";
import { dispositionOf, sendStoredFile } from "#server/stored-file.server.ts";
import { isShownInline } from "#domain/files/uploads.ts";

/** What the upload widget sends to attach a file: its signed id, and the list that shows it. */
const AttachSchema = z.object({
  blob_signed_id: z.string().max(4096).optional().catch(undefined),
  list_id: z.string().regex(/^[A-Za-z][\w-]{0,99}$/).optional().catch(undefined),
});
const ListSchema = z
  .object({ list_id: AttachSchema.shape.list_id, field: z.string().regex(/^[a-z_]{1,40}(\[\])?$/).optional().catch(undefined) })
  .catch({ list_id: undefined, field: undefined });
const DownloadSchema = z.object({ disposition: z.enum(["inline", "attachment"]).catch("inline") }).catch({ disposition: "inline" });


export function attachmentsRouter(): Router {
  const router = Router();

  // The files section of a job or load page, loaded as a lazy frame so the page itself stays light.
  router.get("/jobs/:id/files", async (req, res) => {
    const user = requireUser(req);
    const job = await requireViewableJob(user, req.params.id);
    const owner = user.account.kind === "shipper";
    await renderFiles(req, res, await filesFor(user, { jobId: job.id, shipperAccountId: job.shipperAccountId }, owner));
  });

  router.get("/loads/:id/files", async (req, res) => {
    const user = requireUser(req);
    const load = await requireLoadFor(user, req.params.id);
    const [files, proof] = await Promise.all([filesFor(user, { loadId: load.id, shipperAccountId: load.job.shipperAccountId }, true), proofOf(load.id)]);
    await renderFiles(req, res, files, proof && (await withPlace(proof)));
  });

  router.post("/jobs/:id/attachments", async (req, res) => {
    const job = await requireOwnJob(requireUser(req), req.params.id);
    await attachAndAnswer(req, res, { jobId: job.id, shipperAccountId: job.shipperAccountId }, `/jobs/${job.id}`);
  });

  router.post("/loads/:id/attachments", async (req, res) => {
    const load = await requireLoadFor(requireUser(req), req.params.id);
    await attachAndAnswer(req, res, { loadId: load.id, shipperAccountId: load.job.shipperAccountId }, `/loads/${load.id}`);
  });

  // A file just uploaded, shown in a form's list (with its signed id as a hidden field) until the form is sent.
  router.get("/file_attachments/:signedId", async (req, res) => {
    const blob = found(await ownStoredBlob(requireUser(req), req.params.signedId));
    const { list_id: listId = "file_attachments", field } = ListSchema.parse(req.query);
    const html = await renderPartial(req, res, "attachments/_pending", { blob, signedId: req.params.signedId, field });
    res.type(TURBO_STREAM).send(turboStream("append", listId, html));
  });

  // A pending photo's thumbnail, for its uploader only (the form shows what is about to be sent).
  router.get("/file_attachments/:signedId/thumbnail", async (req, res) => {
    const blob = found(await ownStoredBlob(requireUser(req), req.params.signedId));
    const key = found(await thumbnailOf(blob));
    await sendStoredFile(res, key, { type: "image/webp" });
  });

  router.get("/attachments/:id", async (req, res) => {
    const attachment = await requireAttachmentFor(requireUser(req), req.params.id);
    const { filename, contentType, byteSize, key } = attachment.blob;
    const asked = DownloadSchema.parse(req.query).disposition;
    const disposition = asked === "inline" && isShownInline(contentType) ? "inline" : "attachment";
    await sendStoredFile(res, key, { type: contentType, length: byteSize, disposition: dispositionOf(filename, disposition) });
  });

  router.get("/attachments/:id/thumbnail", async (req, res) => {
    const attachment = await requireAttachmentFor(requireUser(req), req.params.id);
    const key = found(await thumbnailOf(attachment.blob));
    await sendStoredFile(res, key, { type: "image/webp" });
  });

  router.delete("/attachments/:id", async (req, res) => {
    const user = requireUser(req);
    const attachment = await requireAttachmentFor(user, req.params.id);
    const refusal = whyNotRemovable(user, attachment);
    if (refusal) throw new HttpError(403, refusal);
    await removeAttachment(user, attachment);
    if (acceptsTurboStream(req)) return res.type(TURBO_STREAM).send(turboStream("remove", `attachment_${attachment.id}`));
    if (wantsJson(req)) return res.status(204).end();
    res.redirect(303, attachment.loadId ? `/loads/${attachment.loadId}` : `/jobs/${attachment.jobId}`);
  });

  return router;
}

async function renderFiles(req: Request, res: Response, files: Awaited<ReturnType<typeof filesFor>>, proof: (Proof & { place: string }) | null = null) {
  const html = await renderPartial(req, res, "attachments/_files", { files, proof });
  res.type("html").send(`<turbo-frame id="files">${html}</turbo-frame>`);
}

async function attachAndAnswer(req: Request, res: Response, target: AttachmentTarget, back: string) {
  const user = requireUser(req);
  const input = AttachSchema.parse(req.body ?? {});
  if (!input.blob_signed_id) throw new HttpError(422, "Send the uploaded file's blob_signed_id");
  const result = found(await attach(user, target, input.blob_signed_id));
  if (!result.ok) throw new HttpError(result.status, result.errors.base ?? "This file cannot be attached");
  const { attachment } = result;
  if (acceptsTurboStream(req)) {
    const html = await renderPartial(req, res, "attachments/_attachment", { attachment, removable: true });
    return res.type(TURBO_STREAM).send(turboStream("append", input.list_id ?? listIdFor(attachment.kind, target), html));
  }
  if (wantsJson(req)) return res.status(201).json({ attachment: { id: attachment.id, kind: attachment.kind, filename: attachment.blob.filename, url: `/attachments/${attachment.id}` } });
  res.redirect(303, back);
}

