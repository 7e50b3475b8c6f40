import { db } from "#db/client.server.ts";
import { handoverWarnings } from "#domain/loads/handover-checks.ts";
import { positionOf } from "#domain/loads/handover-input.ts";
import type { ProofInput } from "#domain/loads/proof-of-delivery.ts";
import { canTransition } from "#domain/loads/status.ts";
import { found } from "#lib/errors.server.ts";
import { ok, refused, refusedBase, warned, type Result, type Warned } from "#lib/result.server.ts";
import { ownStoredBlobs } from "#models/uploads/owned.server.ts";
import { actorOf } from "#models/loads/access.server.ts";
import { afterStatusChange } from "#models/loads/status-changes.server.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import { placeNearOrNone } from "#geo/nearest-place.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A load becomes delivered only with its proof: the recipient's name, the driver's photos and/or the
// recipient's signature (uploads of this user, not attached anywhere yet), the time, and the phone's
// position if it gave one. The proof's photos become the load's photos. A phone more than 5 miles
// from every delivery point is asked again (src/domain/loads/handover-checks.ts), not refused.

/** Fresh uploads of this user for this use, or null when any signed id does not name one. */
async function freshUploads(user: CurrentUser, signedIds: readonly string[], use: string) {
  if (!signedIds.length) return [];
  const blobs = await ownStoredBlobs(user, signedIds);
  if (blobs.some((blob) => !blob || blob.use !== use)) return null;
  const taken = await db().attachment.count({ where: { blobId: { in: blobs.map((blob) => blob!.id) } } });
  return taken ? null : blobs.map((blob) => blob!);
}

/** The delivery points of the load, where its driver's phone should be when the goods are handed over. */
export const deliverySites = (load: LoadDetail) =>
  load.stops
    .filter((stop) => stop.jobLocation.kind === "delivery")
    .map(({ jobLocation: { latitude, longitude } }) => ({ latitude, longitude }));

export async function recordDelivery(user: CurrentUser, load: LoadDetail, input: ProofInput): Promise<Result | Warned> {
  if (!canTransition(load.status, "delivered", actorOf(user))) {
    return refusedBase("This load cannot be marked delivered now");
  }
  // Only the driver's phone is with the goods; an office recording the delivery is wherever the office is.
  const position = actorOf(user) === "driver" ? positionOf(input) : null;
  const warnings = input.confirmed ? [] : handoverWarnings({ step: "delivery", position, sites: deliverySites(load) });
  if (warnings.length) return warned(warnings);
  const signatureIds = input.signature_signed_id ? [input.signature_signed_id] : [];
  const [signature] = (await freshUploads(user, signatureIds, "signature")) ?? [null];
  if (input.signature_signed_id && !signature) return refused({ signature: "Draw the signature again" });
  const photos = await freshUploads(user, input.blob_signed_ids, "photo");
  if (!photos) return refused({ photos: "Add the photos again" });
  const deliveredAt = new Date();
  const outcome = await db().$transaction(async (tx) => {
    const where = { id: load.id, status: load.status };
    // The proof now awaits the shipper's review (loads/proof-review); a load its own fleet ran has none.
    const proofStatus = load.carrierAccountId === load.job.shipperAccountId ? null : "awaiting_review";
    const { count } = await tx.load.updateMany({ where, data: { status: "delivered", deliveredAt, proofStatus } });
    if (!count) return refusedBase("This load changed meanwhile; please reload and try again", 409);
    const proof = await tx.proofOfDelivery.create({
      data: {
        loadId: load.id,
        recipientName: input.recipient_name,
        deliveredAt,
        latitude: position?.latitude ?? null,
        longitude: position?.longitude ?? null,
        signatureBlobId: signature?.id ?? null,
        recordedById: user.id,
      },
    });
    const photo = { loadId: load.id, kind: "photo", addedById: user.id, proofId: proof.id };
    await tx.attachment.createMany({ data: photos.map(({ id }) => ({ ...photo, blobId: id })) });
    return ok();
  });
  if (outcome.ok) await afterStatusChange(load, "delivered");
  return outcome;
}

const proofSelect = {
  id: true,
  recipientName: true,
  deliveredAt: true,
  latitude: true,
  longitude: true,
  recordedBy: { select: { name: true } },
  signature: { select: { key: true, contentType: true } },
  photos: {
    select: { id: true, blob: { select: { key: true, contentType: true, filename: true } } },
    orderBy: { id: "asc" },
  },
} as const;

/** The load's proof of delivery, if it has one. */
export function proofOf(loadId: number) {
  return db().proofOfDelivery.findUnique({ where: { loadId }, select: proofSelect });
}
export type Proof = NonNullable<Awaited<ReturnType<typeof proofOf>>>;

export async function requireProof(loadId: number): Promise<Proof> {
  return found(await proofOf(loadId));
}

/**
 * The proof as its page and its PDF show it: where the driver's phone was, as the nearest known town
 * ("" when it did not say).
 */
export async function withPlace(proof: Proof): Promise<Proof & { place: string }> {
  return { ...proof, place: await placeNearOrNone(proof) };
}
