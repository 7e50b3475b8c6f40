import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { outboxDir } from "#lib/mailer.server.ts";
import { sendInvoiceEmails } from "#server/email-sweep/invoices.server.ts";
import { lettersTo } from "../../support/outbox.ts";
import { acceptProof, deliveredLoad, invoiceOfLoad, sendDraft, signedInParties, type Parties, type Signed } from "./invoice-fixtures.ts";

// An issued invoice is e-mailed once, its PDF attached, to the invoice address in the receiving
// company's billing details: the shipper's for a carrier's invoice, the carrier's for a self-billed
// one. A draft is never e-mailed.

const ORIGIN = "https://loadline.example";
let parties: Parties;
let shipperOffice: Signed;
let carrierOffice: Signed;
let shipperInbox: string;
let carrierInbox: string;

beforeEach(async () => {
  ({ parties, shipperOffice, carrierOffice } = await signedInParties());
  // Addresses of this test's own, so no other test's invoices land beside its letters.
  shipperInbox = `accounts-${parties.shipper.accountId}@crunch.example`;
  carrierInbox = `invoices-${parties.carrier.accountId}@pennine.example`;
  await db().billingDetails.update({ where: { accountId: parties.shipper.accountId }, data: { invoiceEmail: shipperInbox } });
  await db().billingDetails.update({ where: { accountId: parties.carrier.accountId }, data: { invoiceEmail: carrierInbox } });
});

/** The raw message (multipart: the letter and the PDF) of the one e-mail to `address`. */
function rawMessageTo(address: string): string {
  const files = readdirSync(outboxDir()).filter((name) => name.endsWith(".eml")).map((name) => readFileSync(path.join(outboxDir(), name), "utf8"));
  const found = files.filter((raw) => new RegExp(`^To: ${address}$`, "mi").test(raw));
  expect(found).toHaveLength(1);
  return found[0]!.replace(/=\r?\n/g, ""); // the letter's quoted-printable soft line breaks undone
}

/** The attached PDF's bytes, from the base64 part named `filename`. */
function attachedPdf(raw: string, filename: string): Buffer {
  const part = raw.split(/^--/m).find((chunk) => chunk.includes(`filename="${filename}"`));
  expect(part, `a part named ${filename}`).toBeDefined();
  expect(part).toMatch(/Content-Type: application\/pdf/i);
  return Buffer.from(part!.split(/\r?\n\r?\n/).slice(1).join("").replace(/\s+/g, ""), "base64");
}

describe("e-mailing issued invoices", () => {
  it("sends a carrier's invoice to the shipper's invoice address once it is sent, with its PDF, and only once", async () => {
    const loadId = await deliveredLoad(parties, 45_000);
    await acceptProof(shipperOffice, loadId);
    const draft = await invoiceOfLoad(loadId);
    await sendInvoiceEmails(new Date(), ORIGIN);
    expect(lettersTo(shipperInbox)).toEqual([]); // a draft is the carrier's to check: nothing goes

    await sendDraft(carrierOffice, draft.id).expect(303);
    const invoice = await invoiceOfLoad(loadId);
    expect(await sendInvoiceEmails(new Date(), ORIGIN)).toBeGreaterThanOrEqual(1);
    const [letter] = lettersTo(shipperInbox);
    expect(letter?.subject).toBe(`Invoice ${invoice.number} from Pennine Haulage Ltd: £540.00 due 8 December 2026`);
    const raw = rawMessageTo(shipperInbox);
    expect(raw).toContain(`${ORIGIN}/invoices/${invoice.id}`);
    expect(attachedPdf(raw, `Invoice ${invoice.number}.pdf`).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect((await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } })).emailPending).toBe(false);

    await sendInvoiceEmails(new Date(), ORIGIN);
    expect(lettersTo(shipperInbox)).toHaveLength(1);
    expect(lettersTo(carrierInbox)).toEqual([]);
  });

  it("sends a self-billed invoice to the carrier, saying the VAT is its output tax", async () => {
    await db().selfBillingAgreement.create({
      data: {
        shipperAccountId: parties.shipper.accountId, carrierAccountId: parties.carrier.accountId, status: "accepted", carrierVatNumber: "GB987654321",
        startsOn: new Date("2026-11-01T00:00:00Z"), endsOn: new Date("2027-10-31T00:00:00Z"), offeredById: parties.shipper.id, decidedById: parties.carrier.id, decidedAt: new Date(),
      },
    });
    const loadId = await deliveredLoad(parties, 45_000);
    await acceptProof(shipperOffice, loadId);
    const invoice = await invoiceOfLoad(loadId);
    expect(invoice.number).toBe(`SB${parties.carrier.accountId}-000001`);

    await sendInvoiceEmails(new Date(), ORIGIN);
    const [letter] = lettersTo(carrierInbox);
    expect(letter?.subject).toBe(`Self-billed invoice ${invoice.number} raised by Crunch Foods Ltd: £540.00 due 8 December 2026`);
    expect(rawMessageTo(carrierInbox)).toContain("The VAT shown is your output tax due to HMRC.");
    expect(lettersTo(shipperInbox)).toEqual([]);
  });
});
