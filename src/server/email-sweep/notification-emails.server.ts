import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { EMAIL_MAX_AGE_MS, emailKindsFor, isEmailKind, quotesEmailDue, type EmailKind } from "#domain/email/kinds.ts";
import { letterFor, type NotedItem } from "#pages/email-letters.server.ts";
import { addressee, claimEmail, deliver, type Recipient } from "#server/email-sweep/claims.server.ts";

// The e-mails about notifications still unread: noted items (EmailItem) fall due a while after
// their notification; those that one e-mail may cover together go together.

const pendingSelect = {
  id: true, userId: true, kind: true, topic: true, jobId: true, loadId: true, quoteId: true, messageId: true, dueAt: true,
  notification: { select: { title: true, body: true, path: true } },
  user: { select: { id: true, name: true, email: true, role: true, account: { select: { kind: true } } } },
} as const satisfies Prisma.EmailItemSelect;

type Pending = Prisma.EmailItemGetPayload<{ select: typeof pendingSelect }> & NotedItem;
type Group = { userId: number; kind: EmailKind; topic: string; user: Recipient; items: Pending[] };

/** Quotes on a job and messages in a conversation are e-mailed together; every other item alone. */
const GROUPED: readonly EmailKind[] = ["quotes", "messages"];

const since = (now: Date) => new Date(now.getTime() - EMAIL_MAX_AGE_MS);

export async function sendNotificationEmails(now: Date, origin: string): Promise<number> {
  let sent = 0;
  for (const group of await dueGroups(now)) if (await sendGroup(group, now, origin)) sent += 1;
  return sent;
}

/**
 * Items not yet e-mailed whose notification (and message) is still unread, of people still on their
 * account who can be sent that kind and have not turned it off, grouped by what one e-mail covers:
 * a group is due once any of its items is.
 */
async function dueGroups(now: Date): Promise<Group[]> {
  const items = await db().emailItem.findMany({
    where: { emailId: null, createdAt: { gte: since(now) }, notification: { readAt: null }, user: { removedAt: null } },
    select: pendingSelect,
    orderBy: { id: "asc" },
  });
  if (!items.length) return [];
  const [off, read] = await Promise.all([turnedOff(items.map((item) => item.userId)), readMessages(items)]);
  const groups = new Map<string, Group>();
  for (const item of items) {
    const { user, kind } = item;
    if (!isEmailKind(kind) || !emailKindsFor({ accountKind: user.account.kind, role: user.role }).includes(kind)) continue;
    if (off.has(`${user.id} ${kind}`) || (item.messageId !== null && read.has(item.messageId))) continue;
    const key = GROUPED.includes(kind) ? `${user.id} ${kind} ${item.topic}` : `item ${item.id}`;
    const group = groups.get(key) ?? { userId: user.id, kind, topic: item.topic, user, items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()].filter((group) => group.items.some((item) => item.dueAt <= now));
}

async function turnedOff(userIds: number[]): Promise<Set<string>> {
  const rows = await db().emailOptOut.findMany({ where: { userId: { in: [...new Set(userIds)] } }, select: { userId: true, kind: true } });
  return new Set(rows.map((row) => `${row.userId} ${row.kind}`));
}

/** Of the items' messages, those read in the app (by anyone on the receiving account: `readAt` is its receipt). */
async function readMessages(items: { messageId: number | null }[]): Promise<Set<number>> {
  const ids = items.flatMap((item) => (item.messageId === null ? [] : [item.messageId]));
  if (!ids.length) return new Set();
  const rows = await db().message.findMany({ where: { id: { in: [...new Set(ids)] }, readAt: { not: null } }, select: { id: true } });
  return new Set(rows.map((row) => row.id));
}

async function sendGroup(group: Group, now: Date, origin: string): Promise<boolean> {
  if (group.kind === "messages") {
    const burst = await openBurst(db(), group, now);
    // Still unread since the conversation's last e-mail: these messages join it, and no new e-mail goes.
    if (burst !== null) return joinBurst(group, burst);
  } else if (!(await mayGo(db(), group, now))) return false;
  const to = addressee(group.user, group.kind, origin);
  const letter = await letterFor(group.kind, group.items, to);
  if (!letter) return false;
  const claim = { userId: group.userId, kind: group.kind, topic: group.topic, key: `${group.kind}:item:${group.items[0]!.id}`, itemIds: group.items.map((item) => item.id) };
  const emailId = await claimEmail(claim, now, (tx) => mayGo(tx, group, now));
  return emailId !== null && deliver(emailId, group.user, to, letter);
}

/** The kinds' own limits, checked again inside the claim: one e-mail an hour per job's quotes, one per burst of a conversation. */
async function mayGo(tx: Prisma.TransactionClient, group: Group, now: Date): Promise<boolean> {
  if (group.kind === "messages") return (await openBurst(tx, group, now)) === null;
  if (group.kind !== "quotes") return true;
  const last = await tx.sentEmail.findFirst({ where: { userId: group.userId, kind: "quotes", topic: group.topic }, orderBy: { sentAt: "desc" }, select: { sentAt: true } });
  return quotesEmailDue(last?.sentAt ?? null, now);
}

/**
 * The conversation's last e-mail to this person, if any of the messages it carried is still unread:
 * a burst goes on until they read it (or it is a day old). Null when a new burst may be e-mailed.
 */
async function openBurst(client: Prisma.TransactionClient, group: Group, now: Date): Promise<number | null> {
  const carried = await client.emailItem.findMany({
    where: { userId: group.userId, kind: "messages", topic: group.topic, emailId: { not: null }, createdAt: { gte: since(now) }, notification: { readAt: null } },
    select: { emailId: true, messageId: true },
  });
  if (!carried.length) return null;
  const unread = await client.message.findFirst({ where: { id: { in: carried.map((item) => item.messageId!) }, readAt: null }, select: { id: true } });
  return unread ? carried.find((item) => item.messageId === unread.id)!.emailId : null;
}

async function joinBurst(group: Group, emailId: number): Promise<false> {
  await db().emailItem.updateMany({ where: { id: { in: group.items.map((item) => item.id) }, emailId: null }, data: { emailId } });
  return false;
}
