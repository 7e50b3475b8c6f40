import { shownNumber } from "#domain/invoices/numbering.ts";
import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { confirmReceipt, isCustomerOf, markPaid, requireInvoiceFor } from "#models/invoices.server.ts";
import { sendDraft } from "#models/invoices/send.server.ts";
import { INVOICES_PATH, invoiceFilters, invoicePage, invoicePath, invoicesPage, type PaymentForm } from "#pages/invoices.server.ts";
import { INVOICES_CSV_FILENAME, INVOICES_CSV_PATH, invoicesCsv } from "#pages/invoices/xero.server.ts";
import { invoiceFile } from "#pages/invoices/file.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { flash, renderPage } from "#server/render.server.ts";
import { dispositionOf } from "#server/stored-file.server.ts";

// Invoices for the two offices on them: the list (and as a CSV for Xero), one invoice (as a page
// and as a PDF), the carrier's "send this draft", the customer's "we paid" and the issuer's "we
// received it". An issued invoice is never edited or deleted, so there are no routes for that.
// Anyone else gets 404; the shipper never sees a carrier's draft.

/** The payment form as posted, kept as typed when it is refused. */
const PostedSchema = z.object({ paid_on: z.string().max(40).catch(""), reference: z.string().max(200).catch("") }).partial().catch({});

export function invoicesRouter(): Router {
  return Router()
    .get(INVOICES_PATH, listInvoices)
    .get(INVOICES_CSV_PATH, sendInvoicesCsv)
    .get(`${INVOICES_PATH}/:id.pdf`, sendInvoicePdf)
    .get(`${INVOICES_PATH}/:id`, showInvoice)
    .post(`${INVOICES_PATH}/:id/send`, sendInvoice)
    .post(`${INVOICES_PATH}/:id/payment`, recordPayment)
    .post(`${INVOICES_PATH}/:id/receipt`, recordReceipt);
}

async function listInvoices(req: Request, res: Response) {
  await renderPage(req, res, "invoices/index", await invoicesPage(requireUser(req), req.query));
}

async function showInvoice(req: Request, res: Response) {
  const user = requireUser(req);
  await render(req, res, await requireInvoiceFor(user, req.params.id));
}

async function render(req: Request, res: Response, invoice: Awaited<ReturnType<typeof requireInvoiceFor>>, form: PaymentForm | null = null, status = 200) {
  await renderPage(req, res, "invoices/show", invoicePage(invoice, requireUser(req), form), status);
}

/** 303 back to the invoice, now numbered; 409 (sent already, or an extra charge awaits the shipper's decision) as the page with the message. */
async function sendInvoice(req: Request, res: Response) {
  const user = requireUser(req);
  const invoice = await requireInvoiceFor(user, req.params.id);
  const outcome = await sendDraft(invoice, user);
  if (!outcome.ok) return render(req, res, invoice, { errors: outcome.errors, values: {} }, outcome.status);
  const sent = await requireInvoiceFor(user, invoice.id);
  flash(req, "notice", `Invoice ${shownNumber(sent.number)} sent to the shipper`);
  res.redirect(303, invoicePath(invoice.id));
}

/** 303 back to the invoice; 422 (a date it cannot be) and 409 (already paid) as the page with the message. */
async function recordPayment(req: Request, res: Response) {
  const user = requireUser(req);
  const invoice = await requireInvoiceFor(user, req.params.id);
  const outcome = await markPaid(invoice, user, req.body);
  if (!outcome.ok) return render(req, res, invoice, { errors: outcome.errors, values: PostedSchema.parse(req.body) }, outcome.status);
  flash(req, "notice", "Invoice marked as paid. The carrier can now confirm receiving the payment.");
  res.redirect(303, invoicePath(invoice.id));
}

/** 303 back to the invoice; 409 unless it is marked paid and not yet confirmed. */
async function recordReceipt(req: Request, res: Response) {
  const user = requireUser(req);
  const invoice = await requireInvoiceFor(user, req.params.id);
  const outcome = await confirmReceipt(invoice, user);
  if (!outcome.ok) return render(req, res, invoice, { errors: outcome.errors, values: {} }, outcome.status);
  flash(req, "notice", "Payment received");
  res.redirect(303, invoicePath(invoice.id));
}

async function sendInvoicePdf(req: Request, res: Response) {
  const user = requireUser(req);
  const invoice = await requireInvoiceFor(user, req.params.id);
  const { filename, pdf } = await invoiceFile(invoice, isCustomerOf(invoice, user));
  res
    .type("application/pdf")
    .set("Content-Disposition", dispositionOf(filename, "inline"))
    .set("Cache-Control", "private, no-store")
    .send(pdf);
}

/** The list's invoices (same filters) as Xero's import file, downloaded; 404 for drivers. */
async function sendInvoicesCsv(req: Request, res: Response) {
  const csv = await invoicesCsv(requireUser(req), invoiceFilters(req.query));
  res
    .type("text/csv; charset=utf-8")
    .set("Content-Disposition", dispositionOf(INVOICES_CSV_FILENAME, "attachment"))
    .set("Cache-Control", "private, no-store")
    .send(csv);
}
