import { attachmentsOf } from "#models/attachments.server.ts";
import { sendToSupport } from "#models/support-chat/sending.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// "Report a problem" on a load: a complaint, kept apart from ratings, goes to Loadline support as a
// message in the reporter's support chat (so support's inbox shows it and the answer comes back
// there), naming the load and linking the evidence chosen from the load's own files.

/** The load's files the reporter may choose as evidence. */
export const evidenceFilesOf = (load: { id: number; job: { shipperAccountId: number } }) =>
  attachmentsOf({ loadId: load.id, shipperAccountId: load.job.shipperAccountId });

/** Posts the report (its text made by the page: the load, the description, the evidence's links) to support. */
export async function reportProblem(user: CurrentUser, message: string) {
  return sendToSupport(user, { body: message });
}
