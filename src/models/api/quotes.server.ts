import { db } from "#db/client.server.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { isBidder } from "#models/quotes/access.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Quotes as the API reads them: a carrier's own, by the quote's id or on a job.

const quoteSelect = {
  id: true, jobId: true, carrierAccountId: true, valueCents: true, numberOfLoads: true, status: true, securedNow: true, updatedAt: true,
  carrierAccount: { select: { name: true } },
} as const;

/** This carrier office's quote by its id; anyone else's (or anyone not a carrier's office) is a 404. */
export async function requireOwnQuote(user: CurrentUser, id: unknown) {
  found(isBidder(user));
  return found(await db().quote.findFirst({ where: { id: recordId(id), carrierAccountId: user.accountId }, select: quoteSelect }));
}

/** The carrier's quotes on the job (none, or its one). */
export function ownQuotesOn(user: CurrentUser, jobId: number) {
  return db().quote.findMany({ where: { jobId, carrierAccountId: user.accountId }, select: quoteSelect });
}

export function quoteById(id: number) {
  return db().quote.findUniqueOrThrow({ where: { id }, select: quoteSelect });
}
