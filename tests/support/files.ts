import { createHash, randomBytes } from "node:crypto";
import type { Agent } from "./app.ts";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bytes that start like a PNG (enough for the server's type check), `size` long in all. */
export function pngBytes(size = 2_000): Buffer {
  return Buffer.concat([PNG_SIGNATURE, randomBytes(Math.max(0, size - PNG_SIGNATURE.length))]);
}

/** Bytes that start like a PDF. */
export function pdfBytes(size = 3_000): Buffer {
  return Buffer.concat([Buffer.from("%PDF-1.7\n"), randomBytes(Math.max(0, size - 9))]);
}

export const md5Base64 = (bytes: Buffer) => createHash("md5").update(bytes).digest("base64");

/** What DirectUpload posts for a file. */
export function announcement(bytes: Buffer, filename = "photo.png", contentType = "image/png") {
  return { blob: { filename, content_type: contentType, byte_size: bytes.length, checksum: md5Base64(bytes) } };
}

export type BlobAnswer = { signed_id: string; filename: string; direct_upload: { url: string; headers: Record<string, string> } };

/** Announces a file as the browser does (JSON, CSRF header, XHR marker). */
export function announce(browser: Agent, csrf: string, body: unknown, use = "photo") {
  return browser
    .post(`/api/v1/direct_uploads?use=${use}`)
    .set({ "X-CSRF-Token": csrf, Accept: "application/json", "X-Requested-With": "XMLHttpRequest" })
    .send(body as object);
}

/** Announces and uploads a file; returns the blob's signed id. */
export async function uploaded(browser: Agent, csrf: string, bytes: Buffer, use = "photo", filename = "photo.png", contentType = "image/png"): Promise<string> {
  const answer = await announce(browser, csrf, announcement(bytes, filename, contentType), use);
  if (answer.status !== 200) throw new Error(`announce answered ${answer.status}: ${answer.text}`);
  const blob = answer.body as BlobAnswer;
  const put = await browser.put(blob.direct_upload.url).set(blob.direct_upload.headers).send(bytes);
  if (put.status !== 204) throw new Error(`PUT answered ${put.status}: ${put.text}`);
  return blob.signed_id;
}

/** A real PNG image of this size (for thumbnails and the gallery's dimensions). */
export async function realPng(width = 800, height = 600): Promise<Buffer> {
  const { default: sharp } = await import("sharp");
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
}
