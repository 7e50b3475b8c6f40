import { z } from "zod";
import { Instant, MoneySchema, PagingQuery, day, iso, money, pageOf } from "./common.ts";
import { responseSchema } from "./registry.ts";

// Invoices through the API: read only, by the two offices the invoice is between (a carrier's its
// own, drafts too; a shipper's those issued to it), as on the invoice pages.

export const InvoiceListQuery = z.object({
  status: z.enum(["draft", "issued", "paid", "credited"], { error: "Give a status from: draft, issued, paid, credited" }).optional(),
  ...PagingQuery,
});

const InvoiceLineSchema = responseSchema(
  "InvoiceLine",
  z.object({
    load_id: z.number().int().nullable(),
    description: z.string(),
    collection_date: z.string().nullable(),
    delivery_date: z.string(),
    net: MoneySchema,
    vat_rate_basis_points: z.number().int(),
    vat: MoneySchema,
  }),
);

export const InvoiceSchema = responseSchema(
  "Invoice",
  z.object({
    id: z.number().int(),
    number: z.string().nullable().describe("null while a draft"),
    status: z.string().describe("draft | issued | paid | credited"),
    issuer_account_id: z.number().int(),
    customer_account_id: z.number().int(),
    issue_date: z.string(),
    tax_point: z.string(),
    due_date: z.string(),
    net: MoneySchema,
    vat: MoneySchema,
    gross: MoneySchema,
    credited: MoneySchema,
    paid_at: Instant.nullable(),
    receipt_confirmed_at: Instant.nullable(),
    lines: z.array(InvoiceLineSchema),
  }),
);
export const InvoicePageSchema = pageOf("InvoicePage", InvoiceSchema);

type LineRow = { loadId: number | null; description: string; collectionDate: Date | null; deliveryDate: Date; netPence: number; vatRateBp: number; vatPence: number };
export type InvoiceRow = {
  id: number; number: string | null; status: string; issuerAccountId: number; customerAccountId: number; issueDate: Date; taxPoint: Date; dueDate: Date;
  netPence: number; vatPence: number; grossPence: number; creditedPence: number; paidAt: Date | null; receiptConfirmedAt: Date | null; lines: readonly LineRow[];
};

export const presentInvoice = (invoice: InvoiceRow): z.output<typeof InvoiceSchema> => ({
  id: invoice.id, number: invoice.number, status: invoice.status, issuer_account_id: invoice.issuerAccountId, customer_account_id: invoice.customerAccountId,
  issue_date: day(invoice.issueDate)!, tax_point: day(invoice.taxPoint)!, due_date: day(invoice.dueDate)!,
  net: money(invoice.netPence), vat: money(invoice.vatPence), gross: money(invoice.grossPence), credited: money(invoice.creditedPence),
  paid_at: iso(invoice.paidAt), receipt_confirmed_at: iso(invoice.receiptConfirmedAt),
  lines: invoice.lines.map((line) => ({
    load_id: line.loadId, description: line.description, collection_date: day(line.collectionDate), delivery_date: day(line.deliveryDate)!,
    net: money(line.netPence), vat_rate_basis_points: line.vatRateBp, vat: money(line.vatPence),
  })),
});
