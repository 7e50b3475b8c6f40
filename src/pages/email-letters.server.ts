import { db } from "#db/client.server.ts";
import type { EmailKind } from "#domain/email/kinds.ts";
import { deliveryLetter, messagesLetter, noticeLetter, quotesLetter, type Addressee, type Letter } from "#domain/email/letters.ts";

// The facts each e-mail about notifications states, read as they are when it is sent: a quote at
// its price now, the proof of delivery as recorded, the messages still unread.

/** What the sweep knows of a noted notification (an EmailItem). */
export type NotedItem = {
  id: number;
  jobId: number | null;
  loadId: number | null;
  quoteId: number | null;
  messageId: number | null;
  notification: { title: string; body: string; path: string | null };
};

/** The letter for these items of one kind (one item, or one job's quotes, or one conversation's messages); null when what they were about is gone. */
export function letterFor(kind: EmailKind, items: readonly NotedItem[], to: Addressee): Promise<Letter | null> {
  switch (kind) {
    case "quotes":
      return quotesLetterFor(items, to);
    case "awards":
    case "invitations":
      return Promise.resolve(noticeLetter(to, items[0]!.notification));
    case "deliveries":
      return deliveryLetterFor(items[0]!, to);
    case "messages":
      return messagesLetterFor(items, to);
    case "auction_closing":
      return Promise.resolve(null);
  }
}

const idsOf = (values: readonly (number | null)[]) => [...new Set(values.filter((value): value is number => value !== null))];

/**
 * Each quote once, in the order they arrived, at its price now. Carriers are named as the shipper's
 * quotes page names them (`quotesForShipper`): by their company name.
 */
async function quotesLetterFor(items: readonly NotedItem[], to: Addressee): Promise<Letter | null> {
  const ids = idsOf(items.map((item) => item.quoteId));
  const quotes = await db().quote.findMany({
    where: { id: { in: ids } },
    select: { id: true, valueCents: true, numberOfLoads: true, status: true, carrierAccount: { select: { name: true } }, job: { select: { id: true, reference: true } } },
  });
  const byId = new Map(quotes.map((quote) => [quote.id, quote]));
  const lines = ids.flatMap((id) => {
    const quote = byId.get(id);
    return quote ? [{ carrierName: quote.carrierAccount.name, valueCents: quote.valueCents, numberOfLoads: quote.numberOfLoads, withdrawn: quote.status === "withdrawn" }] : [];
  });
  return quotes[0] ? quotesLetter(to, quotes[0].job, lines) : null;
}

async function deliveryLetterFor(item: NotedItem, to: Addressee): Promise<Letter | null> {
  const load = item.loadId
    ? await db().load.findUnique({ where: { id: item.loadId }, select: { id: true, sequence: true, job: { select: { reference: true } }, proof: { select: { recipientName: true, deliveredAt: true } } } })
    : null;
  return load?.proof ? deliveryLetter(to, { id: load.id, sequence: load.sequence, reference: load.job.reference }, load.proof) : null;
}

async function messagesLetterFor(items: readonly NotedItem[], to: Addressee): Promise<Letter | null> {
  const messages = await db().message.findMany({
    where: { id: { in: idsOf(items.map((item) => item.messageId)) } },
    select: { body: true, createdAt: true, fromUser: { select: { name: true } }, fromAccount: { select: { name: true } }, job: { select: { reference: true } }, load: { select: { sequence: true } } },
    orderBy: { id: "asc" },
  });
  const first = messages[0];
  if (!first) return null;
  // Named as the in-app notification names it (notify.server.ts).
  const about = first.load ? `load ${first.load.sequence} of ${first.job.reference}` : first.job.reference;
  const lines = messages.map((m) => ({ senderName: m.fromUser.name, senderAccountName: m.fromAccount.name, sentAt: m.createdAt, body: m.body }));
  return messagesLetter(to, { about, path: items[0]!.notification.path ?? "/messages" }, lines);
}
