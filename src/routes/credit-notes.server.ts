import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { issueCreditNote, requireCreditableInvoice, requireCreditNoteFor, type CreditableInvoice } from "#models/credit-notes.server.ts";
import { CREDIT_NOTES_FRAME, creditNotesFrame, type CreditNoteForm } from "#pages/credit-notes.server.ts";
import { creditNoteDocument } from "#pages/credit-notes/document.server.ts";
import { invoicePath } from "#pages/invoices.server.ts";
import { creditNoteFilename, creditNotePdf } from "#pages/pdf/credit-note.server.ts";
import { TURBO_STREAM, acceptsTurboStream } from "#lib/turbo.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { flash, renderPartial } from "#server/render.server.ts";
import { dispositionOf } from "#server/stored-file.server.ts";

// An invoice's credit notes, a frame on its page: the list (both offices), issuing one (the office of
// the account that numbers the invoice; the other side gets 404, as for the invoice's other actions),
// and each credit note as a PDF. A credit note is never edited or deleted. Anyone else gets 404.

/**
 * After a credit note the whole invoice page is out of date (its state, what is owed), not only the
 * frame: Turbo is told to fetch the page again (a refresh naming no request, so the page that asked
 * takes it too), and the page shows the notice. A post without Turbo is sent to the invoice page.
 */
const PAGE_REFRESH = '<turbo-stream action="refresh"></turbo-stream>';

/** The form as posted, kept as typed when it is refused. */
const PostedSchema = z.object({ amount: z.string().max(40).catch(""), reason: z.string().max(2_000).catch("") }).partial().catch({});

export function creditNotesRouter(): Router {
  return Router()
    .get("/invoices/:id/credit_notes", showCreditNotes)
    .post("/invoices/:id/credit_notes", createCreditNote)
    .get("/credit_notes/:id.pdf", sendCreditNotePdf);
}

async function showCreditNotes(req: Request, res: Response) {
  await renderFrame(req, res, await requireCreditableInvoice(requireUser(req), req.params.id));
}

/** The page refreshed (Turbo) or 303 to it; 422 (the amount or reason) and 409 (a draft, or changed meanwhile) as the frame with the message. */
async function createCreditNote(req: Request, res: Response) {
  const user = requireUser(req);
  const invoice = await requireCreditableInvoice(user, req.params.id);
  const outcome = await issueCreditNote(invoice, user, req.body);
  if (!outcome.ok) return renderFrame(req, res, invoice, { errors: outcome.errors, values: PostedSchema.parse(req.body) }, outcome.status);
  flash(req, "notice", `Credit note ${outcome.number} issued`);
  if (acceptsTurboStream(req)) return res.type(TURBO_STREAM).send(PAGE_REFRESH);
  res.redirect(303, invoicePath(invoice.id));
}

async function renderFrame(req: Request, res: Response, invoice: CreditableInvoice, form: CreditNoteForm | null = null, status = 200) {
  const html = await renderPartial(req, res, "invoices/_credit_notes", await creditNotesFrame(invoice, requireUser(req), form));
  res.status(status).type("html").send(`<turbo-frame id="${CREDIT_NOTES_FRAME}">${html}</turbo-frame>`);
}

async function sendCreditNotePdf(req: Request, res: Response) {
  const note = await requireCreditNoteFor(requireUser(req), req.params.id);
  const pdf = await creditNotePdf(note.number, creditNoteDocument(note));
  res
    .type("application/pdf")
    .set("Content-Disposition", dispositionOf(creditNoteFilename(note.number), "inline"))
    .set("Cache-Control", "private, no-store")
    .send(pdf);
}
