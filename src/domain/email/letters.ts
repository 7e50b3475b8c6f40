// What each e-mail to someone away from the page says. Plain text; money in GBP and times for
// Europe/London, formatted as the pages format them. Every letter ends with the same footer: why it
// came and how to stop that kind with one click.

import { count } from "#domain/format/count.ts";
import { formatDateTime } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { snippet } from "#domain/messaging/notification-content.ts";
import { EMAIL_KIND_LABELS, type EmailKind } from "./kinds.ts";

export type Letter = { subject: string; text: string };
/** Where the letter's links lead and who it greets; `unsubscribeUrl` turns off this letter's kind. */
export type Addressee = { name: string; origin: string; kind: EmailKind; unsubscribeUrl: string };

const trimmed = (origin: string) => origin.replace(/\/+$/, "");

function letter(to: Addressee, subject: string, lines: string): Letter {
  const { label } = EMAIL_KIND_LABELS[to.kind];
  const footer =
    `--\nYou get this e-mail because “${label}” is ticked under “E-mail me about” on your account.\n` +
    `Stop these e-mails: ${to.unsubscribeUrl}\nChoose what we e-mail you about: ${trimmed(to.origin)}/account\n`;
  return { subject, text: `Hello ${to.name},\n\n${lines}\n${footer}` };
}

export type QuoteLine = { carrierName: string; valueCents: number; numberOfLoads: number; withdrawn: boolean };

/** New quotes on one of the shipper's jobs, each once, at its price now. */
export function quotesLetter(to: Addressee, job: { id: number; reference: string }, quotes: readonly QuoteLine[]): Letter {
  const lines = quotes.map((q) => `- ${q.carrierName}: ${formatMoney(q.valueCents)} per load for ${count(q.numberOfLoads, "load")}${q.withdrawn ? " (since withdrawn)" : ""}`);
  const howMany = count(quotes.length, "new quote");
  return letter(
    to,
    `${howMany} on ${job.reference}`,
    `${job.reference} has ${howMany} since we last wrote:\n\n${lines.join("\n")}\n\n` +
      `Compare the quotes and award the job: ${trimmed(to.origin)}/jobs/${job.id}/quotes\n` +
      `We send at most one of these e-mails an hour for each job.\n`,
  );
}

/** A notification told again by e-mail (an award won or lost, a job offered to the carrier's pools): its own words, and where it leads. */
export function noticeLetter(to: Addressee, notification: { title: string; body: string; path: string | null }): Letter {
  const link = `${trimmed(to.origin)}${notification.path ?? "/notifications"}`;
  return letter(to, notification.title, `${notification.title}.\n${notification.body}\n\n${link}\n`);
}

/** An auction the carrier quoted on closes within the hour. */
export function auctionClosingLetter(to: Addressee, job: { id: number; reference: string; closesAt: Date }, quote: { valueCents: number; numberOfLoads: number }): Letter {
  return letter(
    to,
    `Auction closing within the hour: ${job.reference}`,
    `The auction for ${job.reference} closes at ${formatDateTime(job.closesAt)} (UK time).\n` +
      `Your quote: ${formatMoney(quote.valueCents)} per load for ${count(quote.numberOfLoads, "load")}.\n\n` +
      `See where you stand, and lower your price if you want more loads: ${trimmed(to.origin)}/jobs/${job.id}\n`,
  );
}

/** A load delivered, with who received it, when, and links to the load and its proof of delivery. */
export function deliveryLetter(to: Addressee, load: { id: number; sequence: number; reference: string }, proof: { recipientName: string; deliveredAt: Date }): Letter {
  const origin = trimmed(to.origin);
  const name = `load ${load.sequence} of ${load.reference}`;
  return letter(
    to,
    `Delivered: ${name}`,
    `${name.replace(/^l/, "L")} was delivered on ${formatDateTime(proof.deliveredAt)} and received by ${proof.recipientName}.\n\n` +
      `The load: ${origin}/loads/${load.id}\nProof of delivery (PDF): ${origin}/loads/${load.id}/proof-of-delivery.pdf\n`,
  );
}

export type MessageLine = { senderName: string; senderAccountName: string; sentAt: Date; body: string };
/** A long message is cut here in the mail; the conversation has it whole. */
const MESSAGE_LENGTH = 500;

/** The unread messages of one conversation, oldest first. */
export function messagesLetter(to: Addressee, conversation: { about: string; path: string }, messages: readonly MessageLine[]): Letter {
  const lines = messages.map((m) => `${m.senderName} (${m.senderAccountName}), ${formatDateTime(m.sentAt)}:\n${snippet(m.body, MESSAGE_LENGTH)}\n`);
  const howMany = count(messages.length, "unread message");
  return letter(
    to,
    `${howMany} about ${conversation.about}`,
    `You have ${howMany} about ${conversation.about}:\n\n${lines.join("\n")}\nRead and reply: ${trimmed(to.origin)}${conversation.path}\n`,
  );
}
