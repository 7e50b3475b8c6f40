import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { db } from "#db/client.server.ts";
import { SNIFF_BYTES, sniffedType } from "#domain/files/uploads.ts";
import { HttpError } from "#lib/errors.server.ts";
import { md5Hasher } from "#lib/md5-hasher.server.ts";
import { ok, refusedBase, type Result } from "#lib/result.server.ts";
import { openToken } from "#lib/sealed-token.server.ts";
import { storage } from "#lib/storage.server.ts";
import { imageSizeOf } from "#lib/thumbnails.server.ts";
import { UPLOAD_URL, type BlobRow } from "#models/uploads.server.ts";

// A file's bytes arriving: by our own PUT, streamed to storage while hashed; or straight to a bucket,
// checked when the file is first used. Either way a file is kept only if it is exactly what was
// announced (length, type by the first bytes, MD5).

class TooLong extends Error {}

/** Counts, hashes (on the hashing thread) and keeps the first bytes of what passes; fails past `limit` bytes. */
function inspector(limit: number) {
  const md5 = md5Hasher();
  const seen = { bytes: 0, head: Buffer.alloc(0) };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen.bytes += chunk.length;
      if (seen.bytes > limit) return done(new TooLong());
      const wanted = SNIFF_BYTES - seen.head.length;
      if (wanted > 0) seen.head = Buffer.concat([seen.head, chunk.subarray(0, wanted)]);
      md5.update(chunk).then(() => done(null, chunk), done);
    },
  });
  return { stream, seen, checksum: () => md5.digest(), close: () => md5.close() };
}

type Arrived = { bytes: number; head: Uint8Array; checksum: string | null };

/**
 * What is wrong with the bytes that arrived for a blob (checked in this order), or null when they are
 * exactly what was announced.
 */
function arrivalProblem(blob: BlobRow, arrived: Arrived): string | null {
  if (arrived.bytes !== blob.byteSize) return "The file is not the announced size";
  if (sniffedType(arrived.head) !== blob.contentType) return `The file is not ${blob.contentType}`;
  if (arrived.checksum !== blob.checksum) return "The file's checksum does not match";
  return null;
}

/** Records that the blob's bytes are stored and right, with a picture's size for the gallery. */
async function markStored<T extends BlobRow>(blob: T): Promise<T> {
  const size = await imageSizeOf(blob);
  const stored = { storedAt: new Date(), width: size?.width ?? null, height: size?.height ?? null };
  await db().fileBlob.update({ where: { id: blob.id }, data: stored });
  return { ...blob, ...stored };
}

/**
 * Receives the bytes of an announced file. null when the URL names nothing to upload (bad, tampered
 * or expired token, or a file already stored; with a bucket, the bytes go there and never here): the
 * route answers 404. A refusal keeps nothing.
 */
type PutHeaders = { contentType?: string; contentLength?: string };

export async function storeUpload(token: string, body: Readable, headers: PutHeaders): Promise<Result | null> {
  const id = openToken(UPLOAD_URL, token);
  const awaited = typeof id === "number" && !storage().direct;
  const blob = awaited ? await db().fileBlob.findFirst({ where: { id, storedAt: null } }) : null;
  if (!blob) return null;
  if (headers.contentType !== blob.contentType) return refusedBase(`Send the file as ${blob.contentType}`);
  if (headers.contentLength !== undefined && Number(headers.contentLength) !== blob.byteSize) {
    return refusedBase("The file is not the announced size");
  }
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
  const problem = arrivalProblem(blob, { ...seen.seen, checksum: await seen.checksum() });
  if (problem) {
    await place.discard();
    return refusedBase(problem);
  }
  await place.keep();
  await markStored(blob);
  return ok();
}

/** The first bytes of a stored file, enough to tell its type. */
async function headOf(key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of storage().read(key, { start: 0, end: SNIFF_BYTES - 1 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The blob if its bytes are stored, or null. A file PUT straight to the bucket has not passed through
 * us, so the first time it is used the bucket's size and MD5 and the type of its first bytes are held
 * to the announcement by the same rules as our own PUT: a file that is not what was announced is
 * refused (422) and its bytes removed.
 */
export async function storedUpload<T extends BlobRow>(blob: T): Promise<T | null> {
  if (blob.storedAt) return blob;
  const direct = storage().direct;
  // On disk only our own PUT stores a file, and it has checked it already.
  if (!direct) return null;
  const arrived = await direct.describe(blob.key);
  if (!arrived) return null;
  const head = arrived.size === blob.byteSize ? await headOf(blob.key) : Buffer.alloc(0);
  const problem = arrivalProblem(blob, { bytes: arrived.size, head, checksum: arrived.checksum });
  if (problem) {
    await storage().remove(blob.key);
    throw new HttpError(422, problem);
  }
  return markStored(blob);
}
