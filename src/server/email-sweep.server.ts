import { db } from "#db/client.server.ts";
import { lockRow } from "#db/row-lock.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { AUCTION_CLOSING_WINDOW_MS, EMAIL_MAX_AGE_MS, emailKindsFor, isEmailKind, quotesEmailDue, type EmailKind } from "#domain/email/kinds.ts";
import { auctionClosingLetter, type Addressee, type Letter } from "#domain/email/letters.ts";
import { logger } from "#lib/logger.server.ts";
import { sendMail } from "#lib/mailer.server.ts";
import { letterFor, type NotedItem } from "#pages/email-letters.server.ts";
import { optedOut, unsubscribeToken } from "#models/email-preferences.server.ts";
import { officeUsers } from "#models/team.server.ts";

// The due-mail sweep: every process runs it every minute (src/server/start.server.ts), and each
// e-mail still goes out once. Before sending, a run records the e-mail as a SentEmail row whose
// `key` is unique (and, for notifications, stamps the items it carries), in one transaction holding
// the person's row: a second run, in this process or another, finds the key taken or the items
// stamped and sends nothing. A send that fails deletes its row again, so the next run retries it.
// The rules (what falls due when) are in src/domain/email/kinds.ts; docs/email.md tells the whole story.

/** Sends every e-mail due at `now`, links on `origin`; answers how many it sent. */
export async function sendDueEmails(now: Date, origin: string): Promise<number> {
  const fromNotifications = await sendNotificationEmails(now, origin);
  return fromNotifications + (await sendAuctionClosingEmails(now, origin));
}

type Recipient = { id: number; name: string; email: string };

function addressee(person: Recipient, kind: EmailKind, origin: string): Addressee {
  const base = origin.replace(/\/+$/, "");
  return { name: person.name, origin: base, kind, unsubscribeUrl: `${base}/unsubscribe/${unsubscribeToken(person.id, kind)}` };
}

// ── Notifications still unread ─────────────────────────────────────────────────────────────

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

async function sendNotificationEmails(now: Date, origin: string): Promise<number> {
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

// ── Auctions closing within the hour ─────────────────────────────────────────────────────

/** Each office person of each carrier with a quote on a live auction closing within the hour, once per auction. */
async function sendAuctionClosingEmails(now: Date, origin: string): Promise<number> {
  const jobs = await db().job.findMany({
    where: { isAuction: true, status: "live", auctionClosesAt: { gt: now, lte: new Date(now.getTime() + AUCTION_CLOSING_WINDOW_MS) } },
    select: { id: true, reference: true, auctionClosesAt: true, quotes: { where: { status: "active" }, select: { carrierAccountId: true, valueCents: true, numberOfLoads: true } } },
  });
  const bids = jobs.flatMap((job) => job.quotes.map((quote) => ({ job: { id: job.id, reference: job.reference, closesAt: job.auctionClosesAt! }, quote })));
  if (!bids.length) return 0;
  const people = await db().user.findMany({ where: { id: { in: await officeUsers(bids.map((bid) => bid.quote.carrierAccountId)) } }, select: { id: true, name: true, email: true, accountId: true } });
  const candidates = bids.flatMap((bid) => people.filter((person) => person.accountId === bid.quote.carrierAccountId).map((person) => ({ ...bid, person, key: `auction_closing:job:${bid.job.id}:user:${person.id}` })));
  const [taken, off] = await Promise.all([
    db().sentEmail.findMany({ where: { key: { in: candidates.map((c) => c.key) } }, select: { key: true } }),
    optedOut("auction_closing", people.map((person) => person.id)),
  ]);
  const sentKeys = new Set(taken.map((row) => row.key));
  let sent = 0;
  for (const { job, quote, person, key } of candidates.filter((c) => !sentKeys.has(c.key) && !off.has(c.person.id))) {
    const to = addressee(person, "auction_closing", origin);
    const emailId = await claimEmail({ userId: person.id, kind: "auction_closing", topic: `job:${job.id}`, key, itemIds: [] }, now);
    if (emailId !== null && (await deliver(emailId, person, to, auctionClosingLetter(to, job, quote)))) sent += 1;
  }
  return sent;
}

// ── Claiming and sending ─────────────────────────────────────────────────────────────────

type Claim = { userId: number; kind: EmailKind; topic: string; key: string; itemIds: number[] };

/** Another run stamped one of the items first. */
class TakenMeanwhile extends Error {}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";

/**
 * Records the e-mail before it is sent, holding the person's row: still wanted (the kind on, the
 * kind's own limit allows it), its key not taken, and every item still unstamped and unread. Answers
 * the SentEmail's id, or null when this run must not send it (another run has, or it is no longer due).
 */
async function claimEmail(claim: Claim, now: Date, mayGoNow?: (tx: Prisma.TransactionClient) => Promise<boolean>): Promise<number | null> {
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
async function deliver(emailId: number, person: Recipient, to: Addressee, letter: Letter): Promise<boolean> {
  try {
    await sendMail({ to: person.email, ...letter, headers: { "List-Unsubscribe": `<${to.unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } });
    return true;
  } catch (err) {
    await db().$transaction([db().emailItem.updateMany({ where: { emailId }, data: { emailId: null } }), db().sentEmail.delete({ where: { id: emailId } })]);
    logger().error({ err, to: person.email, kind: to.kind }, "sending an e-mail failed");
    return false;
  }
}
