import { db } from "#db/client.server.ts";
import { directUploadPath } from "#domain/files/uploads.ts";
import {
  announcementRefusal, cleanFilename, type BlobAnnouncement, type UploadLimits, type UploadUse,
} from "#domain/files/uploads.ts";
import { env } from "#lib/env.server.ts";
import { ok, refusedBase, type Result } from "#lib/result.server.ts";
import { openToken, sealToken } from "#lib/sealed-token.server.ts";
import { newStorageKey, storage } from "#lib/storage.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Direct uploads by the ActiveStorage protocol: the browser announces a file and gets back a signed
// id and a URL to PUT the bytes to. On disk, our own PUT streams them to storage while hashing; with
// a bucket, a presigned PUT takes them there and they are checked when the file is first used.
// Either way a file is kept only if it is exactly what was announced (length, type by the first
// bytes, MD5): the arrival and its checks are in uploads/arrival.server.ts; a user's own stored uploads,
// as forms name them by signed id, in uploads/owned.server.ts.

/** The token purpose of the URL to PUT a file's bytes to. */
export const UPLOAD_URL = "direct upload";
const SIGNED_ID = "blob signed id";
/** How long the URL to PUT a file to stays good (checked when the PUT starts). */
export const UPLOAD_URL_TTL_MS = 10 * 60_000;
/** How long a blob's signed id may be used to attach it: files never attached are purged after this. */
export const UNATTACHED_BLOB_TTL_MS = 24 * 60 * 60_000;

const MB = 1024 * 1024;
export const uploadLimits = (): UploadLimits => ({
  photo: env().UPLOAD_PHOTO_MAX_MB * MB,
  document: env().UPLOAD_DOCUMENT_MAX_MB * MB,
  signature: MB,
});

export type BlobRow = {
  id: number; key: string; filename: string; contentType: string; byteSize: number; checksum: string;
  createdAt: Date; storedAt: Date | null;
};

/** Where the browser PUTs the bytes: straight to the bucket, or to our own PUT route by a signed token. */
async function directUploadOf(blob: BlobRow) {
  const direct = storage().direct;
  if (direct) return direct.uploadTarget(blob.key, blob);
  const token = sealToken(UPLOAD_URL, blob.id, UPLOAD_URL_TTL_MS);
  return { url: directUploadPath(token), headers: { "Content-Type": blob.contentType } };
}

/** The blob's attributes as DirectUpload expects them, with where to PUT the bytes. */
async function attributesOf(blob: BlobRow) {
  return {
    id: blob.id,
    filename: blob.filename,
    content_type: blob.contentType,
    byte_size: blob.byteSize,
    checksum: blob.checksum,
    created_at: blob.createdAt.toISOString(),
    signed_id: sealToken(SIGNED_ID, blob.id, UNATTACHED_BLOB_TTL_MS),
    direct_upload: await directUploadOf(blob),
  };
}
export type BlobAttributes = Awaited<ReturnType<typeof attributesOf>>;

/** Records an announced file, if it may be uploaded for this use. */
export async function announceUpload(
  user: CurrentUser, use: UploadUse, announced: BlobAnnouncement,
): Promise<Result<{ blob: BlobAttributes }>> {
  const refusal = announcementRefusal(use, announced, uploadLimits());
  if (refusal) return refusedBase(refusal);
  const blob = await db().fileBlob.create({
    data: {
      key: newStorageKey(),
      filename: cleanFilename(announced.filename),
      contentType: announced.content_type!,
      byteSize: announced.byte_size,
      checksum: announced.checksum,
      use,
      uploadedById: user.id,
    },
  });
  return ok({ blob: await attributesOf(blob) });
}

/** The blob a signed id names, if the id is genuine and unexpired; the caller still checks whose it is. */
export function blobIdFrom(signedId: unknown): number | null {
  const id = openToken(SIGNED_ID, signedId);
  return typeof id === "number" ? id : null;
}

/**
 * Deletes files announced more than a day ago and never used (attached, signed with, a certificate,
 * or an acceptance's signature), with their bytes.
 */
export async function purgeUnattachedBlobs(now = Date.now()): Promise<number> {
  const unused = {
    attachments: { none: {} }, signatureOf: { none: {} }, complianceOf: { none: {} },
    acceptanceSignatureOf: { none: {} },
  };
  const stale = await db().fileBlob.findMany({
    where: { createdAt: { lt: new Date(now - UNATTACHED_BLOB_TTL_MS) }, ...unused },
    select: { id: true, key: true },
    take: 500,
  });
  let purged = 0;
  for (const blob of stale) {
    const { count } = await db().fileBlob.deleteMany({ where: { id: blob.id, ...unused } });
    if (count) await storage().remove(blob.key);
    purged += count;
  }
  return purged;
}
