import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { NOT_VAT_REGISTERED_STATEMENT } from "#domain/invoices/registration.ts";
import { invoiceAfterChargesDecided } from "#models/invoices.server.ts";
import { SEND_REFUSALS } from "#models/invoices/send.server.ts";
import { invoiceFilters } from "#pages/invoices.server.ts";
import { createCarrier, createUser } from "../../support/fixtures.ts";
import { acceptProof, deliveredLoad, invoiceOfLoad, sendDraft, signedInAgent, signedInParties, type Parties, type Signed } from "./invoice-fixtures.ts";
import { pdfText } from "./pdf-text.ts";

// The carrier's draft: written when the proof is accepted, seen and sent only by the carrier's
// office (the shipper gets 404 until it is sent), numbered and dated when sent, with both parties'
// billing details and the approved extra charges read again at that moment. A carrier that is not
// VAT-registered charges no VAT. Every refusal with its exact status and message.

let parties: Parties;
let shipperOffice: Signed;
let carrierOffice: Signed;

beforeEach(async () => {
  ({ parties, shipperOffice, carrierOffice } = await signedInParties());
});

async function drafted(priceCents = 123_457) {
  const loadId = await deliveredLoad(parties, priceCents);
  await acceptProof(shipperOffice, loadId);
  return { loadId, draft: await invoiceOfLoad(loadId) };
}
const sequenceRow = () => db().invoiceSequence.findUnique({ where: { issuerAccountId_series: { issuerAccountId: parties.carrier.accountId, series: "INV" } } });
const charge = (loadId: number, status: string, amountPence = 6_000) =>
  db().extraCharge.create({ data: { loadId, kind: "extra_drop", note: "Second drop at Filton", amountPence, status, addedById: parties.carrier.id } });

describe("a draft", () => {
  it("the carrier's office sees it headed \"Draft invoice\", with no number, a Draft pill and the Send invoice form", async () => {
    const { draft } = await drafted();
    expect(draft).toMatchObject({ status: "draft", number: null, sequence: null, netPence: 123_457, vatPence: 24_691, grossPence: 148_148 });
    const page = (await carrierOffice.browser.get(`/invoices/${draft.id}`).expect(200)).text;
    expect(page).toContain('<h1 id="invoice-heading">Draft invoice</h1>');
    expect(page).toContain('<h2 id="invoice-send">Check and send</h2>');
    expect(page).toContain(`<form action="/invoices/${draft.id}/send" method="post">`);
    expect(page).toContain('<button type="submit" class="button button-primary">Send invoice</button>');
    expect(page).toContain('<th scope="row">Invoice number</th><td class="nowrap">Draft</td>');
    expect(page).not.toContain('id="credit_notes"');
    const list = (await carrierOffice.browser.get("/invoices?state=draft").expect(200)).text;
    expect(list).toContain(`<tr id="invoice_${draft.id}" data-state="draft">`);
    expect(list).toContain(">Draft</span>");
  });

  it("the shipper's office gets 404 for it (page, PDF, send) and never lists it", async () => {
    const { draft } = await drafted();
    expect((await shipperOffice.browser.get(`/invoices/${draft.id}`)).status).toBe(404);
    expect((await shipperOffice.browser.get(`/invoices/${draft.id}.pdf`)).status).toBe(404);
    expect((await sendDraft(shipperOffice, draft.id)).status).toBe(404);
    expect((await shipperOffice.browser.get("/invoices").expect(200)).text).not.toContain(`invoice_${draft.id}`);
    expect((await shipperOffice.browser.get("/invoices.csv")).text).not.toContain("Crisps");
    expect((await carrierOffice.browser.get("/invoices.csv")).text).not.toContain("Crisps"); // a draft is not in the books
    expect((await db().invoice.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("draft");
  });

  it("404 for the carrier's driver and for another carrier, on the page and on send", async () => {
    const { draft } = await drafted();
    for (const person of [parties.driver, await createCarrier({ company: "Other Haulage" })]) {
      const other = await signedInAgent(person.email);
      expect((await other.browser.get(`/invoices/${draft.id}`)).status).toBe(404);
      expect((await sendDraft(other, draft.id)).status).toBe(404);
    }
    expect(await sequenceRow()).toBeNull();
  });
});

describe("sending it", () => {
  it("303: it takes INV-000001, is dated today and issued; the shipper now sees it; sending again is 409", async () => {
    const { draft } = await drafted();
    const answer = await sendDraft(carrierOffice, draft.id);
    expect([answer.status, answer.headers.location]).toEqual([303, `/invoices/${draft.id}`]);
    const sent = await db().invoice.findUniqueOrThrow({ where: { id: draft.id } });
    expect(sent).toMatchObject({ status: "issued", number: "INV-000001", sequence: 1, grossPence: 148_148 });
    expect(ukDate(sent.issueDate)).toBe(ukDate(new Date()));
    expect((await carrierOffice.browser.get(`/invoices/${draft.id}`)).text).toContain("Invoice INV-000001 sent to the shipper");
    const shipperPage = (await shipperOffice.browser.get(`/invoices/${draft.id}`).expect(200)).text;
    expect(shipperPage).toContain('<h1 id="invoice-heading">VAT invoice INV-000001</h1>');
    expect(shipperPage).toContain(`<turbo-frame id="credit_notes" src="/invoices/${draft.id}/credit_notes" loading="lazy"></turbo-frame>`);
    const again = await sendDraft(carrierOffice, draft.id);
    expect(again.status).toBe(409);
    expect(again.text).toContain(SEND_REFUSALS.alreadySent);
    expect(await sequenceRow()).toMatchObject({ last: 1 });
  });

  it("a member of the carrier's office may send it", async () => {
    const { draft } = await drafted();
    const member = await signedInAgent((await createUser("carrier", { role: "member", accountId: parties.carrier.accountId })).email);
    expect((await sendDraft(member, draft.id)).status).toBe(303);
  });

  it("reads both parties' billing details and the approved extra charges again as it sends", async () => {
    const { loadId, draft } = await drafted(50_000);
    await db().billingDetails.update({ where: { accountId: parties.carrier.accountId }, data: { legalName: "Pennine Haulage Group Ltd" } });
    await db().billingDetails.update({ where: { accountId: parties.shipper.accountId }, data: { registeredAddress: "2 Crisp Lane\nLeeds" } });
    const approved = await charge(loadId, "approved");
    await charge(loadId, "refused", 9_999);
    await sendDraft(carrierOffice, draft.id).expect(303);
    const sent = await invoiceOfLoad(loadId);
    expect(JSON.parse(sent.supplier)).toMatchObject({ legalName: "Pennine Haulage Group Ltd" });
    expect(JSON.parse(sent.customer)).toMatchObject({ address: "2 Crisp Lane\nLeeds" });
    expect(sent).toMatchObject({ netPence: 56_000, vatPence: 11_200, grossPence: 67_200 });
    expect(sent.lines.map((line) => [line.loadId, line.extraChargeId, line.netPence, line.vatRateBp])).toEqual([[loadId, null, 50_000, 2000], [null, approved.id, 6_000, 2000]]);
  });

  it("409 while an extra charge awaits the shipper's decision: still a draft, no number taken", async () => {
    const { loadId, draft } = await drafted();
    await charge(loadId, "pending");
    const answer = await sendDraft(carrierOffice, draft.id);
    expect(answer.status).toBe(409);
    expect(answer.text).toContain(SEND_REFUSALS.chargesPending.replaceAll("'", "&#39;"));
    expect(await db().invoice.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ status: "draft", number: null });
    expect(await sequenceRow()).toBeNull();
  });

  it("a charge decided while it is a draft shows on it at once", async () => {
    const { loadId, draft } = await drafted(50_000);
    await charge(loadId, "approved");
    await invoiceAfterChargesDecided(loadId);
    expect(await db().invoice.findUniqueOrThrow({ where: { id: draft.id }, select: { status: true, netPence: true, _count: { select: { lines: true } } } })).toEqual({ status: "draft", netPence: 56_000, _count: { lines: 2 } });
  });
});

describe("a carrier that is not VAT-registered charges no VAT", () => {
  it("0 VAT on every line, an \"Invoice\" (not a VAT invoice) that says no VAT is charged, on the page and in the PDF", async () => {
    await db().billingDetails.update({ where: { accountId: parties.carrier.accountId }, data: { vatNumber: null } });
    const { draft } = await drafted(123_457);
    expect(draft).toMatchObject({ netPence: 123_457, vatPence: 0, grossPence: 123_457 });
    expect(draft.lines.map((line) => [line.vatRateBp, line.vatPence])).toEqual([[0, 0]]);
    await sendDraft(carrierOffice, draft.id).expect(303);
    const page = (await shipperOffice.browser.get(`/invoices/${draft.id}`).expect(200)).text;
    expect(page).toContain('<h1 id="invoice-heading">Invoice INV-000001</h1>');
    expect(page).toContain(`<p><strong>${NOT_VAT_REGISTERED_STATEMENT}</strong></p>`);
    expect(page).toContain('<td data-label="VAT rate">Not charged</td>');
    expect(page).toContain("Supplier's VAT number: Not VAT-registered");
    expect(page).toContain('<th scope="row">Total VAT</th><td class="nowrap">£0.00</td>');
    expect(page).toContain('<th scope="row">Total including VAT</th><td class="nowrap">£1,234.57</td>');
    expect(page).not.toContain("Zero-rated, no VAT payable");
    const pdf = pdfText((await shipperOffice.browser.get(`/invoices/${draft.id}.pdf`).buffer(true)).body as Buffer);
    expect(pdf).toContain(NOT_VAT_REGISTERED_STATEMENT);
    expect(pdf).toContain("VAT rate: Not charged");
    expect(pdf).not.toContain("VAT invoice");
  });

  it("a carrier that deregisters before sending: the draft's VAT is taken off as it is sent", async () => {
    const { draft } = await drafted(10_000);
    expect(draft.vatPence).toBe(2_000);
    await db().billingDetails.update({ where: { accountId: parties.carrier.accountId }, data: { vatNumber: null } });
    await sendDraft(carrierOffice, draft.id).expect(303);
    expect(await db().invoice.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ vatPence: 0, grossPence: 10_000 });
  });
});

describe("credited and still owed, where the totals are", () => {
  it("shows what was credited and what is still owed; nothing once paid", async () => {
    const { draft } = await drafted(123_457);
    await sendDraft(carrierOffice, draft.id).expect(303);
    await db().invoice.update({ where: { id: draft.id }, data: { creditedPence: 10_000 } });
    const page = (await shipperOffice.browser.get(`/invoices/${draft.id}`).expect(200)).text;
    expect(page).toContain('<th scope="row">Credited</th><td class="nowrap">£100.00</td>');
    expect(page).toContain('<th scope="row">Still owed</th><td class="nowrap">£1,381.48</td>');
    await db().invoice.update({ where: { id: draft.id }, data: { status: "paid", paidAt: new Date() } });
    expect((await shipperOffice.browser.get(`/invoices/${draft.id}`)).text).toContain('<th scope="row">Still owed</th><td class="nowrap">£0.00</td>');
  });
});

describe("an invoice credited in full", () => {
  it("is in the Credited state (its pill, its sentence, the filter) and nothing is still owed", async () => {
    const { draft } = await drafted(10_000);
    await sendDraft(carrierOffice, draft.id).expect(303);
    await db().invoice.update({ where: { id: draft.id }, data: { creditedPence: 12_000, status: "credited" } });
    const page = (await shipperOffice.browser.get(`/invoices/${draft.id}`).expect(200)).text;
    expect(page).toContain('id="invoice-state">Credited</span>');
    expect(page).toContain('<span id="payment-status">Credited in full: nothing is owed.</span>');
    expect(page).toContain('<th scope="row">Still owed</th><td class="nowrap">£0.00</td>');
    expect(page).not.toContain("Mark as paid");
    expect((await shipperOffice.browser.get("/invoices?state=credited")).text).toContain(`<tr id="invoice_${draft.id}" data-state="credited">`);
    expect((await shipperOffice.browser.get("/invoices?state=issued")).text).not.toContain(`invoice_${draft.id}`);
  });
});

describe("the state filter reads only its own states", () => {
  it.each(["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"])("?state=%s is no filter", async (state) => {
    expect(invoiceFilters({ state }).state).toBeNull();
    const { draft } = await drafted(10_000);
    const list = (await carrierOffice.browser.get(`/invoices?state=${state}`).expect(200)).text;
    expect(list).toContain(`invoice_${draft.id}`);
    expect(list).not.toContain("Clear filters");
  });

  it.each(["draft", "issued", "overdue", "paid", "credited"])("?state=%s is a filter", (state) => {
    expect(invoiceFilters({ state }).state).toBe(state);
  });
});
