import { db } from "#db/client.server.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { ok, refusedBase, type Result } from "#lib/result.server.ts";
import { storage } from "#lib/storage.server.ts";
import { audit } from "#models/audit.server.ts";
import { requireViewableJob } from "#models/jobs.server.ts";
import { requireLoadFor } from "#models/loads.server.ts";
import { ownStoredBlob } from "#models/uploads/owned.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { inOfficeOf } from "#domain/accounts/team.ts";

// Files attached to a job (by its shipper) or to a load (by the shipper, the load's carrier and its
// driver). Whoever may see the job or the load may see and download its files; a file's uploader,
// and the job's shipper, may remove it.

/** What an attachment hangs on: a job or a load, as the viewer was allowed to see it. */
export type AttachmentTarget =
  | { jobId: number; loadId?: undefined; shipperAccountId: number }
  | { loadId: number; jobId?: undefined; shipperAccountId: number };

const attachmentSelect = {
  id: true,
  kind: true,
  jobId: true,
  loadId: true,
  addedById: true,
  proofId: true,
  createdAt: true,
  addedBy: { select: { name: true } },
  blob: { select: { key: true, filename: true, contentType: true, byteSize: true, width: true, height: true } },
} as const;

/** Which column names the record an attachment hangs on. */
const hangsOn = (target: Pick<AttachmentTarget, "jobId" | "loadId">) =>
  (target.loadId ? { loadId: target.loadId } : { jobId: target.jobId });

/** The files of a job or a load, oldest first. */
export function attachmentsOf(target: AttachmentTarget) {
  return db().attachment.findMany({ where: hangsOn(target), select: attachmentSelect, orderBy: { id: "asc" } });
}
export type AttachmentView = Awaited<ReturnType<typeof attachmentsOf>>[number];

/**
 * Attaches the user's uploaded file to the target. null when the signed id does not name a stored
 * file of this user (→ 404); attaching the same file again answers the attachment it already has.
 */
export async function attach(
  user: CurrentUser, target: AttachmentTarget, signedId: unknown,
): Promise<Result<{ attachment: AttachmentView }> | null> {
  const blob = await ownStoredBlob(user, signedId);
  if (!blob) return null;
  if (blob.use === "signature") return refusedBase("A signature is added with the proof of delivery");
  const where = { blobId: blob.id, ...hangsOn(target) };
  const existing = await db().attachment.findFirst({ where, select: attachmentSelect });
  if (existing) return ok({ attachment: existing });
  const taken = await db().attachment.count({ where: { blobId: blob.id } });
  if (taken) return refusedBase("This file is already attached elsewhere", 409);
  const data = { ...where, kind: blob.use, addedById: user.id };
  const attachment = await db().attachment.create({ data, select: attachmentSelect });
  return ok({ attachment });
}

/** The attachment if this user may see what it hangs on; otherwise 404, exactly as if it did not exist. */
export async function requireAttachmentFor(user: CurrentUser, id: unknown) {
  const attachment = found(await db().attachment.findUnique({ where: { id: recordId(id) }, select: attachmentSelect }));
  const shipperAccountId = attachment.loadId
    ? (await requireLoadFor(user, attachment.loadId)).job.shipperAccountId
    : (await requireViewableJob(user, attachment.jobId)).shipperAccountId;
  return { ...attachment, shipperAccountId };
}

type FoundAttachment = Awaited<ReturnType<typeof requireAttachmentFor>>;

type Removable = Pick<FoundAttachment, "addedById" | "shipperAccountId" | "proofId">;

const KEPT_FOR_GOOD = "A proof-of-delivery photo is kept for good. Add another photo if this one is wrong.";

/**
 * Why this user may not remove the file, or null if they may: a file's uploader may remove it, and so
 * may the job's shipper, but a photo that is part of a proof of delivery is evidence and is kept for
 * good (a wrong photo is answered with another, never a deletion).
 */
export function whyNotRemovable(user: CurrentUser, attachment: Removable): string | null {
  if (attachment.proofId !== null) return KEPT_FOR_GOOD;
  const mayRemove = attachment.addedById === user.id || inOfficeOf("shipper", attachment.shipperAccountId, user);
  return mayRemove ? null : "Only whoever added a file, or the job's shipper, can remove it";
}

export const mayRemoveAttachment = (user: CurrentUser, attachment: Removable) =>
  whyNotRemovable(user, attachment) === null;

/**
 * Removes a file (the caller has checked `mayRemoveAttachment`), and its bytes once nothing else uses
 * them. Audited.
 */
export async function removeAttachment(user: CurrentUser, attachment: FoundAttachment): Promise<void> {
  // Never a proof's photo, whoever asks: the condition is part of the delete itself.
  const removed = await db().attachment.deleteMany({ where: { id: attachment.id, proofId: null } });
  if (removed.count) {
    const { id: attachmentId, jobId, loadId, blob } = attachment;
    const details = { attachmentId, jobId, loadId, filename: blob.filename };
    await audit("attachment.removed", user.id, attachment.addedById, details);
    const others = await db().attachment.count({ where: { blob: { key: attachment.blob.key } } });
    if (!others) {
      await db().fileBlob.deleteMany({ where: { key: attachment.blob.key } });
      await storage().remove(attachment.blob.key);
    }
  }
}
