import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { db } from "#db/client.server.ts";
import { SNIFF_BYTES, announcementRefusal, cleanFilename, sniffedType, type BlobAnnouncement, type UploadLimits, type UploadUse } from "#domain/files/uploads.ts";
import { env } from "#lib/env.server.ts";
import { md5Hasher } from "#lib/md5-hasher.server.ts";
import { ok, refusedBase, type Result } from "#lib/result.server.ts";
import { openToken, sealToken } from "#lib/sealed-token.server.ts";
import { newStorageKey, storage } from "#lib/storage.server.ts";
import { imageSizeOf } from "#models/thumbnails.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Direct uploads by the ActiveStorage protocol: the browser announces a file and gets back a signed
// id and a URL to PUT the bytes to; the PUT streams them to storage while hashing, and keeps them
// only if they are exactly what was announced (length, type by the first bytes, MD5).

const UPLOAD_URL = "direct upload";
const SIGNED_ID = "blob signed id";
/** How long the URL to PUT a file to stays good (checked when the PUT starts). */
export const UPLOAD_URL_TTL_MS = 10 * 60_000;
/** How long a blob's signed id may be used to attach it: files never attached are purged after this. */
export const UNATTACHED_BLOB_TTL_MS = 24 * 60 * 60_000;

const MB = 1024 * 1024;
export const uploadLimits = (): UploadLimits => ({ photo: env().UPLOAD_PHOTO_MAX_MB * MB, document: env().UPLOAD_DOCUMENT_MAX_MB * MB, signature: MB });

type BlobRow = { id: number; filename: string; contentType: string; byteSize: number; checksum: string; createdAt: Date };

/** The blob's attributes as DirectUpload expects them, with where to PUT the bytes. */
function attributesOf(blob: BlobRow) {
  const token = sealToken(UPLOAD_URL, blob.id, UPLOAD_URL_TTL_MS);
  return {
    id: blob.id,
    filename: blob.filename,
    content_type: blob.contentType,
    byte_size: blob.byteSize,
    checksum: blob.checksum,
    created_at: blob.createdAt.toISOString(),
    signed_id: sealToken(SIGNED_ID, blob.id, UNATTACHED_BLOB_TTL_MS),
    direct_upload: { url: `/api/v1/direct_uploads/${token}`, headers: { "Content-Type": blob.contentType } },
  };
}
export type BlobAttributes = ReturnType<typeof attributesOf>;

/** Records an announced file, if it may be uploaded for this use. */
export async function announceUpload(user: CurrentUser, use: UploadUse, announced: BlobAnnouncement): Promise<Result<{ blob: BlobAttributes }>> {
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
  return ok({ blob: attributesOf(blob) });
}

/** The blob a signed id names, if the id is genuine and unexpired; the caller still checks whose it is. */
export function blobIdFrom(signedId: unknown): number | null {
  const id = openToken(SIGNED_ID, signedId);
  return typeof id === "number" ? id : null;
}

class TooLong extends Error {}

/** Counts, hashes (on the hashing thread) and keeps the first bytes of what passes through; fails past `limit` bytes. */
function inspector(limit: number) {
  const md5 = md5Hasher();
  const seen = { bytes: 0, head: Buffer.alloc(0) };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen.bytes += chunk.length;
      if (seen.bytes > limit) return done(new TooLong());
      if (seen.head.length < SNIFF_BYTES) seen.head = Buffer.concat([seen.head, chunk.subarray(0, SNIFF_BYTES - seen.head.length)]);
      md5.update(chunk).then(() => done(null, chunk), done);
    },
  });
  return { stream, seen, checksum: () => md5.digest(), close: () => md5.close() };
}

/**
 * Receives the bytes of an announced file. null when the URL names nothing to upload (bad, tampered
 * or expired token, or a file already stored): the route answers 404. A refusal keeps nothing.
 */
export async function storeUpload(token: string, body: Readable, headers: { contentType?: string; contentLength?: string }): Promise<Result | null> {
  const id = openToken(UPLOAD_URL, token);
  const blob = typeof id === "number" ? await db().fileBlob.findFirst({ where: { id, storedAt: null } }) : null;
  if (!blob) return null;
  if (headers.contentType !== blob.contentType) return refusedBase(`Send the file as ${blob.contentType}`);
  if (headers.contentLength !== undefined && Number(headers.contentLength) !== blob.byteSize) return refusedBase("The file is not the announced size");
  const seen = inspector(blob.byteSize);
  const place = await storage().writer(blob.key);
  try {
    await pipeline(body, seen.stream, place.stream);
  } catch (error) {
    seen.close();
    await place.discard();
    if (error instanceof TooLong) return refusedBase("The file is not the announced size");
    throw error;
  }
  const checksum = await seen.checksum();
  const problem =
    seen.seen.bytes !== blob.byteSize ? "The file is not the announced size"
    : sniffedType(seen.seen.head) !== blob.contentType ? `The file is not ${blob.contentType}`
    : checksum !== blob.checksum ? "The file's checksum does not match"
    : null;
  if (problem) {
    await place.discard();
    return refusedBase(problem);
  }
  await place.keep();
  const size = await imageSizeOf(blob);
  await db().fileBlob.update({ where: { id: blob.id }, data: { storedAt: new Date(), width: size?.width ?? null, height: size?.height ?? null } });
  return ok();
}

/** Deletes files announced more than a day ago and never used (attached, signed with, a certificate, or an acceptance's signature), with their bytes. */
export async function purgeUnattachedBlobs(now = Date.now()): Promise<number> {
  const unused = { attachments: { none: {} }, signatureOf: { none: {} }, complianceOf: { none: {} }, acceptanceSignatureOf: { none: {} } };
  const stale = await db().fileBlob.findMany({ where: { createdAt: { lt: new Date(now - UNATTACHED_BLOB_TTL_MS) }, ...unused }, select: { id: true, key: true }, take: 500 });
  let purged = 0;
  for (const blob of stale) {
    const { count } = await db().fileBlob.deleteMany({ where: { id: blob.id, ...unused } });
    if (count) await storage().remove(blob.key);
    purged += count;
  }
  return purged;
}
