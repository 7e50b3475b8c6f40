import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { formatMoney } from "#domain/format/money.ts";
import { daysLate, ukDate } from "#domain/invoices/dates.ts";
import { statutoryInterest } from "#domain/invoices/late-payment.ts";
import { VAT_INVOICE_FIELDS } from "#domain/invoices/required-fields.ts";
import { INVOICE_FIELD_LABELS } from "#pages/invoices/document.server.ts";
import { createCarrier } from "../../support/fixtures.ts";
import { acceptAndSend, deliveredLoad, signedInParties, type Parties, type Signed } from "./invoice-fixtures.ts";
import { pdfText } from "./pdf-text.ts";

// Paying an invoice (the shipper's office says it paid, the carrier's office confirms it arrived),
// each refusal with its exact status and message; the list's state and counterpart filters; the
// overdue invoice's late-payment figures; the bank-change warning; and the PDF's text.

let parties: Parties;
let shipperOffice: Signed;
let carrierOffice: Signed;

beforeEach(async () => {
  ({ parties, shipperOffice, carrierOffice } = await signedInParties());
});

/** An invoice for a load at this price delivered then (24 November 2026 by default), accepted now and sent by the carrier: issued today, due 14 days after delivery. */
async function issued(priceCents = 123_457, job = {}, deliveredAt?: Date) {
  const loadId = await deliveredLoad(parties, priceCents, job, deliveredAt);
  return acceptAndSend({ shipperOffice, carrierOffice }, loadId);
}
const pay = (who: Signed, id: number, body: Record<string, string | undefined>) => who.browser.post(`/invoices/${id}/payment`).type("form").send({ _csrf: who.csrf, ...body });
const confirm = (who: Signed, id: number) => who.browser.post(`/invoices/${id}/receipt`).type("form").send({ _csrf: who.csrf });
const row = (id: number) => db().invoice.findUniqueOrThrow({ where: { id }, select: { status: true, paidAt: true, paidReference: true, receiptConfirmedAt: true } });
const today = () => new Date().toISOString().slice(0, 10);
/** Delivered 1 October 2026, so due on 15 October (14 days) and overdue from the 16th. */
const OCTOBER_DELIVERY = new Date("2026-10-01T10:00:00Z");
const UNPAID = { status: "issued", paidAt: null, paidReference: null, receiptConfirmedAt: null };

describe("paying", () => {
  it("the shipper marks it paid (303), then the carrier confirms receipt (303)", async () => {
    const invoice = await issued();
    const paid = await pay(shipperOffice, invoice.id, { paid_on: today(), reference: "BACS 991" });
    expect([paid.status, paid.headers.location]).toEqual([303, `/invoices/${invoice.id}`]);
    expect(await row(invoice.id)).toEqual({ status: "paid", paidAt: new Date(`${today()}T00:00:00Z`), paidReference: "BACS 991", receiptConfirmedAt: null });
    const carrierPage = (await carrierOffice.browser.get(`/invoices/${invoice.id}`)).text;
    expect(carrierPage).toContain('action="/invoices/' + invoice.id + '/receipt"');
    const confirmed = await confirm(carrierOffice, invoice.id);
    expect([confirmed.status, confirmed.headers.location]).toEqual([303, `/invoices/${invoice.id}`]);
    expect((await row(invoice.id)).receiptConfirmedAt).not.toBeNull();
    expect((await carrierOffice.browser.get(`/invoices/${invoice.id}`)).text).toContain("Receipt confirmed on");
  });

  it.each([
    { case: "no date", body: { paid_on: "" }, message: "Enter the date you paid, like 2027-03-14" },
    { case: "a date that does not exist", body: { paid_on: "2026-02-30" }, message: "Enter the date you paid, like 2027-03-14" },
    { case: "a future date", body: { paid_on: "2099-01-01" }, message: "The date you paid cannot be in the future" },
    { case: "a date before the issue date", body: { paid_on: "2026-01-01" }, message: "The date you paid cannot be before the invoice was issued on " },
    { case: "a reference over 100 characters", body: { paid_on: "TODAY", reference: "x".repeat(101) }, message: "Keep the reference to 100 characters" },
  ])("refuses $case (422) beside the field; nothing changes", async ({ body, message }) => {
    const invoice = await issued();
    const answer = await pay(shipperOffice, invoice.id, { ...body, paid_on: body.paid_on === "TODAY" ? today() : body.paid_on });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain("There is a problem");
    const field = message.startsWith("Keep the reference") ? "reference" : "paid_on";
    expect(answer.text).toContain(`<p class="field-error" id="field_${field}_error">${message}`);
    expect(answer.text).toContain(`<li><a href="#field_${field}">${message}`);
    expect(answer.text).toMatch(new RegExp(`id="field_${field}"[^>]*aria-invalid="true"`));
    expect(await row(invoice.id)).toEqual(UNPAID);
  });

  it("409 when already paid; the carrier cannot mark it paid (404); the shipper cannot confirm receipt (404)", async () => {
    const invoice = await issued();
    expect((await pay(carrierOffice, invoice.id, { paid_on: today() })).status).toBe(404);
    expect((await confirm(shipperOffice, invoice.id)).status).toBe(404);
    await pay(shipperOffice, invoice.id, { paid_on: today(), reference: "first" }).expect(303);
    const again = await pay(shipperOffice, invoice.id, { paid_on: today(), reference: "second" });
    expect(again.status).toBe(409);
    expect(again.text).toContain("This invoice is already marked as paid");
    expect((await row(invoice.id)).paidReference).toBe("first");
  });

  it("409 for confirming receipt before it is paid, and for confirming twice", async () => {
    const invoice = await issued();
    const early = await confirm(carrierOffice, invoice.id);
    expect(early.status).toBe(409);
    expect(early.text).toContain("This invoice has not been marked as paid yet");
    expect(await row(invoice.id)).toEqual(UNPAID);
    await pay(shipperOffice, invoice.id, { paid_on: today() }).expect(303);
    await confirm(carrierOffice, invoice.id).expect(303);
    const twice = await confirm(carrierOffice, invoice.id);
    expect(twice.status).toBe(409);
    expect(twice.text).toContain("You have already confirmed receiving this payment");
  });
});

describe("the list", () => {
  it("shows each side its invoices, filtered by state and counterpart, with an empty state", async () => {
    expect((await shipperOffice.browser.get("/invoices").expect(200)).text).toContain("No invoices yet.");
    const paidOne = await issued(10_000, {}, new Date());
    const overdueOne = await issued(20_000, {}, OCTOBER_DELIVERY);
    const current = await issued(30_000, {}, new Date());
    await pay(shipperOffice, paidOne.id, { paid_on: today() }).expect(303);
    const numbers = async (who: Signed, query = "") => [...(await who.browser.get(`/invoices${query}`).expect(200)).text.matchAll(/<strong>(INV-\d+)<\/strong>/g)].map((match) => match[1]);
    expect(await numbers(shipperOffice)).toEqual([current.number, overdueOne.number, paidOne.number]);
    expect(await numbers(carrierOffice)).toEqual([current.number, overdueOne.number, paidOne.number]);
    expect(await numbers(shipperOffice, "?state=paid")).toEqual([paidOne.number]);
    expect(await numbers(shipperOffice, "?state=overdue")).toEqual([overdueOne.number]);
    expect(await numbers(shipperOffice, "?state=issued")).toEqual([current.number]);
    expect(await numbers(shipperOffice, `?counterpart=${parties.carrier.accountId}`)).toHaveLength(3);
    const stranger = await createCarrier({ company: "Other Haulage" });
    expect(await numbers(shipperOffice, `?counterpart=${stranger.accountId}`)).toEqual([]);
    expect((await shipperOffice.browser.get(`/invoices?counterpart=${stranger.accountId}`)).text).toContain("No invoices match these filters.");
    expect(await numbers(carrierOffice, `?counterpart=${parties.shipper.accountId}&state=overdue`)).toEqual([overdueOne.number]);
    expect((await carrierOffice.browser.get("/invoices")).text).toContain(`<option value="${parties.shipper.accountId}">Crunch Foods</option>`);
    const carrierList = (await carrierOffice.browser.get("/invoices")).text;
    expect(carrierList).toContain('<span class="status-pill" data-status="cancelled" data-controller="tooltip" data-tooltip-content-value="Not paid, and the due date has passed: late-payment interest is running">Overdue</span>');
    expect(carrierList).toContain(">Awaiting payment</span>");
    expect(carrierList).toContain(">Paid</span>");
  });
});

describe("the invoice page and PDF", () => {
  it("an overdue invoice shows late-payment interest and compensation to both sides", async () => {
    const invoice = await issued(123_457, {}, OCTOBER_DELIVERY);
    const page = (await shipperOffice.browser.get(`/invoices/${invoice.id}`)).text;
    const days = daysLate("2026-10-15", ukDate(new Date()));
    expect(page).toContain(`<th scope="row">Days late</th><td class="nowrap">${days}</td>`);
    expect(page).toContain(`<th scope="row">Interest so far</th><td class="nowrap">${formatMoney(statutoryInterest({ principalPence: 148_148, baseRateBp: 400, daysLate: days }))}</td>`);
    expect(page).toContain('<th scope="row">Interest rate</th><td>12% a year: the statutory 8% over the base rate of 4% on 30 June 2026</td>');
    expect(page).toContain('<th scope="row">Fixed compensation</th><td class="nowrap">£70.00</td>');
    expect((await carrierOffice.browser.get(`/invoices/${invoice.id}`)).text).toContain('<th scope="row">Fixed compensation</th><td class="nowrap">£70.00</td>');
  });

  it("warns the shipper when the carrier's bank details changed in the last 30 days", async () => {
    await db().billingDetails.update({ where: { accountId: parties.carrier.accountId }, data: { bankDetailsChangedAt: new Date() } });
    const invoice = await issued();
    expect((await shipperOffice.browser.get(`/invoices/${invoice.id}`)).text).toMatch(/Bank details changed on \d{1,2} \w+ \d{4}\. Check them/);
    expect((await carrierOffice.browser.get(`/invoices/${invoice.id}`)).text).not.toContain("Bank details changed on");
  });

  it("the PDF carries every field a VAT invoice must show, with the figures", async () => {
    const invoice = await issued(123_457);
    const answer = await shipperOffice.browser.get(`/invoices/${invoice.id}.pdf`).buffer(true);
    expect([answer.status, answer.type]).toEqual([200, "application/pdf"]);
    expect(answer.headers["content-disposition"]).toBe('inline; filename="Invoice INV-000001.pdf"');
    const text = pdfText(answer.body as Buffer);
    for (const field of VAT_INVOICE_FIELDS) expect(text, field.key).toContain(INVOICE_FIELD_LABELS[field.key]);
    for (const shown of [
      "Invoice number: INV-000001", "Tax point (date of supply): 24 November 2026", "Pennine Haulage Ltd", "9 Moor Road", "Supplier's VAT number: GB987654321",
      "Crunch Foods Ltd", "1 Crisp Lane", "Description: Carriage of load Crisps to Bristol · 1, Leeds to Bristol", "Quantity: 1", "Unit price (excl. VAT): £1,234.57",
      "VAT rate: 20%", "Total excluding VAT: £1,234.57", "Total VAT: £246.91", "Zero-rated, no VAT payable: £0.00", "Total including VAT: £1,481.48", "Sort code: 40-12-34",
    ]) expect(text).toContain(shown);
    const carrierPdf = pdfText((await carrierOffice.browser.get(`/invoices/${invoice.id}.pdf`).buffer(true)).body as Buffer);
    expect(carrierPdf).toContain("Invoice number: INV-000001");
    expect(carrierPdf).not.toContain("Sort code");
  });
});
