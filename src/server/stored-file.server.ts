import type { Response } from "express";
import { storage } from "#lib/storage.server.ts";

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
