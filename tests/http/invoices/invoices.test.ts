import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { VAT_INVOICE_FIELDS } from "#domain/invoices/required-fields.ts";
import { INVOICE_FIELD_LABELS } from "#pages/invoices/document.server.ts";
import { acceptOverdueProofs } from "#models/loads/proof-review.server.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { acceptAndSend, deliveredLoad, sendDraft, signedInAgent, signedInParties, type Parties, type Signed } from "./invoice-fixtures.ts";

// Invoices end to end: accepting a load's proof drafts the carrier's invoice to the shipper with
// exact figures, and the carrier's office sends it; only the two offices see it (the shipper never
// sees a draft); the shipper marks it paid and the carrier confirms the payment arrived, each refused
// with an exact status when it cannot be; the list's filters.

let parties: Parties;
let shipperOffice: Signed;
let carrierOffice: Signed;

beforeEach(async () => {
  ({ parties, shipperOffice, carrierOffice } = await signedInParties());
});

const accept = (loadId: number) =>
  shipperOffice.browser.post(`/loads/${loadId}/proof_review`).type("form").send({ _csrf: shipperOffice.csrf, decision: "accept" }).expect(303);
const invoiceOf = (loadId: number) => db().invoice.findFirstOrThrow({ where: { lines: { some: { loadId } } }, include: { lines: true } });
const pay = (who: Signed, id: number, body: Record<string, string>) => who.browser.post(`/invoices/${id}/payment`).type("form").send({ _csrf: who.csrf, ...body });
const confirm = (who: Signed, id: number) => who.browser.post(`/invoices/${id}/receipt`).type("form").send({ _csrf: who.csrf });

describe("issuing", () => {
  it("is linked from the load page's proof review: the draft for the carrier only, the sent invoice for both offices, never for the driver", async () => {
    const loadId = await deliveredLoad(parties, 50_000);
    await accept(loadId);
    const draft = await invoiceOf(loadId);
    expect((await carrierOffice.browser.get(`/loads/${loadId}`).expect(200)).text).toContain(`<a href="/invoices/${draft.id}">Draft invoice</a>`);
    expect((await shipperOffice.browser.get(`/loads/${loadId}`).expect(200)).text).not.toContain("/invoices/");
    await sendDraft(carrierOffice, draft.id).expect(303);
    const invoice = await invoiceOf(loadId);
    const link = `<a href="/invoices/${invoice.id}">Invoice ${invoice.number}</a>`;
    for (const office of [shipperOffice, carrierOffice]) expect((await office.browser.get(`/loads/${loadId}`).expect(200)).text).toContain(link);
    const driverPage = (await (await signedInAgent(parties.driver.email)).browser.get(`/loads/${loadId}`).expect(200)).text;
    expect(driverPage).toContain("Proof of delivery review");
    expect(driverPage).not.toContain("/invoices/");
  });

  it("accepting a proof drafts one invoice from the carrier to the shipper (no number yet); sending issues it: net £1,234.57, VAT 20% rounded, gross", async () => {
    const loadId = await deliveredLoad(parties, 123_457);
    await accept(loadId);
    const draft = await invoiceOf(loadId);
    expect(draft).toMatchObject({ status: "draft", number: null, sequence: null, series: "INV", numberingAccountId: parties.carrier.accountId, selfBillingAgreementId: null, netPence: 123_457, vatPence: 24_691, grossPence: 148_148 });
    await sendDraft(carrierOffice, draft.id).expect(303);
    const invoice = await invoiceOf(loadId);
    expect(invoice).toMatchObject({
      issuerAccountId: parties.carrier.accountId, customerAccountId: parties.shipper.accountId, series: "INV", sequence: 1, number: "INV-000001",
      status: "issued", netPence: 123_457, vatPence: 24_691, grossPence: 148_148, taxPoint: new Date("2026-11-24T14:05:00Z"), dueDate: new Date("2026-12-08T00:00:00Z"),
      paidAt: null, receiptConfirmedAt: null,
    });
    expect(invoice.lines).toEqual([expect.objectContaining({ loadId, description: "Carriage of load Crisps to Bristol · 1, Leeds → Bristol", netPence: 123_457, vatRateBp: 2000, vatPence: 24_691, collectionDate: new Date("2026-11-24T08:00:00Z"), deliveryDate: new Date("2026-11-24T14:05:00Z") })]);
    expect(JSON.parse(invoice.supplier)).toMatchObject({ legalName: "Pennine Haulage Ltd", vatNumber: "GB987654321", sortCode: "401234", accountNumber: "12345678" });
    expect(JSON.parse(invoice.customer)).toEqual({ legalName: "Crunch Foods Ltd", address: "1 Crisp Lane\nLeeds\nLS1 1AA", companyNumber: "01234567", vatNumber: "GB111222333", invoiceEmail: "accounts@crunch.example" });
  });

  it("zero-rates a load from GB to FR; due 30 days after delivery when the job has no terms", async () => {
    const loadId = await deliveredLoad(parties, 250_000, { paymentTermsDays: null, delivery: { city: "Lille", countryCode: "FR", postCode: "59000" } });
    const invoice = await acceptAndSend({ shipperOffice, carrierOffice }, loadId);
    const page = (await shipperOffice.browser.get(`/invoices/${invoice.id}`).expect(200)).text;
    expect(page).toContain('<th scope="row">Zero-rated, no VAT payable</th><td class="nowrap">£2,500.00</td>');
    expect(page).toContain('<td data-label="VAT rate">0%</td>');
    expect(invoice).toMatchObject({ netPence: 250_000, vatPence: 0, grossPence: 250_000, dueDate: new Date("2026-12-24T00:00:00Z"), lines: [expect.objectContaining({ vatRateBp: 0, vatPence: 0, description: "Carriage of load Crisps to Bristol · 1, Leeds → Lille" })] });
  });

  it("a proof accepted by itself is drafted too, and a load is never invoiced twice", async () => {
    const loadId = await deliveredLoad(parties, 10_000);
    expect(await acceptOverdueProofs(new Date("2026-12-10T12:00:00Z"))).toBe(1);
    expect(await acceptOverdueProofs(new Date("2026-12-11T12:00:00Z"))).toBe(0);
    const { invoiceAcceptedLoad } = await import("#models/invoices.server.ts");
    const invoice = await invoiceOf(loadId);
    expect(await invoiceAcceptedLoad(loadId)).toBe(invoice.id);
    expect(await db().invoice.count({ where: { issuerAccountId: parties.carrier.accountId } })).toBe(1);
  });

  it("a load without a price issues nothing, and the acceptance stands", async () => {
    const loadId = await deliveredLoad(parties, 10_000);
    await db().load.update({ where: { id: loadId }, data: { priceCents: null } });
    await accept(loadId);
    expect((await db().load.findUniqueOrThrow({ where: { id: loadId } })).proofStatus).toBe("accepted");
    expect(await db().invoice.count({ where: { issuerAccountId: parties.carrier.accountId } })).toBe(0);
  });

  it("a disputed proof issues nothing", async () => {
    const loadId = await deliveredLoad(parties, 10_000);
    await shipperOffice.browser.post(`/loads/${loadId}/proof_review`).type("form").send({ _csrf: shipperOffice.csrf, decision: "dispute", reason: "damaged" }).expect(303);
    expect(await db().invoice.count({ where: { issuerAccountId: parties.carrier.accountId } })).toBe(0);
  });
});

describe("who sees an invoice", () => {
  let id: number;
  beforeEach(async () => {
    const loadId = await deliveredLoad(parties, 123_457);
    id = (await acceptAndSend({ shipperOffice, carrierOffice }, loadId)).id;
  });

  it("the shipper's office (admins and members) sees it with the carrier's bank details; the carrier's office without them", async () => {
    const shipperPage = (await shipperOffice.browser.get(`/invoices/${id}`).expect(200)).text;
    expect(shipperPage).toContain("VAT invoice INV-000001");
    expect(shipperPage).toContain('<th scope="row">Total including VAT</th><td class="nowrap">£1,481.48</td>');
    expect(shipperPage).toContain('<th scope="row">Sort code</th><td class="nowrap">40-12-34</td>');
    expect(shipperPage).toContain('<th scope="row">Account number</th><td class="nowrap">12345678</td>');
    for (const field of VAT_INVOICE_FIELDS) expect(shipperPage, field.key).toContain(INVOICE_FIELD_LABELS[field.key]);
    expect(shipperPage).toContain('<th scope="row">Tax point (date of supply)</th><td class="nowrap">24 November 2026</td>');
    expect(shipperPage).toContain('<th scope="row">Payment due</th><td class="nowrap">8 December 2026</td>');
    for (const member of [await createUser("carrier", { role: "member", accountId: parties.carrier.accountId }), await createUser("shipper", { role: "member", accountId: parties.shipper.accountId })]) {
      expect((await (await signedInAgent(member.email)).browser.get(`/invoices/${id}`)).status).toBe(200);
    }
    const carrierPage = (await carrierOffice.browser.get(`/invoices/${id}`).expect(200)).text;
    expect(carrierPage).toContain("VAT invoice INV-000001");
    expect(carrierPage).not.toContain("12345678");
    expect(carrierPage).not.toContain("Pay by bank transfer to");
  });

  it("404 for the carrier's driver, another carrier, another shipper and a shipper's driver, on the page, the PDF and each POST", async () => {
    const others = [
      parties.driver,
      await createCarrier({ company: "Other Haulage" }),
      await createShipper({ company: "Other Foods" }),
      await createUser("shipper", { role: "driver", accountId: parties.shipper.accountId }),
    ];
    for (const person of others) {
      const other = await signedInAgent(person.email);
      expect((await other.browser.get(`/invoices/${id}`)).status).toBe(404);
      expect((await other.browser.get(`/invoices/${id}.pdf`)).status).toBe(404);
      expect((await pay(other, id, { paid_on: "2026-11-26" })).status).toBe(404);
      expect((await confirm(other, id)).status).toBe(404);
    }
    expect((await db().invoice.findUniqueOrThrow({ where: { id } })).status).toBe("issued");
  });

  it("404 for an id that names nothing", async () => {
    expect((await shipperOffice.browser.get("/invoices/999999")).status).toBe(404);
    expect((await shipperOffice.browser.get("/invoices/abc")).status).toBe(404);
  });
});
