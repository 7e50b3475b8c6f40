import { db } from "#db/client.server.ts";
import { invoiceTotals } from "#domain/invoices/vat.ts";
import type { Parties } from "../invoices/invoice-fixtures.ts";

// An issued invoice from the carrier to the shipper, written straight to the database (as issuing
// leaves it: numbered in the carrier's INV series, the parties' details copied), so the credit note,
// overdue and days-to-pay tests do not depend on how invoices come to be issued.

export type InvoiceOverrides = {
  lines?: { netPence: number; vatRateBp: number; description?: string }[];
  taxPoint?: Date;
  dueDate?: Date;
  issueDate?: Date;
  status?: string;
  paidAt?: Date | null;
};

const SUPPLIER = { legalName: "Pennine Haulage Ltd", address: "9 Moor Road\nHalifax\nHX1 1AB", companyNumber: "07654321", vatNumber: "GB987654321", invoiceEmail: "invoices@pennine.example", sortCode: "401234", accountNumber: "12345678", bankDetailsChangedAt: null };
const CUSTOMER = { legalName: "Crunch Foods Ltd", address: "1 Crisp Lane\nLeeds\nLS1 1AA", companyNumber: "01234567", vatNumber: "GB111222333", invoiceEmail: "accounts@crunch.example" };

/** £1,234.57 + £246.91 VAT = £1,481.48 by default, delivered 24 November 2026, due 14 days later. */
export async function issuedInvoice(parties: Parties, overrides: InvoiceOverrides = {}) {
  const lines = (overrides.lines ?? [{ netPence: 123_457, vatRateBp: 2000 }]).map((line, index) => {
    const totals = invoiceTotals([{ netPence: line.netPence, rateBp: line.vatRateBp }]);
    return { description: line.description ?? `Carriage of load ${index + 1}`, deliveryDate: new Date("2026-11-24T14:05:00Z"), netPence: line.netPence, vatRateBp: line.vatRateBp, vatPence: totals.vatPence };
  });
  const totals = invoiceTotals(lines.map((line) => ({ netPence: line.netPence, rateBp: line.vatRateBp })));
  const issuerAccountId = parties.carrier.accountId;
  const sequence = (await db().invoice.count({ where: { numberingAccountId: issuerAccountId, series: "INV" } })) + 1;
  return db().invoice.create({
    data: {
      issuerAccountId, customerAccountId: parties.shipper.accountId, numberingAccountId: issuerAccountId, series: "INV", sequence,
      number: `INV-${String(sequence).padStart(6, "0")}`, status: overrides.status ?? "issued",
      issueDate: overrides.issueDate ?? new Date("2026-11-25T09:00:00Z"), taxPoint: overrides.taxPoint ?? new Date("2026-11-24T14:05:00Z"),
      dueDate: overrides.dueDate ?? new Date("2026-12-08T00:00:00Z"), ...totals, paidAt: overrides.paidAt ?? null,
      supplier: JSON.stringify(SUPPLIER), customer: JSON.stringify(CUSTOMER), lines: { create: lines },
    },
  });
}
