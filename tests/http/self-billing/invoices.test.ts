import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { SELF_BILLED_INVOICE_HEADING, SELF_BILLED_VAT_STATEMENT } from "#domain/invoices/self-billing.ts";
import { invoiceAfterChargesDecided } from "#models/invoices.server.ts";
import { acceptProof, deliveredLoad, invoiceOfLoad, sendDraft, signedInParties, type Parties, type Signed } from "../invoices/invoice-fixtures.ts";
import { pdfText } from "../invoices/pdf-text.ts";

// Self-billed invoices: under an agreement in force on the load's delivery day, accepting the proof
// has the shipper's account raise the carrier's invoice at once, issued and numbered in the shipper's
// SB<carrierId> series, headed and worded as VAT Notice 700/62 asks (page and PDF). A pending extra
// charge holds it until the last one is decided. Without an agreement in force the carrier gets a draft.

let parties: Parties;
let shipperOffice: Signed;
let carrierOffice: Signed;

beforeEach(async () => {
  ({ parties, shipperOffice, carrierOffice } = await signedInParties());
});

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** An agreement accepted on 1 November 2026 under the carrier's VAT number: in force on the loads' delivery (24 November). */
async function agreement(overrides: { startsOn?: Date; status?: string; carrierVatNumber?: string | null } = {}) {
  const { shipper, carrier } = parties;
  return db().selfBillingAgreement.create({
    data: {
      shipperAccountId: shipper.accountId, carrierAccountId: carrier.accountId, status: "accepted", startsOn: day("2026-11-01"), endsOn: day("2027-10-31"),
      carrierVatNumber: "GB987654321", offeredById: shipper.id, decidedById: carrier.id, decidedAt: new Date("2026-11-01T10:00:00Z"), ...overrides,
    },
  });
}

describe("raising a self-billed invoice", () => {
  it("accepting the proof issues it at once from the shipper's SB series: numbered, the carrier the supplier, the shipper the customer", async () => {
    const { id: agreementId } = await agreement();
    const first = await deliveredLoad(parties, 123_457);
    await acceptProof(shipperOffice, first);
    const invoice = await invoiceOfLoad(first);
    const series = `SB${parties.carrier.accountId}`;
    expect(invoice).toMatchObject({
      status: "issued", series, sequence: 1, number: `${series}-000001`, selfBillingAgreementId: agreementId,
      numberingAccountId: parties.shipper.accountId, issuerAccountId: parties.carrier.accountId, customerAccountId: parties.shipper.accountId,
      netPence: 123_457, vatPence: 24_691, grossPence: 148_148, taxPoint: new Date("2026-11-24T14:05:00Z"), dueDate: day("2026-12-08"),
    });
    expect(JSON.parse(invoice.supplier)).toMatchObject({ legalName: "Pennine Haulage Ltd", vatNumber: "GB987654321", sortCode: "401234" });
    const second = await deliveredLoad(parties, 10_000);
    await acceptProof(shipperOffice, second);
    expect((await invoiceOfLoad(second)).number).toBe(`${series}-000002`);
    expect(await db().invoiceSequence.findMany({ where: { issuerAccountId: { in: [parties.shipper.accountId, parties.carrier.accountId] } } })).toEqual([
      { issuerAccountId: parties.shipper.accountId, series, last: 2 },
    ]);
  });

  it("both offices see it headed \"Self-billed invoice\" with the output-tax statement; it is never a draft to send (409)", async () => {
    await agreement();
    const loadId = await deliveredLoad(parties, 123_457);
    await acceptProof(shipperOffice, loadId);
    const invoice = await invoiceOfLoad(loadId);
    for (const office of [shipperOffice, carrierOffice]) {
      const page = (await office.browser.get(`/invoices/${invoice.id}`).expect(200)).text;
      expect(page).toContain(`<h1 id="invoice-heading">${SELF_BILLED_INVOICE_HEADING} ${invoice.number}</h1>`);
      expect(page).toContain(`<p><strong>${SELF_BILLED_VAT_STATEMENT}</strong></p>`);
      expect(page).toContain("Raised by Crunch Foods Ltd for Pennine Haulage Ltd under a self-billing agreement.");
      expect(page).not.toContain("Send invoice");
    }
    const sent = await sendDraft(carrierOffice, invoice.id);
    expect(sent.status).toBe(409);
    expect(sent.text).toContain("This invoice has already been sent");
  });

  it("its PDF carries the heading and the statement", async () => {
    await agreement();
    const loadId = await deliveredLoad(parties, 123_457);
    await acceptProof(shipperOffice, loadId);
    const invoice = await invoiceOfLoad(loadId);
    const answer = await shipperOffice.browser.get(`/invoices/${invoice.id}.pdf`).buffer(true);
    expect([answer.status, answer.type]).toEqual([200, "application/pdf"]);
    const text = pdfText(answer.body as Buffer);
    expect(text).toContain(SELF_BILLED_INVOICE_HEADING);
    expect(text).toContain(SELF_BILLED_VAT_STATEMENT);
    expect(text).toContain(`Invoice number: ${invoice.number}`);
    expect(text).toContain("Supplier's VAT number: GB987654321");
  });

  it("waits while an extra charge awaits the shipper's decision, and is raised with the approved charge once it is decided", async () => {
    await agreement();
    const loadId = await deliveredLoad(parties, 50_000);
    const charge = await db().extraCharge.create({ data: { loadId, kind: "waiting_time", note: "Two hours at goods-in", minutes: 150, amountPence: 6_000, addedById: parties.carrier.id } });
    await acceptProof(shipperOffice, loadId);
    expect(await db().invoice.count({ where: { customerAccountId: parties.shipper.accountId } })).toBe(0);
    await db().extraCharge.update({ where: { id: charge.id }, data: { status: "approved", decidedById: parties.shipper.id, decidedAt: new Date() } });
    await invoiceAfterChargesDecided(loadId);
    const invoice = await invoiceOfLoad(loadId);
    expect(invoice).toMatchObject({ status: "issued", number: `SB${parties.carrier.accountId}-000001`, netPence: 56_000, vatPence: 11_200, grossPence: 67_200 });
    expect(invoice.lines.map((line) => [line.loadId, line.extraChargeId, line.description, line.netPence, line.vatPence])).toEqual([
      [loadId, null, "Carriage of load Crisps to Bristol · 1, Leeds → Bristol", 50_000, 10_000],
      [null, charge.id, "Waiting time, load Crisps to Bristol · 1: Two hours at goods-in", 6_000, 1_200],
    ]);
    await invoiceAfterChargesDecided(loadId); // decided again: never a second invoice, never an edit
    expect(await db().invoice.count({ where: { customerAccountId: parties.shipper.accountId } })).toBe(1);
  });
});

describe("when no agreement is in force on the delivery day, the carrier gets a draft", () => {
  it.each([
    { case: "one accepted after the delivery", overrides: { startsOn: day("2026-11-25") } },
    { case: "one only offered", overrides: { status: "offered" } },
    { case: "one declined", overrides: { status: "declined" } },
    { case: "one accepted under another VAT number", overrides: { carrierVatNumber: "GB111111111" } },
  ])("$case", async ({ overrides }) => {
    await agreement(overrides);
    const loadId = await deliveredLoad(parties, 10_000);
    await acceptProof(shipperOffice, loadId);
    expect(await invoiceOfLoad(loadId)).toMatchObject({ status: "draft", number: null, selfBillingAgreementId: null, numberingAccountId: parties.carrier.accountId });
  });

  it("one ended before the delivery", async () => {
    await agreement({ status: "ended" }).then((row) => db().selfBillingAgreement.update({ where: { id: row.id }, data: { endedAt: new Date("2026-11-20T10:00:00Z"), endReason: "carrier" } }));
    const loadId = await deliveredLoad(parties, 10_000);
    await acceptProof(shipperOffice, loadId);
    expect((await invoiceOfLoad(loadId)).status).toBe("draft");
  });
});
