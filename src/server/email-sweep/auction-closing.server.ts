import { db } from "#db/client.server.ts";
import { AUCTION_CLOSING_WINDOW_MS } from "#domain/email/kinds.ts";
import { auctionClosingLetter } from "#domain/email/letters.ts";
import { optedOut } from "#models/email-preferences.server.ts";
import { officeUsers } from "#models/team.server.ts";
import { addressee, claimEmail, deliver } from "#server/email-sweep/claims.server.ts";

// The e-mail that a live auction a carrier has bid on closes within the hour: once per auction for
// each person in the carrier's office.

const closingSoon = (now: Date) => ({
  where: { isAuction: true, status: "live", auctionClosesAt: { gt: now, lte: new Date(now.getTime() + AUCTION_CLOSING_WINDOW_MS) } },
  select: {
    id: true,
    reference: true,
    auctionClosesAt: true,
    quotes: { where: { status: "active" }, select: { carrierAccountId: true, valueCents: true, numberOfLoads: true } },
  },
}) as const;

/** Each office person of each carrier with a quote on a live auction closing within the hour, once per auction. */
export async function sendAuctionClosingEmails(now: Date, origin: string): Promise<number> {
  const jobs = await db().job.findMany(closingSoon(now));
  const bids = jobs.flatMap((job) => job.quotes.map((quote) => ({ job: { id: job.id, reference: job.reference, closesAt: job.auctionClosesAt! }, quote })));
  if (!bids.length) return 0;
  const office = await officeUsers(bids.map((bid) => bid.quote.carrierAccountId));
  const people = await db().user.findMany({ where: { id: { in: office } }, select: { id: true, name: true, email: true, accountId: true } });
  const candidates = bids.flatMap((bid) =>
    people
      .filter((person) => person.accountId === bid.quote.carrierAccountId)
      .map((person) => ({ ...bid, person, key: `auction_closing:job:${bid.job.id}:user:${person.id}` })),
  );
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
