import { db } from "#db/client.server.ts";
import { notificationContent as content, type NotificationContent } from "#domain/messaging/notification-content.ts";
import { conversationPath } from "#domain/messaging/streams.ts";
import { routeLabel, scheduleSummary } from "#domain/jobs/summary.ts";
import { noteEmails } from "#models/notifications/email-items.server.ts";
import { deliverNotifications, type NotificationDraft } from "#models/notifications.server.ts";
import { awardWinners } from "#models/award/outcome.server.ts";

// Domain events that people should hear about. Jobs, bidding and loads call `notify(...)` where the
// event happens (right after their write commits); this turns each into stored notifications for the
// right users and pushes them live.
export type NotifyEvent =
  | { kind: "quote_received"; jobId: number; quoteId: number }
  | { kind: "outbid"; jobId: number; carrierAccountIds: number[] }
  | { kind: "awarded"; jobId: number; carrierAccountId: number; loads: number }
  | { kind: "quote_declined"; jobId: number; carrierAccountId: number }
  | { kind: "load_assigned"; loadId: number; carrierAccountId: number }
  | { kind: "driver_assigned"; loadId: number; driverId: number | null }
  | { kind: "load_status"; loadId: number; status: string }
  | { kind: "arrived"; loadId: number; stopKind: "pickup" | "delivery"; place: string }
  | { kind: "auction_live"; jobId: number }
  | { kind: "auction_closed"; jobId: number }
  | { kind: "job_cancelled"; jobId: number }
  /** A job newly on the board matches these saved searches (their owners already checked by the caller). */
  | { kind: "search_match"; jobId: number; searches: { userId: number; name: string }[] }
  | { kind: "message_received"; messageId: number };

export async function notify(event: NotifyEvent): Promise<void> {
  const delivered = await deliverNotifications(await draftsFor(event));
  // Those still unread a while later are e-mailed (docs/email.md).
  await noteEmails(event, delivered);
}

/** Office users (not drivers, not support, not removed) of these accounts: the people who act for the company. */
export async function officeUsers(accountIds: readonly number[]): Promise<number[]> {
  if (!accountIds.length) return [];
  const users = await db().user.findMany({ where: { accountId: { in: [...new Set(accountIds)] }, role: { in: ["admin", "member"] }, removedAt: null }, select: { id: true } });
  return users.map((u) => u.id);
}

const to = (userIds: readonly number[], notification: NotificationContent): NotificationDraft[] => userIds.map((userId) => ({ userId, ...notification }));

const jobFacts = (jobId: number) =>
  db().job.findUnique({ where: { id: jobId }, select: { id: true, reference: true, shipperAccountId: true, quotes: { select: { carrierAccountId: true, status: true } } } });

const loadFacts = (loadId: number) =>
  db().load.findUnique({
    where: { id: loadId },
    select: {
      id: true,
      sequence: true,
      carrierAccountId: true,
      driver: { select: { id: true, name: true } },
      carrierAccount: { select: { name: true } },
      job: { select: { id: true, reference: true, shipperAccountId: true } },
    },
  });

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
    case "message_received":
      return messageDrafts(event.messageId);
    case "search_match":
      return searchMatchDrafts(event);
  }
}

/** One notification per person, however many of their searches the job matches (named after the first). */
async function searchMatchDrafts(event: Extract<NotifyEvent, { kind: "search_match" }>): Promise<NotificationDraft[]> {
  const job = await db().job.findUnique({
    where: { id: event.jobId },
    select: { id: true, reference: true, jobType: true, startDate: true, endDate: true, frequency: true, contractDuration: true, locations: { select: { kind: true, position: true, city: true, fullAddress: true, countryCode: true, windowDate: true } } },
  });
  if (!job) return [];
  const firstSearch = new Map<number, string>();
  for (const search of event.searches) if (!firstSearch.has(search.userId)) firstSearch.set(search.userId, search.name);
  const facts = { jobId: job.id, reference: job.reference, route: routeLabel(job.locations), when: scheduleSummary(job) };
  return [...firstSearch].map(([userId, searchName]) => ({ userId, ...content.searchMatch({ ...facts, searchName }) }));
}

async function quoteDrafts(quoteId: number): Promise<NotificationDraft[]> {
  const quote = await db().quote.findUnique({
    where: { id: quoteId },
    select: { valueCents: true, numberOfLoads: true, carrierAccount: { select: { name: true } }, job: { select: { id: true, reference: true, shipperAccountId: true } } },
  });
  if (!quote) return [];
  const facts = { jobId: quote.job.id, reference: quote.job.reference, carrierName: quote.carrierAccount.name, valueCents: quote.valueCents, numberOfLoads: quote.numberOfLoads };
  return to(await officeUsers([quote.job.shipperAccountId]), content.quoteReceived(facts));
}

/** What one carrier (or several) hear about their own quote. */
async function bidderDrafts(event: Extract<NotifyEvent, { kind: "outbid" | "awarded" | "quote_declined" }>): Promise<NotificationDraft[]> {
  const job = await jobFacts(event.jobId);
  if (!job) return [];
  const facts = { jobId: job.id, reference: job.reference };
  if (event.kind === "outbid") return to(await officeUsers(event.carrierAccountIds), content.outbid(facts));
  if (event.kind === "awarded") return to(await officeUsers([event.carrierAccountId]), content.awarded({ ...facts, loads: event.loads }));
  return to(await officeUsers([event.carrierAccountId]), content.quoteDeclined(facts));
}

/** What everyone bidding on a job hears when the job itself changes. */
async function jobDrafts(event: Extract<NotifyEvent, { kind: "auction_live" | "auction_closed" | "job_cancelled" }>): Promise<NotificationDraft[]> {
  const job = await jobFacts(event.jobId);
  if (!job) return [];
  const facts = { jobId: job.id, reference: job.reference };
  const bidders = job.quotes.filter((q) => q.status !== "withdrawn").map((q) => q.carrierAccountId);
  if (event.kind === "job_cancelled") return to(await officeUsers(bidders), content.jobCancelled(facts));
  if (event.kind === "auction_live") return to(await officeUsers([job.shipperAccountId, ...bidders]), content.auctionLive(facts));
  // The shipper hears the outcome (who won, at what price, what next); the bidders that it ended.
  const shipper = content.auctionResult({ ...facts, winners: await awardWinners(job.id) });
  return [...to(await officeUsers([job.shipperAccountId]), shipper), ...to(await officeUsers(bidders), content.auctionClosed(facts))];
}

async function loadDrafts(event: Extract<NotifyEvent, { loadId: number }>): Promise<NotificationDraft[]> {
  const load = await loadFacts(event.loadId);
  if (!load) return [];
  const facts = { jobId: load.job.id, reference: load.job.reference, loadId: load.id, sequence: load.sequence };
  if (event.kind === "load_assigned") return to(await officeUsers([event.carrierAccountId]), content.loadAssigned(facts));
  if (event.kind === "driver_assigned") {
    if (!load.driver || event.driverId === null) return [];
    const shipper = content.driverAssignedToShipper({ ...facts, driverName: load.driver.name, carrierName: load.carrierAccount?.name ?? "The carrier" });
    return [...to([load.driver.id], content.driverAssignedToDriver(facts)), ...to(await officeUsers([load.job.shipperAccountId]), shipper)];
  }
  // Both sides wait to hear the lorry is there: the shipper's office and the carrier's.
  if (event.kind === "arrived") {
    const arrived = content.arrived({ ...facts, stopKind: event.stopKind, place: event.place, driverName: load.driver?.name ?? "The driver" });
    return to(await officeUsers([load.job.shipperAccountId, ...(load.carrierAccountId ? [load.carrierAccountId] : [])]), arrived);
  }
  // Drivers and the carrier's office move a load along; the shipper is the one waiting to hear.
  const recipients = event.status === "cancelled" ? [load.job.shipperAccountId, ...(load.carrierAccountId ? [load.carrierAccountId] : [])] : [load.job.shipperAccountId];
  const driver = event.status === "cancelled" && load.driver ? [load.driver.id] : [];
  return to([...(await officeUsers(recipients)), ...driver], content.loadStatus({ ...facts, status: event.status }));
}

async function messageDrafts(messageId: number): Promise<NotificationDraft[]> {
  const message = await db().message.findUnique({
    where: { id: messageId },
    select: {
      body: true,
      jobId: true,
      loadId: true,
      fromAccountId: true,
      toAccountId: true,
      fromUser: { select: { name: true } },
      fromAccount: { select: { name: true, kind: true } },
      job: { select: { reference: true } },
      load: { select: { sequence: true, driverId: true, carrierAccountId: true } },
    },
  });
  if (!message) return [];
  const carrierAccountId = message.fromAccount.kind === "carrier" ? message.fromAccountId : message.toAccountId;
  const path = conversationPath(message.loadId !== null ? { kind: "load", loadId: message.loadId } : { kind: "job", jobId: message.jobId, carrierAccountId });
  const about = message.load ? `load ${message.load.sequence} of ${message.job.reference}` : message.job.reference;
  const notification = content.message({ senderName: message.fromUser.name, senderAccountName: message.fromAccount.name, about, body: message.body, path });
  const driver = message.load?.driverId && message.load.carrierAccountId === message.toAccountId ? [message.load.driverId] : [];
  return to([...(await officeUsers([message.toAccountId])), ...driver], notification).map((draft) => ({ ...draft, messageId }));
}
