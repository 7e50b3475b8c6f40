import { Router } from "express";
import { z } from "zod";
import { BlobAnnouncementSchema, DIRECT_UPLOADS_PATH, UPLOAD_USES } from "#domain/files/uploads.ts";
import { HttpError } from "#lib/errors.server.ts";
import { announceUpload } from "#models/uploads.server.ts";
import { storeUpload } from "#models/uploads/arrival.server.ts";
import { requireUser } from "#server/auth.server.ts";

const UseSchema = z.object({ use: z.enum(UPLOAD_USES).catch("document") }).catch({ use: "document" });

/** `POST /api/v1/direct_uploads?use=photo|document|signature`: a signed-in user announces a file. */
export function uploadsRouter(): Router {
  return Router().post(DIRECT_UPLOADS_PATH, async (req, res) => {
    const user = requireUser(req);
    const announced = BlobAnnouncementSchema.safeParse(req.body);
    if (!announced.success) throw new HttpError(422, "Send blob: filename, content_type, byte_size and checksum");
    const result = await announceUpload(user, UseSchema.parse(req.query).use, announced.data.blob);
    if (!result.ok) return res.status(result.status).json({ error: result.errors.base });
    res.json(result.blob);
  });
}

/**
 * `PUT /api/v1/direct_uploads/:token`: the file's bytes. The signed token is the permission (as in
 * ActiveStorage, no session or CSRF token comes with it), so this is mounted before both, and before
 * the body parsers: the body is streamed to storage, never read into memory.
 */
export function uploadStorageRouter(): Router {
  return Router().put(`${DIRECT_UPLOADS_PATH}/:token` as const, async (req, res) => {
    const stored = await storeUpload(req.params.token, req, { contentType: req.get("content-type"), contentLength: req.get("content-length") });
    if (!stored) throw new HttpError(404, "There is nothing to upload here");
    if (!stored.ok) return res.status(stored.status).json({ error: stored.errors.base });
    res.status(204).end();
  });
}
