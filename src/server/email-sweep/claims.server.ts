import { db } from "#db/client.server.ts";
import { lockRow } from "#db/row-lock.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import type { EmailKind } from "#domain/email/kinds.ts";
import type { Addressee, Letter } from "#domain/email/letters.ts";
import { logger } from "#lib/logger.server.ts";
import { sendMail } from "#lib/mailer.server.ts";
import { unsubscribeToken } from "#models/email-preferences.server.ts";

// Sending one e-mail exactly once: it is claimed first (a SentEmail row whose key is unique, and the
// items it carries stamped), then sent; a failed send releases the claim for the next run.

export type Recipient = { id: number; name: string; email: string };

export function addressee(person: Recipient, kind: EmailKind, origin: string): Addressee {
  const base = origin.replace(/\/+$/, "");
  return { name: person.name, origin: base, kind, unsubscribeUrl: `${base}/unsubscribe/${unsubscribeToken(person.id, kind)}` };
}

export type Claim = { userId: number; kind: EmailKind; topic: string; key: string; itemIds: number[] };

/** Another run stamped one of the items first. */
class TakenMeanwhile extends Error {}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";

/**
 * Records the e-mail before it is sent, holding the person's row: still wanted (the kind on, the
 * kind's own limit allows it), its key not taken, and every item still unstamped and unread. Answers
 * the SentEmail's id, or null when this run must not send it (another run has, or it is no longer due).
 */
export async function claimEmail(claim: Claim, now: Date, mayGoNow?: (tx: Prisma.TransactionClient) => Promise<boolean>): Promise<number | null> {
  try {
    return await db().$transaction(async (tx) => {
      await lockRow(tx, "User", claim.userId);
      if (await tx.emailOptOut.count({ where: { userId: claim.userId, kind: claim.kind } })) return null;
      if (mayGoNow && !(await mayGoNow(tx))) return null;
      const email = await tx.sentEmail.create({ data: { key: claim.key, userId: claim.userId, kind: claim.kind, topic: claim.topic, sentAt: now }, select: { id: true } });
      if (claim.itemIds.length) {
        const { count } = await tx.emailItem.updateMany({ where: { id: { in: claim.itemIds }, emailId: null, notification: { readAt: null } }, data: { emailId: email.id } });
        if (count !== claim.itemIds.length) throw new TakenMeanwhile();
      }
      return email.id;
    });
  } catch (error) {
    if (error instanceof TakenMeanwhile || isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Sends a claimed e-mail with its one-click unsubscribe (RFC 8058); a failed send releases the claim for the next run. */
export async function deliver(emailId: number, person: Recipient, to: Addressee, letter: Letter): Promise<boolean> {
  try {
    await sendMail({ to: person.email, ...letter, headers: { "List-Unsubscribe": `<${to.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } });
    return true;
  } catch (err) {
    await db().$transaction([db().emailItem.updateMany({ where: { emailId }, data: { emailId: null } }), db().sentEmail.delete({ where: { id: emailId } })]);
    logger().error({ err, to: person.email, kind: to.kind }, "sending an e-mail failed");
    return false;
  }
}
