import { db } from "#db/client.server.ts";
import { DEFAULT_PAYMENT_TERMS_DAYS, dueDate, ukDate } from "#domain/invoices/dates.ts";
import { formatInvoiceNumber, seriesPrefix } from "#domain/invoices/numbering.ts";
import { invoiceTotals, lineVat, vatRateForLeg } from "#domain/invoices/vat.ts";
import { loadNumber } from "#domain/loads/load-number.ts";
import { logger } from "#lib/logger.server.ts";
import { partyOf } from "#models/invoices/parties.server.ts";
import { takeNextSequence } from "#models/invoices/numbering.server.ts";

// The carrier's invoice for one load, issued when the shipper's office accepts the load's proof of
// delivery (or the proof is accepted by itself): one invoice per load (weekly grouping is not built
// yet), from the load's carrier to the job's shipper. The load's price is the net amount; the VAT
// rate follows the countries of the first collection and the last delivery (vat.ts); the tax point
// is the delivery, and payment is due the job's terms (30 days when it has none) after it.

const INVOICE_SERIES = { kind: "invoice" } as const;

type Place = { city: string | null; countryCode: string | null; windowDate: Date | null };
const placeSelect = { kind: true, position: true, city: true, countryCode: true, windowDate: true } as const;

const loadSelect = {
  id: true, sequence: true, priceCents: true, carrierAccountId: true, deliveredAt: true, collectedAt: true, pickupDate: true,
  proofStatus: true,
  stops: { select: { jobLocation: { select: placeSelect } }, orderBy: { id: "asc" } },
  job: { select: { reference: true, shipperAccountId: true, paymentTermsDays: true, locations: { select: placeSelect, orderBy: { position: "asc" } } } },
} as const;

type InvoicedLoad = NonNullable<Awaited<ReturnType<typeof readLoad>>>;

const readLoad = (loadId: number) => db().load.findUnique({ where: { id: loadId }, select: loadSelect });

/** The load's first collection and last delivery: its own stops, or its job's places when it has none. */
function endsOf(load: InvoicedLoad): { from: Place | undefined; to: Place | undefined } {
  const places = load.stops.length ? load.stops.map((stop) => stop.jobLocation) : load.job.locations;
  const pickups = places.filter((place) => place.kind === "pickup");
  const deliveries = places.filter((place) => place.kind === "delivery");
  return { from: pickups[0], to: deliveries.at(-1) };
}

/** What the one line says and charges. */
function lineOf(load: InvoicedLoad, netPence: number, deliveredAt: Date) {
  const { from, to } = endsOf(load);
  const route = `${from?.city ?? "—"} → ${to?.city ?? "—"}`;
  const vatRateBp = vatRateForLeg({ collectionCountry: from?.countryCode, deliveryCountry: to?.countryCode });
  const collectionDate = load.collectedAt ?? load.pickupDate ?? from?.windowDate ?? null;
  const description = `Carriage of load ${loadNumber(load.job.reference, load.sequence)}, ${route}`;
  return { loadId: load.id, description, collectionDate, deliveryDate: deliveredAt, netPence, vatRateBp, vatPence: lineVat(netPence, vatRateBp) };
}

/** A UK calendar day as the instant stored for it: midnight UTC, as every date-only column is. */
const dayInstant = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** Only a priced, delivered load with an accepted proof, run by a carrier other than its shipper, is invoiced. */
function invoiceable(load: InvoicedLoad | null): load is InvoicedLoad & { priceCents: number; carrierAccountId: number; deliveredAt: Date } {
  return Boolean(
    load && load.proofStatus === "accepted" && load.priceCents !== null && load.deliveredAt
      && load.carrierAccountId !== null && load.carrierAccountId !== load.job.shipperAccountId,
  );
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";

/**
 * Issues the load's invoice, once: answers its id, the id of the one issued before, or null when the
 * load is not to be invoiced. The number is taken in the same transaction as the invoice is written.
 */
export async function invoiceAcceptedLoad(loadId: number, now = new Date()): Promise<number | null> {
  const issued = await db().invoiceLine.findUnique({ where: { loadId }, select: { invoiceId: true } });
  if (issued) return issued.invoiceId;
  const load = await readLoad(loadId);
  if (!invoiceable(load)) return null;
  const issuerAccountId = load.carrierAccountId;
  const customerAccountId = load.job.shipperAccountId;
  const [supplier, customer] = await Promise.all([partyOf(issuerAccountId, true), partyOf(customerAccountId, false)]);
  const line = lineOf(load, load.priceCents, load.deliveredAt);
  const totals = invoiceTotals([{ netPence: line.netPence, rateBp: line.vatRateBp }]);
  const taxPoint = load.deliveredAt;
  const due = dayInstant(dueDate(ukDate(taxPoint), load.job.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS));
  const series = seriesPrefix(INVOICE_SERIES);
  const columns = {
    issuerAccountId, customerAccountId, numberingAccountId: issuerAccountId, series, status: "issued", issueDate: now, taxPoint, dueDate: due, ...totals,
    supplier: JSON.stringify(supplier), customer: JSON.stringify(customer), createdAt: now,
  };
  try {
    return await db().$transaction(async (tx) => {
      const sequence = await takeNextSequence(tx, issuerAccountId, series);
      const number = formatInvoiceNumber(INVOICE_SERIES, sequence);
      const invoice = await tx.invoice.create({ data: { ...columns, sequence, number, lines: { create: [line] } }, select: { id: true } });
      return invoice.id;
    });
  } catch (error) {
    // Another process issued it meanwhile: its transaction, and so its number, stand; ours rolled back.
    if (!isUniqueViolation(error)) throw error;
    return (await db().invoiceLine.findUniqueOrThrow({ where: { loadId }, select: { invoiceId: true } })).invoiceId;
  }
}

/** The hook for an accepted proof, run after the acceptance committed: a failure is logged and never undoes the acceptance. */
export async function invoiceAfterAcceptance(loadId: number): Promise<void> {
  await invoiceAcceptedLoad(loadId).catch((error: unknown) => logger().error({ err: error, loadId }, "invoice for an accepted proof failed"));
}
