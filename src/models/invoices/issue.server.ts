import { db } from "#db/client.server.ts";
import { logger } from "#lib/logger.server.ts";
import { draftLoad, loadsOfDraft, writeDraft } from "#models/invoices/drafts.server.ts";
import { invoiceable, readLoad } from "#models/invoices/lines.server.ts";
import { selfBill } from "#models/invoices/self-billed.server.ts";
import { agreementInForce } from "#models/self-billing-agreements/in-force.server.ts";
import { webhookEvent } from "#models/webhooks.server.ts";

// What an accepted proof of delivery brings (by the shipper's office, or by itself after 5 working
// days): under a self-billing agreement in force on the delivery day, the shipper's self-billed
// invoice at once (invoices/self-billed); otherwise a draft for the carrier's office to check and
// send (invoices/drafts, invoices/send). A load is on one invoice only (InvoiceLine.loadId is unique).

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";

const invoiceIdOf = async (loadId: number) => (await db().invoiceLine.findUnique({ where: { loadId }, select: { invoiceId: true } }))?.invoiceId ?? null;

/**
 * Invoices the load once: answers the id of its invoice (self-billed or draft), the one written
 * before, or null when the load is not to be invoiced (yet: a self-billed one waits for its charges).
 */
export async function invoiceAcceptedLoad(loadId: number, now = new Date()): Promise<number | null> {
  const before = await invoiceIdOf(loadId);
  if (before) return before;
  try {
    return await db().$transaction(async (tx) => {
      const load = await readLoad(tx, loadId);
      if (!invoiceable(load)) return null;
      const agreementId = await agreementInForce(tx, load.job.shipperAccountId, load.carrierAccountId, load.deliveredAt);
      return agreementId ? selfBill(tx, load, agreementId, now) : draftLoad(tx, load, now);
    });
  } catch (error) {
    // Another process invoiced it meanwhile: its transaction (and any number it took) stands; ours rolled back.
    if (!isUniqueViolation(error)) throw error;
    return invoiceIdOf(loadId);
  }
}

/** The hook for an accepted proof, run after the acceptance committed: a failure is logged and never undoes the acceptance. */
export async function invoiceAfterAcceptance(loadId: number): Promise<void> {
  const invoiceId = await invoiceAcceptedLoad(loadId).catch((error: unknown) => logger().error({ err: error, loadId }, "invoice for an accepted proof failed"));
  if (invoiceId) await webhookEvent("invoice.issued", invoiceId);
}

/** A draft's lines written again, so it shows the charges decided since (and both parties' details as they are now). */
async function refreshDraft(invoiceId: number, now: Date): Promise<void> {
  await db().$transaction(async (tx) => {
    const loads = await loadsOfDraft(tx, invoiceId);
    const draft = await tx.invoice.findFirst({ where: { id: invoiceId, status: "draft" }, select: { id: true } });
    if (draft && loads.length) await writeDraft(tx, draft, loads, now);
  });
}

/**
 * For the extra charges, once the shipper has decided the load's last pending charge (after that
 * decision committed): a self-billed invoice that waited is raised now; a draft takes the approved
 * charges as lines; an issued invoice is never edited. A failure is logged, never undoing the decision.
 */
export async function invoiceAfterChargesDecided(loadId: number, now = new Date()): Promise<void> {
  try {
    const line = await db().invoiceLine.findUnique({ where: { loadId }, select: { invoice: { select: { id: true, status: true } } } });
    // A self-billed invoice that waited for the charges is raised now: an event for its parties.
    if (!line) await invoiceAcceptedLoad(loadId, now).then((id) => (id ? webhookEvent("invoice.issued", id) : undefined));
    else if (line.invoice.status === "draft") await refreshDraft(line.invoice.id, now);
  } catch (error) {
    logger().error({ err: error, loadId }, "invoice after extra charges were decided failed");
  }
}
