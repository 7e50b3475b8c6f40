import { jobStream, quotesStream } from "#domain/messaging/streams.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { logger } from "#lib/logger.server.ts";
import { refreshStream } from "#lib/turbo.server.ts";
import { type NotifyEvent, notify } from "#models/notifications/notify.server.ts";

// What a write tells others once it has committed: people hear of it (notifications) and their open
// pages refresh. Sent only after the commit, so nobody is told of a write that was rolled back; and
// the write is already made, so a failure here never undoes it.

/** Sends events after their write has committed; one failing listener never undoes or blocks the write. */
export async function notifyAll(events: readonly NotifyEvent[]): Promise<void> {
  const results = await Promise.allSettled(events.map((event) => notify(event)));
  for (const result of results) {
    if (result.status === "rejected") logger().error({ err: result.reason }, "notify failed");
  }
}

/**
 * Refreshes the open "My quotes" pages of these carrier accounts (each follows its quotesStream).
 * Sent after the write has committed, like notifications; without a cable it does nothing.
 */
export async function refreshQuotesPages(accountIds: Iterable<number>): Promise<void> {
  await Promise.all([...new Set(accountIds)].map((accountId) => broadcastTo(quotesStream(accountId), refreshStream())));
}

/**
 * Refreshes every open page of the job (the job page and its quotes pages, whoever's they are):
 * its quotes, auction or award changed. Sent after the write has committed.
 */
export async function refreshJobPages(jobId: number): Promise<void> {
  await broadcastTo(jobStream(jobId), refreshStream());
}
