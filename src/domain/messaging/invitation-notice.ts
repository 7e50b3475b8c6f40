// What a carrier's office hears when a shipper offers it a job through one of its pools, before (or
// instead of) the open market. Kept apart from notification-content.ts, like the market's notices.
import { formatDateTime } from "#domain/format/dates.ts";
import type { NotificationContent } from "./notification-content.ts";

type InvitedJob = { jobId: number; reference: string; shipperName: string; route: string; when: string; quoteDeadline: Date | null };

/** "Northwind invites you to quote: NW-101", with the route, the dates and any deadline for quotes. */
export const jobInvitedNotice = (f: InvitedJob): NotificationContent => ({
  kind: "job_invited",
  title: `${f.shipperName} invites you to quote: ${f.reference}`,
  body: `${f.route} · ${f.when}${f.quoteDeadline ? ` · Quotes by ${formatDateTime(f.quoteDeadline)}` : ""}. Offered to its pools before the open market.`,
  path: `/jobs/${f.jobId}`,
});
