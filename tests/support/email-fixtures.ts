import { sendDueEmails } from "#server/email-sweep.server.ts";
import type { Letter } from "./outbox.ts";

// E-mails to people away from the page (docs/email.md): the sweep run at a chosen moment, as every
// process's timer runs it, with links on a known origin.

export const ORIGIN = "https://loadline.example";
const MINUTE = 60_000;

/** A moment `minutes` from now: 16 is just past the 15 minutes a notification waits unread. */
export const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
export const minutesAfter = (start: Date, minutes: number) => new Date(start.getTime() + minutes * MINUTE);

/** One run of the due-mail sweep at `at`; answers how many e-mails it sent. */
export const sweep = (at: Date) => sendDueEmails(at, ORIGIN);

/** The path of the letter's one-click unsubscribe link, from its List-Unsubscribe header (`<https://…/unsubscribe/TOKEN>`). */
export function unsubscribePath(letter: Letter): string {
  const url = /^<(https:\/\/[^>]+)>$/.exec(letter.headers["list-unsubscribe"] ?? "")?.[1];
  if (!url) throw new Error(`No List-Unsubscribe header in “${letter.subject}”`);
  return new URL(url).pathname;
}
