import { db } from "#db/client.server.ts";
import { EMAIL_KIND_LABELS, EMAIL_KINDS, EMAIL_PREFERENCES_MESSAGE, emailKindsFor, tickedKinds, type EmailKind } from "#domain/email/kinds.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";
import { locateGlobalId, signGlobalId } from "#lib/global-id.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Which kinds of e-mail each person gets. Every kind is on until turned off: a row in EmailOptOut
// per kind turned off, written by the "E-mail me about" boxes on /account or by the one-click
// unsubscribe link in every such mail.

export type EmailPreference = { kind: EmailKind; label: string; hint: string; on: boolean };

export const emailKindsOf = (user: Pick<CurrentUser, "role" | "account">) => emailKindsFor({ accountKind: user.account.kind, role: user.role });

/** The kinds this person can be sent, each ticked unless turned off (or as posted, when `ticked` is given). */
export async function emailPreferencesOf(user: CurrentUser, ticked?: readonly EmailKind[]): Promise<EmailPreference[]> {
  const kinds = emailKindsOf(user);
  if (!kinds.length) return [];
  const off = ticked ? null : await turnedOff(user.id);
  return kinds.map((kind) => ({ kind, ...EMAIL_KIND_LABELS[kind], on: ticked ? ticked.includes(kind) : !off!.has(kind) }));
}

async function turnedOff(userId: number): Promise<Set<string>> {
  const rows = await db().emailOptOut.findMany({ where: { userId }, select: { kind: true } });
  return new Set(rows.map((row) => row.kind));
}

/** Saves the boxes ticked: the person's kinds not ticked are off, the rest on. 422 for a kind they cannot be sent. */
export async function saveEmailPreferences(user: CurrentUser, posted: unknown): Promise<Result<{ ticked: EmailKind[] }>> {
  const kinds = emailKindsOf(user);
  const ticked = tickedKinds(posted, kinds);
  if (!ticked) return refused({ email_kinds: EMAIL_PREFERENCES_MESSAGE });
  const off = kinds.filter((kind) => !ticked.includes(kind));
  await db().$transaction([
    db().emailOptOut.deleteMany({ where: { userId: user.id, kind: { in: ticked } } }),
    ...off.map((kind) => db().emailOptOut.upsert({ where: { userId_kind: { userId: user.id, kind } }, create: { userId: user.id, kind }, update: {} })),
  ]);
  return ok({ ticked });
}

const unsubscribePurpose = (kind: EmailKind) => `unsubscribe:${kind}`;

/** The token in a mail's unsubscribe link: a signed id of the person, for the purpose of turning off this one kind. It does not expire. */
export function unsubscribeToken(userId: number, kind: EmailKind): string {
  return signGlobalId("User", userId, unsubscribePurpose(kind));
}

/** Who and which kind an unsubscribe token names, if it is genuine and the person still exists; else null (a 404). */
export async function readUnsubscribeToken(token: unknown): Promise<{ userId: number; kind: EmailKind } | null> {
  for (const kind of EMAIL_KINDS) {
    const userId = locateGlobalId(token, "User", unsubscribePurpose(kind));
    if (userId !== null) return (await db().user.count({ where: { id: userId } })) ? { userId, kind } : null;
  }
  return null;
}

/** Turns off the one kind the token names (again is fine); null for a token that names nobody. */
export async function unsubscribe(token: unknown): Promise<{ kind: EmailKind } | null> {
  const named = await readUnsubscribeToken(token);
  if (!named) return null;
  try {
    await db().emailOptOut.upsert({ where: { userId_kind: named }, create: named, update: {} });
  } catch (error) {
    // Mail clients may post the same link twice at once: the other post turned it off.
    if ((error as { code?: unknown })?.code !== "P2002") throw error;
  }
  return { kind: named.kind };
}

/** Of these people, those who have turned this kind off. */
export async function optedOut(kind: EmailKind, userIds: readonly number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db().emailOptOut.findMany({ where: { kind, userId: { in: [...new Set(userIds)] } }, select: { userId: true } });
  return new Set(rows.map((row) => row.userId));
}
