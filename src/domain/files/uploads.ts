import { z } from "zod";

// What may be uploaded, for which use, and how big. The browser announces a file (name, type, size,
// MD5); the server checks the announcement here, and checks the bytes against it when they arrive:
// the type by the file's first bytes, never by its name.

/** Where the browser announces a file (POST, `?use=…`) and sends its bytes (PUT to the signed token). */
export const DIRECT_UPLOADS_PATH = "/api/v1/direct_uploads";
export const directUploadPath = (token: string) => `${DIRECT_UPLOADS_PATH}/${token}`;

export const UPLOAD_USES = ["photo", "document", "signature"] as const;
export type UploadUse = (typeof UPLOAD_USES)[number];

const MB = 1024 * 1024;
/** The largest size a file record can hold (2 GiB less a byte); limits are set below it. */
export const MAX_BYTE_SIZE = 2 ** 31 - 1;
export type UploadLimits = Record<UploadUse, number>;
/** Largest file per use, in bytes (the server's settings may change the photo and document limits). */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { photo: 25 * MB, document: 50 * MB, signature: 1 * MB };

/** The images we accept, show in the page and make thumbnails of. */
export const IMAGE_TYPES: readonly string[] = ["image/jpeg", "image/png", "image/webp"];
export const ALLOWED_TYPES: Record<UploadUse, readonly string[]> = {
  photo: IMAGE_TYPES,
  document: ["application/pdf", ...IMAGE_TYPES],
  signature: ["image/png"],
};
const WHAT: Record<UploadUse, string> = { photo: "a JPEG, PNG or WebP photo", document: "a PDF or a JPEG, PNG or WebP image", signature: "a PNG signature" };

/** The announcement DirectUpload posts: `{ blob: { filename, content_type, byte_size, checksum } }`. */
export const BlobAnnouncementSchema = z.object({
  blob: z.object({
    filename: z.string().max(1000),
    content_type: z.string().max(255).optional(),
    byte_size: z.number().int().min(0).max(MAX_BYTE_SIZE, "The file is too large"),
    checksum: z.string().regex(/^[A-Za-z0-9+/]{22}==$/, "The checksum must be the file's MD5 in base64"),
  }),
});
export type BlobAnnouncement = z.infer<typeof BlobAnnouncementSchema>["blob"];

const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/** The file input's `accept` list for a use. */
export const acceptFor = (use: UploadUse) => ALLOWED_TYPES[use].join(",");

/** Types a browser may show inside the page (images and PDFs, never SVG or HTML); anything else is downloaded. */
export const isShownInline = (contentType: string) => ALLOWED_TYPES.document.includes(contentType);

/** Why this file may not be uploaded for this use, or null. */
export function announcementRefusal(use: UploadUse, blob: Pick<BlobAnnouncement, "content_type" | "byte_size">, limits: UploadLimits): string | null {
  if (blob.byte_size === 0) return "The file is empty";
  if (!ALLOWED_TYPES[use].includes(blob.content_type ?? "")) return `Choose ${WHAT[use]}`;
  if (blob.byte_size > limits[use]) return `The file is larger than ${megabytes(limits[use])}`;
  return null;
}

/** The type a file's first bytes show (the formats we accept), or null. */
export function sniffedType(head: Uint8Array): string | null {
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  const text = (at: number, word: string) => [...word].every((char, i) => head[at + i] === char.charCodeAt(0));
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (text(0, "RIFF") && text(8, "WEBP")) return "image/webp";
  if (text(0, "%PDF-")) return "application/pdf";
  return null;
}
/** How many first bytes `sniffedType` looks at. */
export const SNIFF_BYTES = 12;

const MAX_FILENAME = 255;

/** A file name safe to store and to send back: no folders, no control characters, at most 255 characters (the extension kept). */
export function cleanFilename(name: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim().replace(/^\.+/, "");
  if (!base) return "file";
  if (base.length <= MAX_FILENAME) return base;
  const dot = base.lastIndexOf(".");
  const extension = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : "";
  return base.slice(0, MAX_FILENAME - extension.length) + extension;
}
