import contentDisposition from "content-disposition";
import type { Response } from "express";
import { storage } from "#lib/storage.server.ts";

/** The name for old clients that read only `filename=`: accents dropped, anything else not ASCII as "?". */
const asciiName = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "?");

/** Content-Disposition for a file shown in the page or saved, under its own name (RFC 6266, UTF-8 with an ASCII fallback). */
export const dispositionOf = (filename: string, type: "inline" | "attachment") => contentDisposition(filename, { type, fallback: asciiName(filename) });

/** A stored file as the answer, private to the signed-in viewer (cached by their browser for an hour). */
export function sendStoredFile(res: Response, key: string, headers: { type: string; length?: number; disposition?: string }) {
  res.type(headers.type).set("Cache-Control", "private, max-age=3600");
  if (headers.length !== undefined) res.set("Content-Length", String(headers.length));
  if (headers.disposition) res.set("Content-Disposition", headers.disposition);
  storage()
    .read(key)
    .on("error", () => res.destroy())
    .pipe(res);
}
