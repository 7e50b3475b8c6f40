import { db } from "#db/client.server.ts";
import { isoOrNull, money, moneyOrNull } from "#domain/webhooks/envelope.ts";
import type { WebhookEventName } from "#domain/webhooks/events.ts";
import { jobParts } from "#models/webhooks/payloads/jobs.server.ts";

// What each event says, read by the id of the record it is about, and who hears it: only the
// accounts party to that record. A part is one group of accounts and the data they are sent (an
// award tells each winning carrier its own quote, never another's).

export type EventPart = { accountIds: number[]; data: Record<string, unknown> };

const loadSelect = {
  id: true, jobId: true, sequence: true, status: true, carrierAccountId: true, driverId: true, vehicleId: true,
  priceCents: true, pickupDate: true, deliveryDate: true, collectedAt: true, deliveredAt: true, proofStatus: true, proofAcceptedAt: true,
  job: { select: { shipperAccountId: true, reference: true } },
} as const;

async function loadParts(loadId: number): Promise<EventPart[]> {
  const load = await db().load.findUnique({ where: { id: loadId }, select: loadSelect });
  if (!load) return [];
  const data = {
    load: {
      id: load.id, job_id: load.jobId, job_reference: load.job.reference, sequence: load.sequence, status: load.status,
      carrier_account_id: load.carrierAccountId, driver_id: load.driverId, vehicle_id: load.vehicleId, price: moneyOrNull(load.priceCents),
      pickup_date: isoOrNull(load.pickupDate), delivery_date: isoOrNull(load.deliveryDate), collected_at: isoOrNull(load.collectedAt),
      delivered_at: isoOrNull(load.deliveredAt), proof_status: load.proofStatus, proof_accepted_at: isoOrNull(load.proofAcceptedAt),
    },
  };
  return [{ accountIds: partiesOf(load.job.shipperAccountId, load.carrierAccountId), data }];
}

async function positionParts(loadId: number): Promise<EventPart[]> {
  const [load, fix] = await Promise.all([
    db().load.findUnique({ where: { id: loadId }, select: { carrierAccountId: true, job: { select: { shipperAccountId: true } } } }),
    db().loadPosition.findFirst({ where: { loadId }, orderBy: [{ recordedAt: "desc" }, { id: "desc" }] }),
  ]);
  if (!load || !fix) return [];
  const position = { latitude: fix.latitude, longitude: fix.longitude, accuracy_m: fix.accuracyM, recorded_at: fix.recordedAt.toISOString() };
  return [{ accountIds: partiesOf(load.job.shipperAccountId, load.carrierAccountId), data: { load_id: loadId, position } }];
}

async function quoteParts(quoteId: number): Promise<EventPart[]> {
  const quote = await db().quote.findUnique({ where: { id: quoteId }, include: { job: { select: { shipperAccountId: true } } } });
  if (!quote) return [];
  const data = {
    quote: {
      id: quote.id, job_id: quote.jobId, carrier_account_id: quote.carrierAccountId, status: quote.status, price_per_load: money(quote.valueCents),
      number_of_loads: quote.numberOfLoads, secured_now: quote.securedNow, created_at: quote.createdAt.toISOString(), updated_at: quote.updatedAt.toISOString(),
    },
  };
  return [{ accountIds: partiesOf(quote.job.shipperAccountId, quote.carrierAccountId), data }];
}

async function invoiceParts(invoiceId: number, event: WebhookEventName): Promise<EventPart[]> {
  const invoice = await db().invoice.findUnique({ where: { id: invoiceId } });
  // A draft is the carrier's alone and not yet an invoice: nothing is said until it is issued.
  if (!invoice || invoice.status === "draft" || (event === "invoice.paid" && !invoice.paidAt)) return [];
  const data = {
    invoice: {
      id: invoice.id, number: invoice.number, status: invoice.status, self_billed: invoice.selfBillingAgreementId !== null,
      issuer_account_id: invoice.issuerAccountId, customer_account_id: invoice.customerAccountId, issue_date: invoice.issueDate.toISOString(),
      tax_point: invoice.taxPoint.toISOString(), due_date: invoice.dueDate.toISOString(), net: money(invoice.netPence), vat: money(invoice.vatPence),
      gross: money(invoice.grossPence), paid_at: isoOrNull(invoice.paidAt), paid_reference: invoice.paidReference,
    },
  };
  return [{ accountIds: partiesOf(invoice.issuerAccountId, invoice.customerAccountId), data }];
}

const partiesOf = (...accountIds: (number | null)[]) => [...new Set(accountIds.filter((id): id is number => id !== null))];

/** The event's parts, or none when the record is gone (or not yet something to tell). */
export function eventParts(event: WebhookEventName, subjectId: number): Promise<EventPart[]> {
  switch (event) {
    case "job.published":
    case "job.awarded":
    case "job.cancelled":
      return jobParts(event, subjectId);
    case "quote.created":
    case "quote.withdrawn":
      return quoteParts(subjectId);
    case "load.position":
      return positionParts(subjectId);
    case "invoice.issued":
    case "invoice.paid":
      return invoiceParts(subjectId, event);
    default:
      return loadParts(subjectId);
  }
}

