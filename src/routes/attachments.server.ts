import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { HttpError, found } from "#lib/errors.server.ts";
import { TURBO_STREAM, acceptsTurboStream, turboStream } from "#lib/turbo.server.ts";
import { inOfficeOf } from "#domain/accounts/team.ts";
import {
  attach, whyNotRemovable, removeAttachment, requireAttachmentFor, type AttachmentTarget,
} from "#models/attachments.server.ts";
import { requireOwnJob, requireViewableJob } from "#models/jobs.server.ts";
import { requireLoadFor } from "#models/loads.server.ts";
import { ownStoredBlob } from "#models/uploads/owned.server.ts";
import { type FilesSection, filesFor, listIdFor, targetPath } from "#pages/attachments/files.server.ts";
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
/** Files of jobs and loads: the lazy files section, attaching, pending uploads, downloads and removal. */
export function attachmentsRouter(): Router {
  return Router()
    // The files section of a job or load page, loaded as a lazy frame so the page itself stays light.
    .get("/jobs/:id/files", showJobFiles)
    .get("/loads/:id/files", showLoadFiles)
    .post("/jobs/:id/attachments", attachToJob)
    .post("/loads/:id/attachments", attachToLoad)
    .get("/file_attachments/:signedId", showPendingUpload)
    .get("/file_attachments/:signedId/thumbnail", sendPendingThumbnail)
    .get("/attachments/:id", sendAttachment)
    .get("/attachments/:id/thumbnail", sendAttachmentThumbnail)
    .delete("/attachments/:id", removeTheAttachment);
}

async function showJobFiles(req: Request, res: Response) {
  const user = requireUser(req);
  const job = await requireViewableJob(user, req.params.id);
  const owner = inOfficeOf("shipper", job.shipperAccountId, user);
  await renderFiles(req, res, await filesFor(user, { jobId: job.id, shipperAccountId: job.shipperAccountId }, owner));
}

async function showLoadFiles(req: Request, res: Response) {
  const user = requireUser(req);
  const load = await requireLoadFor(user, req.params.id);
  const target = { loadId: load.id, shipperAccountId: load.job.shipperAccountId };
  const [files, proof] = await Promise.all([filesFor(user, target, true), proofOf(load.id)]);
  await renderFiles(req, res, files, proof && (await withPlace(proof)));
}

async function attachToJob(req: Request, res: Response) {
  const job = await requireOwnJob(requireUser(req), req.params.id);
  await attachAndAnswer(req, res, { jobId: job.id, shipperAccountId: job.shipperAccountId });
}

async function attachToLoad(req: Request, res: Response) {
  const load = await requireLoadFor(requireUser(req), req.params.id);
  await attachAndAnswer(req, res, { loadId: load.id, shipperAccountId: load.job.shipperAccountId });
}

/** A file just uploaded, shown in a form's list (with its signed id as a hidden field) until the form is sent. */
async function showPendingUpload(req: Request, res: Response) {
  const blob = found(await ownStoredBlob(requireUser(req), req.params.signedId));
  const { list_id: listId = "file_attachments", field } = ListSchema.parse(req.query);
  const html = await renderPartial(req, res, "attachments/_pending", { blob, signedId: req.params.signedId, field });
  res.type(TURBO_STREAM).send(turboStream("append", listId, html));
}

/** A pending photo's thumbnail, for its uploader only (the form shows what is about to be sent). */
async function sendPendingThumbnail(req: Request, res: Response) {
  const blob = found(await ownStoredBlob(requireUser(req), req.params.signedId));
  const key = found(await thumbnailOf(blob));
  await sendStoredFile(res, key, { type: "image/webp" });
}

async function sendAttachment(req: Request, res: Response) {
  const attachment = await requireAttachmentFor(requireUser(req), req.params.id);
  const { filename, contentType, byteSize, key } = attachment.blob;
  const asked = DownloadSchema.parse(req.query).disposition;
  const disposition = asked === "inline" && isShownInline(contentType) ? "inline" : "attachment";
  const headers = { type: contentType, length: byteSize, disposition: dispositionOf(filename, disposition) };
  await sendStoredFile(res, key, headers);
}

async function sendAttachmentThumbnail(req: Request, res: Response) {
  const attachment = await requireAttachmentFor(requireUser(req), req.params.id);
  const key = found(await thumbnailOf(attachment.blob));
  await sendStoredFile(res, key, { type: "image/webp" });
}

async function removeTheAttachment(req: Request, res: Response) {
  const user = requireUser(req);
  const attachment = await requireAttachmentFor(user, req.params.id);
  const refusal = whyNotRemovable(user, attachment);
  if (refusal) throw new HttpError(403, refusal);
  await removeAttachment(user, attachment);
  if (acceptsTurboStream(req)) return res.type(TURBO_STREAM).send(turboStream("remove", `attachment_${attachment.id}`));
  if (wantsJson(req)) return res.status(204).end();
  res.redirect(303, targetPath(attachment));
}

type PlacedProof = Proof & { place: string };

async function renderFiles(req: Request, res: Response, files: FilesSection, proof: PlacedProof | null = null) {
  const html = await renderPartial(req, res, "attachments/_files", { files, proof });
  res.type("html").send(`<turbo-frame id="files">${html}</turbo-frame>`);
}

async function attachAndAnswer(req: Request, res: Response, target: AttachmentTarget) {
  const user = requireUser(req);
  const input = AttachSchema.parse(req.body ?? {});
  if (!input.blob_signed_id) throw new HttpError(422, "Send the uploaded file's blob_signed_id");
  const result = found(await attach(user, target, input.blob_signed_id));
  if (!result.ok) throw new HttpError(result.status, result.errors.base ?? "This file cannot be attached");
  const { attachment } = result;
  if (acceptsTurboStream(req)) {
    const html = await renderPartial(req, res, "attachments/_attachment", { attachment, removable: true });
    const listId = input.list_id ?? listIdFor(attachment.kind, target);
    return res.type(TURBO_STREAM).send(turboStream("append", listId, html));
  }
  if (wantsJson(req)) {
    const { id, kind, blob } = attachment;
    return res.status(201).json({ attachment: { id, kind, filename: blob.filename, url: `/attachments/${id}` } });
  }
  res.redirect(303, targetPath(target));
}

