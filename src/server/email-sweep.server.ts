import { sendAuctionClosingEmails } from "#server/email-sweep/auction-closing.server.ts";
import { sendInvoiceEmails } from "#server/email-sweep/invoices.server.ts";
import { sendNotificationEmails } from "#server/email-sweep/notification-emails.server.ts";

// The due-mail sweep: every process runs it every minute (src/server/start.server.ts), and each
// e-mail still goes out once. Before sending, a run records the e-mail as a SentEmail row whose
// `key` is unique (and, for notifications, stamps the items it carries), in one transaction holding
// the person's row: a second run, in this process or another, finds the key taken or the items
// stamped and sends nothing. A send that fails deletes its row again, so the next run retries it.
// The rules (what falls due when) are in src/domain/email/kinds.ts; docs/email.md tells the whole story.

/** Sends every e-mail due at `now`, links on `origin`; answers how many it sent. */
export async function sendDueEmails(now: Date, origin: string): Promise<number> {
  const fromNotifications = await sendNotificationEmails(now, origin);
  const fromAuctions = await sendAuctionClosingEmails(now, origin);
  // Issued invoices, each with its PDF, to the invoice e-mail address of the company that receives it.
  return fromNotifications + fromAuctions + (await sendInvoiceEmails(now, origin));
}
