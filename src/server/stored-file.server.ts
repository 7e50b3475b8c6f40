import contentDisposition from "content-disposition";
import type { Response } from "express";
import { PRESIGNED_URL_TTL_SECONDS } from "#lib/s3-storage.server.ts";
import { storage, type DirectAccess } from "#lib/storage.server.ts";

/** The name for old clients that read only `filename=`: accents dropped, anything else not ASCII as "?". */
const asciiName = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "?");

/** Content-Disposition for a file shown in the page or saved, under its own name (RFC 6266, UTF-8 with an ASCII fallback). */
export const dispositionOf = (filename: string, type: "inline" | "attachment") => contentDisposition(filename, { type, fallback: asciiName(filename) });

/** The file itself may be kept by the viewer's browser for an hour, never by a shared cache. */
const FILE_CACHING = "private, max-age=3600";
// A redirect is kept a minute less than its presigned URL lives, so a kept one never leads to an expired URL.
const REDIRECT_CACHING = `private, max-age=${PRESIGNED_URL_TTL_SECONDS - 60}`;

type StoredFileHeaders = { type: string; length?: number; disposition?: string };

/**
 * A stored file as the answer, private to the signed-in viewer (the caller has checked who may see
 * it): the bytes from the disk, or from a bucket a redirect to a presigned URL whose answer carries
 * the same type, disposition and caching.
 */
export async function sendStoredFile(res: Response, key: string, headers: StoredFileHeaders): Promise<void> {
  const direct = storage().direct;
  if (direct) return redirectToBucket(res, direct, key, headers);
  res.type(headers.type).set("Cache-Control", FILE_CACHING);
  const length = headers.length ?? (await storage().size(key));
  if (length !== null) res.set("Content-Length", String(length));
  if (headers.disposition) res.set("Content-Disposition", headers.disposition);
  storage()
    .read(key)
    .on("error", () => res.destroy())
    .pipe(res);
}

async function redirectToBucket(res: Response, direct: DirectAccess, key: string, headers: StoredFileHeaders) {
  const url = await direct.downloadUrl(key, { type: headers.type, disposition: headers.disposition, cacheControl: FILE_CACHING });
  res.set("Cache-Control", REDIRECT_CACHING).redirect(302, url);
}
