import { type JourneyMatched, journeyMatchDrafts } from "#models/availability/notices.server.ts";
import { invitationDrafts } from "#models/notifications/invitation-notices.server.ts";
import { marketDrafts } from "#models/notifications/market-notices.server.ts";
import { noteEmails } from "#models/notifications/email-items.server.ts";
import { deliverNotifications, type NotificationDraft } from "#models/notifications.server.ts";
import { bidderDrafts, jobDrafts, quoteDrafts, searchMatchDrafts } from "#models/notifications/job-notices.server.ts";
import { loadDrafts } from "#models/notifications/load-notices.server.ts";
import { messageDrafts } from "#models/notifications/message-notices.server.ts";
import { proofReviewDrafts } from "#models/notifications/proof-notices.server.ts";

// Which events make notices for whom. Jobs, bidding and loads call `notify(...)` where the event
// happens (right after their write commits); this turns each into stored notifications for the
// right users (job-notices, load-notices, message-notices say who hears what) and pushes them live.
export type NotifyEvent =
  | { kind: "quote_received"; jobId: number; quoteId: number }
  | { kind: "outbid"; jobId: number; carrierAccountIds: number[] }
  | { kind: "awarded"; jobId: number; carrierAccountId: number; loads: number }
  | { kind: "quote_declined"; jobId: number; carrierAccountId: number }
  | { kind: "load_assigned"; loadId: number; carrierAccountId: number }
  | { kind: "driver_assigned"; loadId: number; driverId: number | null }
  | { kind: "load_status"; loadId: number; status: string }
  | { kind: "arrived"; loadId: number; stopKind: "pickup" | "delivery"; place: string }
  /** The shipper disputed the load's proof of delivery (its latest review says why). */
  | { kind: "proof_disputed"; loadId: number }
  /** The load's proof was accepted: by the shipper, or `automatic`ally after 5 working days unreviewed. */
  | { kind: "proof_accepted"; loadId: number; automatic: boolean }
  | { kind: "auction_live"; jobId: number }
  | { kind: "auction_closed"; jobId: number }
  | { kind: "job_cancelled"; jobId: number }
  /** A job newly on the board matches these saved searches (their owners already checked by the caller). */
  | { kind: "search_match"; jobId: number; searches: { userId: number; name: string }[] }
  | { kind: "message_received"; messageId: number }
  /** A job was offered to pools these carrier companies are in (before, or instead of, the market). */
  | { kind: "job_invited"; jobId: number; carrierAccountIds: number[] }
  /** An invited job reached the open market: these saved searches match it (owners checked by the caller). */
  | { kind: "market_reached"; jobId: number; searches: { userId: number; name: string }[] }
  /** An invited tender's quote deadline passed: its shipper is told (and quotes closed if it chose so). */
  | { kind: "quote_deadline"; jobId: number }
  /** Jobs along planned empty journeys, each match recorded once (posters checked by the caller). */
  | { kind: "journey_match"; matches: JourneyMatched[] };

export async function notify(event: NotifyEvent): Promise<void> {
  const delivered = await deliverNotifications(await draftsFor(event));
  // Those still unread a while later are e-mailed (docs/email.md).
  await noteEmails(event, delivered);
}

async function draftsFor(event: NotifyEvent): Promise<NotificationDraft[]> {
  switch (event.kind) {
    case "quote_received":
      return quoteDrafts(event.quoteId);
    case "outbid":
    case "awarded":
    case "quote_declined":
      return bidderDrafts(event);
    case "auction_live":
    case "auction_closed":
    case "job_cancelled":
      return jobDrafts(event);
    case "load_assigned":
    case "driver_assigned":
    case "load_status":
    case "arrived":
      return loadDrafts(event);
    case "proof_disputed":
    case "proof_accepted":
      return proofReviewDrafts(event);
    case "message_received":
      return messageDrafts(event.messageId);
    case "search_match":
      return searchMatchDrafts(event);
    case "job_invited":
      return invitationDrafts(event);
    case "market_reached":
    case "quote_deadline":
      return marketDrafts(event);
    case "journey_match":
      return journeyMatchDrafts(event.matches);
  }
}
