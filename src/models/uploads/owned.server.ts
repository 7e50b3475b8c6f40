import { db } from "#db/client.server.ts";
import { storedUpload } from "#models/uploads/arrival.server.ts";
import { blobIdFrom } from "#models/uploads.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A user's own uploads, as a form names them by their signed ids: only the uploader may use a file
// (attach it, sign with it, show it as pending), and only once its bytes are stored and checked.

/**
 * The user's own stored uploads these signed ids name, in their order (null for any that names none),
 * in one query. An upload still to be checked (sent straight to a bucket) is checked now: one that is
 * not what was announced is refused with 422.
 */
export async function ownStoredBlobs(user: CurrentUser, signedIds: readonly unknown[]) {
  const ids = signedIds.map(blobIdFrom);
  const wanted = ids.filter((id): id is number => id !== null);
  const theirs = { id: { in: wanted }, uploadedById: user.id };
  const rows = wanted.length ? await db().fileBlob.findMany({ where: theirs }) : [];
  const stored = await Promise.all(rows.map(storedUpload));
  return ids.map((id) => stored.find((row) => row?.id === id) ?? null);
}

/** The user's own uploaded file a signed id names, or null (→ 404) for anything else. */
export async function ownStoredBlob(user: CurrentUser, signedId: unknown) {
  const [blob] = await ownStoredBlobs(user, [signedId]);
  return blob ?? null;
}

/** Files a refused form had uploaded (the user's own, still stored), to show them again as pending. */
export async function pendingUploads(user: CurrentUser, signedIds: readonly string[]) {
  const blobs = await ownStoredBlobs(user, signedIds);
  return blobs.flatMap((blob, i) => (blob ? [{ blob, signedId: signedIds[i]! }] : []));
}
