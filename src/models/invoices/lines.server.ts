import type { Prisma } from "#generated/prisma/client.ts";
import { DEFAULT_PAYMENT_TERMS_DAYS, dueDate, ukDate } from "#domain/invoices/dates.ts";
import { supplierRateBp } from "#domain/invoices/registration.ts";
import { invoiceTotals, lineVat, vatRateForLeg } from "#domain/invoices/vat.ts";
import { latestDelivery } from "#domain/invoices/weekly.ts";
import { loadNumber } from "#domain/loads/load-number.ts";
import { approvedChargeLines } from "#models/extra-charges/invoice-lines.server.ts";

// What one load puts on an invoice: a line for its carriage (its price, net) and one for each
// approved extra charge, all at the leg's VAT rate (the countries of its first collection and last
// delivery, vat.ts) unless the supplier is not VAT-registered, when no line carries VAT
// (registration.ts). Every line's tax point is the load's delivery.

type Place = { city: string | null; countryCode: string | null; windowDate: Date | null };
const placeSelect = { kind: true, position: true, city: true, countryCode: true, windowDate: true } as const;

export const loadSelect = {
  id: true, sequence: true, priceCents: true, carrierAccountId: true, deliveredAt: true, collectedAt: true, pickupDate: true,
  proofStatus: true,
  stops: { select: { jobLocation: { select: placeSelect } }, orderBy: { id: "asc" } },
  job: { select: { reference: true, shipperAccountId: true, paymentTermsDays: true, locations: { select: placeSelect, orderBy: { position: "asc" } } } },
} as const;

export type InvoicedLoad = Prisma.LoadGetPayload<{ select: typeof loadSelect }>;
export type ReadyLoad = InvoicedLoad & { priceCents: number; carrierAccountId: number; deliveredAt: Date };
export type LineData = {
  loadId?: number; extraChargeId?: number; description: string; collectionDate: Date | null; deliveryDate: Date;
  netPence: number; vatRateBp: number; vatPence: number;
};

export const readLoad = (tx: Prisma.TransactionClient, loadId: number) => tx.load.findUnique({ where: { id: loadId }, select: loadSelect });

/** Only a priced, delivered load with an accepted proof, run by a carrier other than its shipper, is invoiced. */
export function invoiceable(load: InvoicedLoad | null): load is ReadyLoad {
  return Boolean(
    load && load.proofStatus === "accepted" && load.priceCents !== null && load.deliveredAt
      && load.carrierAccountId !== null && load.carrierAccountId !== load.job.shipperAccountId,
  );
}

/** The load's first collection and last delivery: its own stops, or its job's places when it has none. */
function endsOf(load: InvoicedLoad): { from: Place | undefined; to: Place | undefined } {
  const places = load.stops.length ? load.stops.map((stop) => stop.jobLocation) : load.job.locations;
  const pickups = places.filter((place) => place.kind === "pickup");
  const deliveries = places.filter((place) => place.kind === "delivery");
  return { from: pickups[0], to: deliveries.at(-1) };
}

/** The load's lines: its carriage, then its approved extra charges; `supplierVatNumber` null for a carrier not VAT-registered. */
export async function linesOfLoad(tx: Prisma.TransactionClient, load: ReadyLoad, supplierVatNumber: string | null): Promise<LineData[]> {
  const { from, to } = endsOf(load);
  const legRate = vatRateForLeg({ collectionCountry: from?.countryCode, deliveryCountry: to?.countryCode });
  const vatRateBp = supplierRateBp(legRate, supplierVatNumber);
  const priced = (netPence: number) => ({ deliveryDate: load.deliveredAt, netPence, vatRateBp, vatPence: lineVat(netPence, vatRateBp) });
  const number = loadNumber(load.job.reference, load.sequence);
  const carriage: LineData = {
    loadId: load.id,
    description: `Carriage of load ${number}, ${from?.city ?? "—"} → ${to?.city ?? "—"}`,
    collectionDate: load.collectedAt ?? load.pickupDate ?? from?.windowDate ?? null,
    ...priced(load.priceCents),
  };
  const charges = await approvedChargeLines(tx, load.id, number);
  return [carriage, ...charges.map((charge) => ({ ...charge, collectionDate: null, ...priced(charge.netPence) }))];
}

/** A UK calendar day as the instant stored for it: midnight UTC, as every date-only column is. */
export const dayInstant = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** Totals (per-line VAT summed), the tax point (the latest delivery) and the due date (its load's job terms after it). */
export function figuresOf(lines: readonly LineData[], termsDays: number | null) {
  const totals = invoiceTotals(lines.map((line) => ({ netPence: line.netPence, rateBp: line.vatRateBp })));
  const taxPoint = latestDelivery(lines.map((line) => line.deliveryDate));
  return { ...totals, taxPoint, dueDate: dayInstant(dueDate(ukDate(taxPoint), termsDays ?? DEFAULT_PAYMENT_TERMS_DAYS)) };
}
