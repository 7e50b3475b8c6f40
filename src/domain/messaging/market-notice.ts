// What carriers hear when a job offered to pools first reaches the open market, and what the shipper
// hears when an invited tender's quote deadline passes.

import { count } from "#domain/format/count.ts";
import type { NotificationContent } from "#domain/messaging/notification-content.ts";

type Job = { jobId: number; reference: string };

/** A carrier whose saved search the job matches, now that every carrier may quote on it. */
export const marketReachedNotice = (f: Job & { searchName: string; route: string; when: string }): NotificationContent => ({
  kind: "market_reached",
  title: `Now open to all carriers, for “${f.searchName}”: ${f.reference}`,
  body: `${f.route} · ${f.when}. Offered to invited carriers first, it now takes quotes from every carrier.`,
  path: `/jobs/${f.jobId}`,
});

/** The shipper's office, at the deadline: how many quotes it has, and whether quoting has closed. */
export const quoteDeadlineNotice = (f: Job & { quotes: number; closed: boolean }): NotificationContent => ({
  kind: "quote_deadline",
  title: `Quote deadline passed: ${f.reference}`,
  body: `The quote deadline for ${f.reference} has passed: ${count(f.quotes, "quote")}${f.closed ? "; quotes are now closed" : ""}.`,
  path: `/jobs/${f.jobId}/quotes`,
});
