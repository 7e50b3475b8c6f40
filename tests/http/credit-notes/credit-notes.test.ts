import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { CREDIT_NOTE_FIELDS, VAT_INVOICE_FIELDS } from "#domain/invoices/required-fields.ts";
import { CREDIT_NOTE_FIELD_LABELS } from "#pages/credit-notes/document.server.ts";
import { createCarrier } from "../../support/fixtures.ts";
import { signedInAgent, signedInParties, type Parties, type Signed } from "../invoices/invoice-fixtures.ts";
import { pdfText } from "../invoices/pdf-text.ts";
import { issuedInvoice } from "./issued-invoice.ts";

// Credit notes: the office of the account that numbers the invoice issues them (the carrier's for
// its own invoices, the shipper's for a self-billed one), numbered in that account's CN series, the
// VAT at the invoice's rates; the other side sees them but cannot issue one (404); refusals with
// their exact status and message, nothing changed; each credit note's PDF with every field it must show.

let parties: Parties;
let shipperOffice: Signed;
let carrierOffice: Signed;

beforeEach(async () => {
  ({ parties, shipperOffice, carrierOffice } = await signedInParties());
});

/** An issued invoice for this net price at 20%: £1,234.57 + £246.91 VAT = £1,481.48 by default. */
const issued = (netPence = 123_457) => issuedInvoice(parties, { lines: [{ netPence, vatRateBp: 2000 }] });
const credit = (who: Signed, invoiceId: number, body: Record<string, string | undefined>) =>
  who.browser.post(`/invoices/${invoiceId}/credit_notes`).type("form").set("Turbo-Frame", "credit_notes").send({ _csrf: who.csrf, ...body });
const frame = (who: Signed, invoiceId: number) => who.browser.get(`/invoices/${invoiceId}/credit_notes`).set("Turbo-Frame", "credit_notes");
const state = (id: number) => db().invoice.findUniqueOrThrow({ where: { id }, select: { status: true, creditedPence: true } });
const notesOf = (invoiceId: number) =>
  db().creditNote.findMany({ where: { invoiceId }, orderBy: { id: "asc" }, select: { id: true, numberingAccountId: true, series: true, sequence: true, number: true, reason: true, netPence: true, vatPence: true, grossPence: true } });
const FORM = 'action="/invoices/';
/** An agreement in force between the two, as the shipper's self-billing would have it. */
const selfBillingAgreementOf = (who: Parties) => ({
  shipperAccountId: who.shipper.accountId, carrierAccountId: who.carrier.accountId, status: "accepted", startsOn: new Date("2026-01-01T00:00:00Z"),
  endsOn: new Date("2026-12-31T00:00:00Z"), carrierVatNumber: "GB987654321", offeredById: who.shipper.id, decidedById: who.carrier.id, decidedAt: new Date("2026-01-01T09:00:00Z"),
});

describe("issuing a credit note", () => {
  it("the carrier credits part (303 to the invoice, with a notice), then the rest: numbered CN-000001 and CN-000002, VAT at 20%, the invoice credited", async () => {
    const invoice = await issued();
    const part = await credit(carrierOffice, invoice.id, { amount: "481.48", reason: "Two pallets damaged" });
    expect([part.status, part.headers.location]).toEqual([303, `/invoices/${invoice.id}`]);
    expect(await state(invoice.id)).toEqual({ status: "issued", creditedPence: 48_148 });
    const whole = await credit(carrierOffice, invoice.id, { amount: "£1,000.00", reason: "Load cancelled by agreement" });
    expect(whole.status).toBe(303);
    expect(await state(invoice.id)).toEqual({ status: "credited", creditedPence: 148_148 });
    const [first, second] = await notesOf(invoice.id);
    // £481.48 gross at 20% holds £80.25 (80.2466…); the last credit takes the VAT still uncredited: £246.91 − £80.25.
    expect(first).toMatchObject({ numberingAccountId: parties.carrier.accountId, series: "CN", sequence: 1, number: "CN-000001", reason: "Two pallets damaged", grossPence: 48_148, vatPence: 8_025, netPence: 40_123 });
    expect(second).toMatchObject({ number: "CN-000002", grossPence: 100_000, vatPence: 16_666, netPence: 83_334 });
    expect(first!.vatPence + second!.vatPence).toBe(invoice.vatPence);
    const page = await frame(carrierOffice, invoice.id).expect(200);
    expect(page.text).toMatch(/^<turbo-frame id="credit_notes">/);
    expect(page.text).toContain("CN-000001");
    expect(page.text).toContain("Two pallets damaged");
    expect(page.text).toContain(`href="/credit_notes/${first!.id}.pdf"`);
    expect(page.text).toContain("Credited £1,481.48 in all. Still owed: £0.00.");
    expect(page.text).not.toContain(FORM); // nothing left to credit
  });

  it("from Turbo, the answer refreshes the whole page (its state and what is owed change too), which shows the notice", async () => {
    const invoice = await issued();
    const answer = await credit(carrierOffice, invoice.id, { amount: "10", reason: "Late collection" }).set("Accept", "text/vnd.turbo-stream.html, text/html");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toContain("text/vnd.turbo-stream.html");
    expect(answer.text).toBe('<turbo-stream action="refresh"></turbo-stream>');
    expect((await carrierOffice.browser.get(`/invoices/${invoice.id}`).expect(200)).text).toContain("Credit note CN-000001 issued");
  });

  it("the shipper's office sees the list but no form, and cannot issue one (404); the carrier's office sees the form", async () => {
    const invoice = await issued();
    expect((await frame(carrierOffice, invoice.id).expect(200)).text).toContain(`${FORM}${invoice.id}/credit_notes"`);
    await credit(carrierOffice, invoice.id, { amount: "10", reason: "Late collection" }).expect(303);
    const seen = await frame(shipperOffice, invoice.id).expect(200);
    expect(seen.text).toContain("CN-000001");
    expect(seen.text).toContain("Late collection");
    expect(seen.text).not.toContain(FORM);
    expect((await credit(shipperOffice, invoice.id, { amount: "10", reason: "Mine" })).status).toBe(404);
    expect(await notesOf(invoice.id)).toHaveLength(1);
  });

  it.each([
    { case: "more than is owed", body: { amount: "1481.49", reason: "Too much" }, field: "amount", message: "A credit note cannot be more than the £1,481.48 still owed" },
    { case: "£0", body: { amount: "0", reason: "Nothing" }, field: "amount", message: "Enter an amount more than £0" },
    { case: "an amount it cannot read", body: { amount: "12.345", reason: "Odd" }, field: "amount", message: "Enter the amount in pounds and pence, like 125.50" },
    { case: "no reason", body: { amount: "10", reason: " " }, field: "reason", message: "Enter why you are issuing this credit note" },
    { case: "a reason over 500 characters", body: { amount: "10", reason: "x".repeat(501) }, field: "reason", message: "Keep the reason to 500 characters" },
  ])("refuses $case (422) beside the field, in the frame; nothing changes", async ({ body, field, message }) => {
    const invoice = await issued();
    const answer = await credit(carrierOffice, invoice.id, body);
    expect(answer.status).toBe(422);
    expect(answer.text).toMatch(/^<turbo-frame id="credit_notes">/);
    expect(answer.text).toContain("There is a problem");
    expect(answer.text).toContain(`<p class="field-error" id="field_credit_${field}_error">${message}`);
    expect(answer.text).toContain(`<li><a href="#field_credit_${field}">${message}`);
    expect(answer.text).toMatch(new RegExp(`id="field_credit_${field}"[^>]*aria-invalid="true"`));
    expect(await state(invoice.id)).toEqual({ status: "issued", creditedPence: 0 });
    expect(await notesOf(invoice.id)).toEqual([]);
    expect(await db().invoiceSequence.count({ where: { issuerAccountId: parties.carrier.accountId, series: "CN" } })).toBe(0);
  });

  it("a paid invoice owes nothing: 422 with the amount's message; a draft cannot be credited (409)", async () => {
    const paid = await issued();
    await db().invoice.update({ where: { id: paid.id }, data: { status: "paid", paidAt: new Date() } });
    const refused = await credit(carrierOffice, paid.id, { amount: "1", reason: "After payment" });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain("A credit note cannot be more than the £0.00 still owed");
    const draft = await issued(50_000);
    await db().invoice.update({ where: { id: draft.id }, data: { status: "draft", number: null, sequence: null } });
    const answer = await credit(carrierOffice, draft.id, { amount: "1", reason: "Draft" });
    expect(answer.status).toBe(409);
    expect(answer.text).toContain("A draft invoice cannot be credited: it has not been issued");
    expect(await db().creditNote.count({ where: { invoiceId: { in: [paid.id, draft.id] } } })).toBe(0);
  });

  it("a self-billed invoice is credited by the shipper's office, in the shipper's CN series; the carrier's office cannot (404)", async () => {
    const invoice = await issued();
    const series = `SB${parties.carrier.accountId}`;
    const agreement = await db().selfBillingAgreement.create({ data: selfBillingAgreementOf(parties) });
    await db().invoice.update({ where: { id: invoice.id }, data: { numberingAccountId: parties.shipper.accountId, series, number: `${series}-000001`, selfBillingAgreementId: agreement.id } });
    expect((await frame(carrierOffice, invoice.id).expect(200)).text).not.toContain(FORM);
    expect((await credit(carrierOffice, invoice.id, { amount: "10", reason: "Carrier" })).status).toBe(404);
    expect((await frame(shipperOffice, invoice.id).expect(200)).text).toContain(FORM);
    await credit(shipperOffice, invoice.id, { amount: "120", reason: "Short delivery" }).expect(303);
    expect(await notesOf(invoice.id)).toMatchObject([{ numberingAccountId: parties.shipper.accountId, number: "CN-000001", grossPence: 12_000, vatPence: 2_000 }]);
    const [note] = await notesOf(invoice.id);
    const text = pdfText((await carrierOffice.browser.get(`/credit_notes/${note!.id}.pdf`).buffer(true).expect(200)).body as Buffer);
    expect(text.split("\n").slice(0, 2)).toEqual(["Self-billed credit note", "Raised by Crunch Foods Ltd for Pennine Haulage Ltd under a self-billing agreement."]);
  });

  it("an invoice of two rates: the credit is shared pro rata and each share's VAT is at its rate", async () => {
    const invoice = await issuedInvoice(parties, { lines: [{ netPence: 10_000, vatRateBp: 2000 }, { netPence: 12_000, vatRateBp: 0, description: "Leg to Calais" }] });
    await credit(carrierOffice, invoice.id, { amount: "100.00", reason: "Half of each" }).expect(303);
    // £50 of the £120 at 20% (£8.33 VAT) and £50 of the £120 zero-rated.
    expect(await notesOf(invoice.id)).toMatchObject([{ grossPence: 10_000, vatPence: 833, netPence: 9_167 }]);
  });

  it("two credit notes at once for more than is owed between them: one is issued, the other refused, no number skipped", async () => {
    const invoice = await issued();
    const answers = await Promise.all([credit(carrierOffice, invoice.id, { amount: "1000", reason: "One" }), credit(carrierOffice, invoice.id, { amount: "1000", reason: "Two" })]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(303);
    expect([409, 422]).toContain(statuses[1]);
    expect(await notesOf(invoice.id)).toMatchObject([{ number: "CN-000001", grossPence: 100_000 }]);
    expect(await state(invoice.id)).toEqual({ status: "issued", creditedPence: 100_000 });
  });
});

describe("who may see credit notes", () => {
  it("another carrier's office and the carrier's driver get 404 for the frame, the form and the PDF", async () => {
    const invoice = await issued();
    await credit(carrierOffice, invoice.id, { amount: "10", reason: "Checked" }).expect(303);
    const [note] = await notesOf(invoice.id);
    const stranger = await createCarrier({ company: "Other Haulage" });
    for (const email of [stranger.email, parties.driver.email]) {
      const someone = await signedInAgent(email);
      expect((await frame(someone, invoice.id)).status).toBe(404);
      expect((await credit(someone, invoice.id, { amount: "1", reason: "No" })).status).toBe(404);
      expect((await someone.browser.get(`/credit_notes/${note!.id}.pdf`)).status).toBe(404);
    }
    expect((await carrierOffice.browser.get("/credit_notes/abc.pdf")).status).toBe(404);
  });
});

describe("the credit note as a PDF", () => {
  it("shows every field a VAT invoice and a credit note must, with the credit's figures, to both offices", async () => {
    const invoice = await issued();
    await credit(carrierOffice, invoice.id, { amount: "481.48", reason: "Two pallets damaged" }).expect(303);
    const [note] = await notesOf(invoice.id);
    for (const who of [carrierOffice, shipperOffice]) {
      const pdf = await who.browser.get(`/credit_notes/${note!.id}.pdf`).buffer(true);
      expect(pdf.status).toBe(200);
      expect(pdf.headers["content-type"]).toBe("application/pdf");
      expect(pdf.headers["content-disposition"]).toBe('inline; filename="Credit note CN-000001.pdf"');
      const text = pdfText(pdf.body as Buffer);
      // Each field on a line of its own: "Label: value", or the label as the heading of the party's lines.
      const lines = text.split("\n");
      for (const field of [...VAT_INVOICE_FIELDS, ...CREDIT_NOTE_FIELDS]) {
        const label = CREDIT_NOTE_FIELD_LABELS[field.key]!;
        expect(lines.some((line) => line === label || line.startsWith(`${label}: `)), field.key).toBe(true);
      }
      expect(text.split("\n")[0]).toBe("Credit note");
      expect(text).toContain("Credit note number: CN-000001");
      expect(text).toContain(`Original invoice: ${invoice.number} of `);
      expect(text).toContain("Reason for the credit: Two pallets damaged");
      expect(text).toContain("Amount credited (excl. VAT): £401.23");
      expect(text).toContain("VAT credited: £80.25");
      expect(text).toContain("Total credited including VAT: £481.48");
      expect(text).toContain("VAT rate: 20%");
      expect(text).toContain("Pennine Haulage Ltd");
      expect(text).toContain("Supplier's VAT number: GB987654321");
      expect(text).toContain("Crunch Foods Ltd");
    }
  });
});
