// The kinds of e-mail Loadline sends to people who are not on the page, who may choose each one, and
// when each falls due. Pure, so the preferences form, the sweep that sends and the tests read the
// same rules. Every kind is on until the person turns it off (on /account, or by a mail's
// one-click unsubscribe).

import { isOfficeOf } from "#domain/accounts/team.ts";

export const EMAIL_KINDS = ["quotes", "awards", "invitations", "auction_closing", "deliveries", "messages"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const isEmailKind = (value: unknown): value is EmailKind => (EMAIL_KINDS as readonly unknown[]).includes(value);

/**
 * How each kind is named: `label` on the preferences form (and in each mail's footer), `hint` under
 * it, `about` in a sentence ("We will no longer e-mail you about …").
 */
export const EMAIL_KIND_LABELS: Record<EmailKind, { label: string; hint: string; about: string }> = {
  quotes: { label: "New quotes on my jobs", hint: "At most one e-mail an hour for each job, listing the quotes since the last one.", about: "new quotes on your jobs" },
  awards: { label: "Quotes won and lost", hint: "When a shipper awards a job you quoted on.", about: "quotes you won or lost" },
  invitations: { label: "Jobs offered to my pools", hint: "When a shipper offers a job to a pool your company is in.", about: "jobs offered to your pools" },
  auction_closing: { label: "Auctions I quoted on closing within the hour", hint: "Once per auction.", about: "auctions you quoted on closing within the hour" },
  deliveries: { label: "Deliveries", hint: "Who received the load and when, with a link to its proof of delivery.", about: "deliveries" },
  messages: {
    label: "Unread messages",
    hint: "When a message has waited 15 minutes unread: one e-mail for the conversation until you read it.",
    about: "unread messages",
  },
};

export type Person = { accountKind: string; role: string };

/**
 * The kinds a person can be sent: a shipper's office hears about quotes and deliveries, a carrier's
 * office about awards, jobs offered to its pools and closing auctions, and everyone who talks on loads (drivers too) about
 * unread messages. Support staff get none of these.
 */
export function emailKindsFor(person: Person): EmailKind[] {
  const onAccount = { role: person.role, account: { kind: person.accountKind } };
  if (isOfficeOf("shipper", onAccount)) return ["quotes", "deliveries", "messages"];
  if (isOfficeOf("carrier", onAccount)) return ["awards", "invitations", "auction_closing", "messages"];
  if (person.accountKind === "carrier" && person.role === "driver") return ["messages"];
  return [];
}

const MINUTE = 60_000;

/** A notification still unread this long after it arrived is e-mailed: long enough that someone on the page has seen it. */
export const UNREAD_FOR_MS = 15 * MINUTE;
/** New quotes on one job are e-mailed to a person at most once in this long. */
export const QUOTES_EMAIL_INTERVAL_MS = 60 * MINUTE;
/** Carriers with a quote on an auction hear when it closes within this long. */
export const AUCTION_CLOSING_WINDOW_MS = 60 * MINUTE;
/** Nothing that happened longer ago than this is e-mailed (after an outage, or a kind turned back on): it is old news. */
export const EMAIL_MAX_AGE_MS = 24 * 60 * MINUTE;

/** The next mail about new quotes on a job may go once an hour has passed since the last (or at once when there was none). */
export function quotesEmailDue(lastSentAt: Date | null, now: Date): boolean {
  return lastSentAt === null || now.getTime() - lastSentAt.getTime() >= QUOTES_EMAIL_INTERVAL_MS;
}

/** An auction closes within the hour: still open at `now`, closing no later than an hour from it. */
export function closingWithinTheHour(closesAt: Date, now: Date): boolean {
  const left = closesAt.getTime() - now.getTime();
  return left > 0 && left <= AUCTION_CLOSING_WINDOW_MS;
}

export const EMAIL_PREFERENCES_MESSAGE = "Choose only from the kinds of e-mail listed";

/**
 * The kinds ticked on the preferences form (`email_kinds`, one value per box; the form also sends an
 * empty value, so no box ticked still arrives as that). Null when anything else arrives: nothing at
 * all, a kind this person cannot be sent, an unknown one, or a value that is not a list of names.
 */
export function tickedKinds(posted: unknown, available: readonly EmailKind[]): EmailKind[] | null {
  const values = typeof posted === "string" ? [posted] : posted;
  if (!Array.isArray(values) || values.length > EMAIL_KINDS.length + 1) return null;
  const ticked = values.filter((value) => value !== "");
  if (!ticked.every((value): value is EmailKind => isEmailKind(value) && available.includes(value))) return null;
  return available.filter((kind) => ticked.includes(kind));
}
