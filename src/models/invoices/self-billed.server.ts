import type { Prisma } from "#generated/prisma/client.ts";
import { formatInvoiceNumber, seriesPrefix } from "#domain/invoices/numbering.ts";
import { hasPendingCharges } from "#models/extra-charges/invoice-lines.server.ts";
import { figuresOf, linesOfLoad, type ReadyLoad } from "#models/invoices/lines.server.ts";
import { takeNextSequence } from "#models/invoices/numbering.server.ts";
import { partyOf } from "#models/invoices/parties.server.ts";

// A self-billed invoice (HMRC VAT Notice 700/62): under an agreement in force on the load's tax
// point, the shipper's account raises the carrier's invoice for it at once, issued and numbered in
// the shipper's series for that carrier ("SB<carrierId>"), one per load. It is still the carrier's
// supply: the carrier is the supplier (with its bank details), the shipper the customer. A load with
// an extra charge still awaiting the shipper's decision waits (an issued invoice is never edited):
// it is raised when the last charge is decided (invoiceAfterChargesDecided).

/** Raises it inside the caller's transaction: its id, or null while a charge is pending. */
export async function selfBill(tx: Prisma.TransactionClient, load: ReadyLoad, agreementId: number, now: Date): Promise<number | null> {
  if (await hasPendingCharges(tx, load.id)) return null;
  const issuerAccountId = load.carrierAccountId;
  const customerAccountId = load.job.shipperAccountId;
  const supplier = await partyOf(issuerAccountId, true, tx);
  const customer = await partyOf(customerAccountId, false, tx);
  const lines = await linesOfLoad(tx, load, supplier.vatNumber);
  const series = { kind: "self_billed", carrierId: issuerAccountId } as const;
  const prefix = seriesPrefix(series);
  const sequence = await takeNextSequence(tx, customerAccountId, prefix);
  const invoice = await tx.invoice.create({
    data: {
      issuerAccountId, customerAccountId, numberingAccountId: customerAccountId, selfBillingAgreementId: agreementId,
      series: prefix, sequence, number: formatInvoiceNumber(series, sequence), status: "issued", issueDate: now, createdAt: now, emailPending: true,
      ...figuresOf(lines, load.job.paymentTermsDays), supplier: JSON.stringify(supplier), customer: JSON.stringify(customer), lines: { create: lines },
    },
    select: { id: true },
  });
  return invoice.id;
}
