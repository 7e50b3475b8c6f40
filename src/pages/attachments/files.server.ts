import { type AttachmentTarget, type AttachmentView, attachmentsOf, mayRemoveAttachment } from "#models/attachments.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The files section of a job or load page (views/attachments/_files.ejs), loaded as a lazy frame.

type Target = { jobId?: number | null; loadId?: number | null };

/** The page a job's or a load's files belong to: where an attachment form goes back to. */
export const targetPath = (target: Target) => (target.loadId ? `/loads/${target.loadId}` : `/jobs/${target.jobId}`);

/** The lists a job's or a load's documents and photos are shown in (uploads append to them). */
export const listIdFor = (kind: string, target: Target) =>
  (target.loadId ? `${kind}s_load_${target.loadId}` : `${kind}s_job_${target.jobId}`);

/** Everything the files section of a job or load page shows to this user. */
export async function filesFor(user: CurrentUser, target: AttachmentTarget, canAdd: boolean) {
  const all = await attachmentsOf(target);
  return {
    loadId: target.loadId,
    documents: all.filter((attachment) => attachment.kind === "document"),
    photos: all.filter((attachment) => attachment.kind === "photo"),
    documentsListId: listIdFor("document", target),
    photosListId: listIdFor("photo", target),
    attachUrl: `${targetPath(target)}/attachments`,
    canAdd,
    canRemove: (attachment: AttachmentView) =>
      mayRemoveAttachment(user, { ...attachment, shipperAccountId: target.shipperAccountId }),
  };
}
export type FilesSection = Awaited<ReturnType<typeof filesFor>>;
