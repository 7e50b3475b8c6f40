import { dbKind } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { seriesPrefix } from "#domain/invoices/numbering.ts";
import { groupsWeekly, ukWeekOf, weekInstants } from "#domain/invoices/weekly.ts";
import { figuresOf, invoiceable, linesOfLoad, readLoad, type ReadyLoad } from "#models/invoices/lines.server.ts";
import { partyOf } from "#models/invoices/parties.server.ts";

// A carrier's draft invoice, written when a load's proof is accepted and no self-billing agreement
// is in force: the carrier's office checks it and sends it (invoices/send), which numbers it. Until
// then it has no number, the shipper does not see it, and its lines are written afresh from its
// loads whenever it changes, so they always carry the parties' current billing details and every
// approved extra charge. A shipper whose invoices are grouped weekly gets one draft per carrier per
// ISO week (UK days): a load delivered in a week that has an open draft joins it.

export const INVOICE_SERIES = { kind: "invoice" } as const;

type Tx = Prisma.TransactionClient;

/**
 * Two loads of one carrier for one shipper accepted at once must find the same week's draft: on
 * PostgreSQL the pair is locked until the transaction ends, so the second looks only after the
 * first's draft is committed. SQLite already runs one transaction at a time.
 */
async function lockPair(tx: Tx, carrierAccountId: number, shipperAccountId: number): Promise<void> {
  if (dbKind() !== "postgresql") return;
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(${carrierAccountId}::int, ${shipperAccountId}::int)) AS pair`;
}

/** The carrier's open draft to this weekly-grouped shipper for the week of the load's delivery, if any. */
async function weeklyDraftFor(tx: Tx, load: ReadyLoad): Promise<{ id: number } | null> {
  const customerAccountId = load.job.shipperAccountId;
  const details = await tx.billingDetails.findUnique({ where: { accountId: customerAccountId }, select: { invoiceGrouping: true } });
  if (!groupsWeekly(details?.invoiceGrouping)) return null;
  await lockPair(tx, load.carrierAccountId, customerAccountId);
  const { from, before } = weekInstants(ukWeekOf(load.deliveredAt));
  return tx.invoice.findFirst({
    where: { issuerAccountId: load.carrierAccountId, customerAccountId, status: "draft", selfBillingAgreementId: null, taxPoint: { gte: from, lt: before } },
    select: { id: true },
    orderBy: { id: "asc" },
  });
}

/** The loads on a draft, read again (one that can no longer be invoiced drops off). */
export async function loadsOfDraft(tx: Tx, invoiceId: number): Promise<ReadyLoad[]> {
  const lines = await tx.invoiceLine.findMany({ where: { invoiceId, loadId: { not: null } }, select: { loadId: true }, orderBy: { id: "asc" } });
  const loads: ReadyLoad[] = [];
  for (const { loadId } of lines) {
    const load = await readLoad(tx, loadId!);
    if (invoiceable(load)) loads.push(load);
  }
  return loads;
}

/** Writes the draft (a new one when `draft` is null) from these loads of one carrier for one shipper: answers its id. */
export async function writeDraft(tx: Tx, draft: { id: number } | null, loads: readonly ReadyLoad[], now: Date): Promise<number> {
  const latest = loads.reduce((a, b) => (b.deliveredAt > a.deliveredAt ? b : a));
  const issuerAccountId = latest.carrierAccountId;
  const customerAccountId = latest.job.shipperAccountId;
  const supplier = await partyOf(issuerAccountId, true, tx);
  const customer = await partyOf(customerAccountId, false, tx);
  const lines = [];
  for (const load of loads) lines.push(...(await linesOfLoad(tx, load, supplier.vatNumber)));
  const columns = { ...figuresOf(lines, latest.job.paymentTermsDays), supplier: JSON.stringify(supplier), customer: JSON.stringify(customer) };
  if (draft) {
    await tx.invoiceLine.deleteMany({ where: { invoiceId: draft.id } });
    await tx.invoice.update({ where: { id: draft.id }, data: { ...columns, lines: { create: lines } } });
    return draft.id;
  }
  const created = await tx.invoice.create({
    data: {
      issuerAccountId, customerAccountId, numberingAccountId: issuerAccountId, series: seriesPrefix(INVOICE_SERIES), status: "draft",
      issueDate: now, createdAt: now, ...columns, lines: { create: lines },
    },
    select: { id: true },
  });
  return created.id;
}

/** Puts an accepted load on a draft: the week's open one for a weekly-grouped shipper, or a new one. */
export async function draftLoad(tx: Tx, load: ReadyLoad, now: Date): Promise<number> {
  const open = await weeklyDraftFor(tx, load);
  const loads = open ? [...(await loadsOfDraft(tx, open.id)), load] : [load];
  return writeDraft(tx, open, loads, now);
}
