// What each notification says and where it leads. Titles are short enough for a native tab badge
// and a card header; bodies are plain text (escaped when rendered).
import { count } from "#domain/format/count.ts";
import { formatMoney } from "#domain/format/money.ts";
import { auctionOutcomeText, type AwardWinner } from "#domain/bidding/award-outcome.ts";

export type NotificationKind =
  | "quote_received"
  | "outbid"
  | "awarded"
  | "quote_declined"
  | "load_assigned"
  | "driver_assigned"
  | "load_status"
  | "arrived"
  | "proof_disputed"
  | "proof_accepted"
  | "extra_charge_added"
  | "extra_charge_decided"
  | "invoice_overdue"
  | "auction_live"
  | "auction_closed"
  | "job_cancelled"
  | "document_expiring"
  | "search_match"
  | "call_off"
  | "message"
  | "self_billing"
  | "rating_received"
  | "rating_revealed"
  | "rating_hidden"
  | "market_reached"
  | "quote_deadline"
  | "job_invited"
  | "journey_match";

export type NotificationContent = { kind: NotificationKind; title: string; body: string; path: string | null };

type Job = { jobId: number; reference: string };
type Load = Job & { loadId: number; sequence: number };

const loads = (n: number) => count(n, "load");
const loadName = (load: Load) => `load ${load.sequence} of ${load.reference}`;
const SNIPPET_LENGTH = 140;
const auctionResultHeadline = (winners: readonly AwardWinner[]) =>
  winners.length === 0 ? "Auction closed without a winner" : winners.length === 1 ? `Auction won by ${winners[0]!.carrierName}` : `Auction won by ${count(winners.length, "carrier")}`;

export function snippet(text: string, length = SNIPPET_LENGTH): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1).trimEnd()}…` : flat;
}

export const notificationContent = {
  quoteReceived: (f: Job & { carrierName: string; valueCents: number; numberOfLoads: number }): NotificationContent => ({
    kind: "quote_received",
    title: `New quote on ${f.reference}`,
    body: `${f.carrierName} quoted ${formatMoney(f.valueCents)} per load for ${loads(f.numberOfLoads)}.`,
    path: `/jobs/${f.jobId}/quotes`,
  }),
  outbid: (f: Job): NotificationContent => ({
    kind: "outbid",
    title: `You have been outbid on ${f.reference}`,
    body: "Cheaper quotes now take the loads you were winning. Lower your price to get back in.",
    path: `/jobs/${f.jobId}`,
  }),
  awarded: (f: Job & { loads: number }): NotificationContent => ({
    kind: "awarded",
    title: `You won ${loads(f.loads)} on ${f.reference}`,
    body: "The shipper has awarded the job. Assign drivers to your new loads.",
    path: "/loads",
  }),
  quoteDeclined: (f: Job): NotificationContent => ({
    kind: "quote_declined",
    title: `Your quote on ${f.reference} was not accepted`,
    body: "The job has been awarded to other carriers.",
    path: `/jobs/${f.jobId}`,
  }),
  loadAssigned: (f: Load): NotificationContent => ({
    kind: "load_assigned",
    title: `New load: ${loadName(f)}`,
    body: "The shipper has assigned this load to your company.",
    path: `/loads/${f.loadId}`,
  }),
  driverAssignedToDriver: (f: Load): NotificationContent => ({
    kind: "driver_assigned",
    title: `You are driving ${loadName(f)}`,
    body: "Check the collection and delivery details before you set off.",
    path: `/loads/${f.loadId}`,
  }),
  driverAssignedToShipper: (f: Load & { driverName: string; carrierName: string }): NotificationContent => ({
    kind: "driver_assigned",
    title: `Driver assigned to ${loadName(f)}`,
    body: `${f.carrierName} has put ${f.driverName} on this load.`,
    path: `/loads/${f.loadId}`,
  }),
  loadStatus: (f: Load & { status: string }): NotificationContent => ({
    kind: "load_status",
    title: `${loadName(f).replace(/^l/, "L")} is ${f.status.replaceAll("_", " ")}`,
    body: "",
    path: `/loads/${f.loadId}`,
  }),
  /** The driver's position came within the arrival radius of a stop. */
  arrived: (f: Load & { stopKind: "pickup" | "delivery"; place: string; driverName: string }): NotificationContent => ({
    kind: "arrived",
    title: `${loadName(f).replace(/^l/, "L")}: arrived at ${f.stopKind === "pickup" ? "collection" : "delivery"}`,
    body: `${f.driverName} has arrived at ${f.place.replace(/^(Collection|Delivery): /, "")}.`,
    path: `/loads/${f.loadId}`,
  }),
  /** The shipper disputed the proof of delivery: the carrier's office answers with a message or a photo. */
  proofDisputed: (f: Load & { shipperName: string; reason: string; note: string | null }): NotificationContent => ({
    kind: "proof_disputed",
    title: `Proof disputed: ${loadName(f)}`,
    body: snippet(`${f.shipperName} disputed the proof of delivery: ${f.reason}${f.note ? ` — ${f.note}` : ""}. Reply in the load's messages or add a photo.`),
    path: `/loads/${f.loadId}`,
  }),
  /** The proof of delivery was accepted, by the shipper or by itself after 5 working days unreviewed. */
  proofAccepted: (f: Load & { shipperName: string; automatic: boolean }): NotificationContent => ({
    kind: "proof_accepted",
    title: `Proof accepted: ${loadName(f)}`,
    body: f.automatic
      ? "Nobody reviewed it within 5 working days of the delivery, so it was accepted by itself."
      : `${f.shipperName} accepted the proof of delivery.`,
    path: `/loads/${f.loadId}`,
  }),
  documentExpiring: (f: { label: string; daysLeft: number; expiresOn: string }): NotificationContent => ({
    kind: "document_expiring",
    title: f.daysLeft === 0 ? `${f.label} expires today` : `${f.label} expires in ${count(f.daysLeft, "day")}`,
    body: `It runs out on ${f.expiresOn}. Add the renewed one on your account page so shippers keep seeing your documents as current.`,
    path: "/account#compliance",
  }),
  auctionLive: (f: Job): NotificationContent => ({
    kind: "auction_live",
    title: `Auction live: ${f.reference}`,
    body: "Bidding is open now.",
    path: `/jobs/${f.jobId}`,
  }),
  /** What the bidders hear when an auction ends; each also hears whether its own quote won. */
  auctionClosed: (f: Job): NotificationContent => ({
    kind: "auction_closed",
    title: `Auction closed: ${f.reference}`,
    body: "Bidding has ended.",
    path: `/jobs/${f.jobId}`,
  }),
  /** What the shipper hears when its auction ends: who won, how many loads at what price, and what next. */
  auctionResult: (f: Job & { winners: readonly AwardWinner[] }): NotificationContent => ({
    kind: "auction_closed",
    title: `${auctionResultHeadline(f.winners)}: ${f.reference}`,
    body: auctionOutcomeText(f.winners),
    path: `/jobs/${f.jobId}`,
  }),
  jobCancelled: (f: Job): NotificationContent => ({
    kind: "job_cancelled",
    title: `${f.reference} was cancelled`,
    body: "The shipper has cancelled this job.",
    path: `/jobs/${f.jobId}`,
  }),
  /** A newly published job matches one of the carrier's saved searches. */
  searchMatch: (f: Job & { searchName: string; route: string; when: string }): NotificationContent => ({
    kind: "search_match",
    title: `New job for “${f.searchName}”: ${f.reference}`,
    body: `${f.route} · ${f.when}`,
    path: `/jobs/${f.jobId}`,
  }),
  /** A finished month of a contract whose call-offs ran more than 20% above or below its estimate. */
  callOff: (f: Job & { month: string; label: string; estimate: number; calledOff: number; deviationPercent: number | null }): NotificationContent => ({
    kind: "call_off",
    title: `${f.reference}: ${f.label} ${f.calledOff > f.estimate ? "above" : "below"} estimate`,
    body: `${loads(f.calledOff)} called off against an estimate of ${f.estimate}${f.deviationPercent === null ? "" : ` (${f.deviationPercent > 0 ? "+" : ""}${f.deviationPercent}%)`}.`,
    // Names the job and the month: how the monthly check knows it has already told everyone.
    path: `/jobs/${f.jobId}#call-offs-${f.month}`,
  }),
  message: (f: { senderName: string; senderAccountName: string; about: string; body: string; path: string }): NotificationContent => ({
    kind: "message",
    title: `${f.senderName} (${f.senderAccountName}) about ${f.about}`,
    body: snippet(f.body),
    path: f.path,
  }),
};
