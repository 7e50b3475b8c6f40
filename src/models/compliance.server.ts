import { db } from "#db/client.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import type { z } from "zod";
import { COMPLIANCE_LABELS, daysUntil, reminderDue, standingOf, type COMPLIANCE_SCHEMAS, type ComplianceKind, type Standing } from "#domain/compliance/documents.ts";
import { formatDate } from "#domain/format/dates.ts";
import { notificationContent } from "#domain/messaging/notification-content.ts";
import { found } from "#lib/errors.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";
import { ownStoredBlob } from "#models/uploads/owned.server.ts";
import { deliverNotifications } from "#models/notifications.server.ts";
import { officeUsers } from "#models/team.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A carrier's operator licence and goods-in-transit insurance: kept by its office on the account
// page, shown to shippers as one badge on the carrier's quotes, and reminded 30 and 7 days before
// each expiry. Reminders are stamped on the document, so a restart neither loses nor repeats one.

const documentSelect = {
  id: true,
  kind: true,
  reference: true,
  licenceType: true,
  coverPence: true,
  expiresOn: true,
  blob: { select: { filename: true } },
} as const;

/** The account's documents, by kind. */
export async function complianceOf(accountId: number) {
  const documents = await db().complianceDocument.findMany({ where: { accountId }, select: documentSelect });
  return Object.fromEntries(documents.map((document) => [document.kind, document])) as Partial<Record<ComplianceKind, (typeof documents)[number]>>;
}

type Input<K extends ComplianceKind> = z.output<(typeof COMPLIANCE_SCHEMAS)[K]>;

/** Saves one of the carrier office's documents (a new expiry date starts its reminders afresh). */
export async function saveComplianceDocument<K extends ComplianceKind>(user: CurrentUser, kind: K, input: Input<K>): Promise<Result> {
  found(isOfficeOf("carrier", user));
  const certificate = input.certificate_signed_id ? await ownStoredBlob(user, input.certificate_signed_id) : null;
  if (input.certificate_signed_id && certificate?.use !== "document") return refused({ certificate: "Upload the certificate again" });
  const fields = {
    reference: input.reference,
    licenceType: "licence_type" in input ? input.licence_type : null,
    coverPence: "cover" in input ? input.cover * 100 : null,
    expiresOn: input.expires_on,
    updatedById: user.id,
    ...(certificate ? { blobId: certificate.id } : {}),
  };
  const current = await db().complianceDocument.findUnique({ where: { accountId_kind: { accountId: user.accountId, kind } }, select: { expiresOn: true } });
  const renewed = current?.expiresOn.getTime() !== input.expires_on.getTime() ? { reminded30At: null, reminded7At: null } : {};
  await db().complianceDocument.upsert({
    where: { accountId_kind: { accountId: user.accountId, kind } },
    create: { accountId: user.accountId, kind, ...fields },
    update: { ...fields, ...renewed },
  });
  return ok();
}

/** Each carrier account's standing (all its documents in date?), in one query. */
export async function standingsOf(accountIds: readonly number[], now = new Date()): Promise<Map<number, Standing>> {
  const documents = accountIds.length ? await db().complianceDocument.findMany({ where: { accountId: { in: [...accountIds] } }, select: { accountId: true, kind: true, expiresOn: true } }) : [];
  return new Map(accountIds.map((accountId) => [accountId, standingOf(documents.filter((document) => document.accountId === accountId), now)]));
}

/** Sends the reminders that are due (30 and 7 days before each expiry) to the carrier's office. */
export async function sendExpiryReminders(now = new Date()): Promise<number> {
  const soon = await db().complianceDocument.findMany({
    where: { expiresOn: { gte: new Date(now.getTime() - 86_400_000), lte: new Date(now.getTime() + 31 * 86_400_000) } },
    select: { id: true, accountId: true, kind: true, expiresOn: true, reminded30At: true, reminded7At: true },
  });
  let sent = 0;
  for (const document of soon) {
    const due = reminderDue(document, now);
    if (!due) continue;
    // Stamped first (only if still unstamped), so two processes cannot both send it.
    const stamp = due === 30 ? { reminded30At: now } : { reminded7At: now };
    const { count } = await db().complianceDocument.updateMany({ where: { id: document.id, [due === 30 ? "reminded30At" : "reminded7At"]: null }, data: stamp });
    if (!count) continue;
    const content = notificationContent.documentExpiring({
      label: COMPLIANCE_LABELS[document.kind as ComplianceKind],
      daysLeft: daysUntil(document.expiresOn, now),
      expiresOn: formatDate(document.expiresOn),
    });
    await deliverNotifications((await officeUsers([document.accountId])).map((userId) => ({ userId, ...content })));
    sent += 1;
  }
  return sent;
}
