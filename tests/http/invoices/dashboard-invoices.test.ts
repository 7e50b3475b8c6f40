import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { createCarrier } from "../../support/fixtures.ts";
import { issuedInvoice } from "../credit-notes/issued-invoice.ts";
import { signedInParties, type Parties, type Signed } from "./invoice-fixtures.ts";

// The dashboard's "Invoices" panel: outstanding, of which overdue, and paid this month, after credit
// notes, for the carrier's office (owed) and the shipper's (owes), each linking to /invoices.

let parties: Parties;
let shipperOffice: Signed;
let carrierOffice: Signed;

beforeEach(async () => {
  ({ parties, shipperOffice, carrierOffice } = await signedInParties());
});

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const stat = (value: string, title: string) => new RegExp(`<span class="stat-value">${value}</span><span class="stat-title">${title}</span>`);

describe("the dashboard's invoices panel", () => {
  it("sums what is owed, overdue and paid this month for both offices; drafts, credited and others' invoices apart", async () => {
    const today = ukDate(new Date());
    await issuedInvoice(parties, { dueDate: day("2026-01-01") }); // £1,481.48 overdue
    const part = await issuedInvoice(parties, { lines: [{ netPence: 10_000, vatRateBp: 2000 }], dueDate: day("2099-01-01") }); // £120.00 not due
    await db().invoice.update({ where: { id: part.id }, data: { creditedPence: 2_000 } }); // £100.00 still owed
    await issuedInvoice(parties, { lines: [{ netPence: 50_000, vatRateBp: 2000 }], status: "paid", paidAt: day(today) }); // £600.00 paid this month
    await issuedInvoice(parties, { lines: [{ netPence: 70_000, vatRateBp: 2000 }], status: "paid", paidAt: day("2025-01-31") }); // paid long ago
    await issuedInvoice(parties, { status: "credited", dueDate: day("2026-01-01") });
    const draft = await issuedInvoice(parties, { dueDate: day("2026-01-01") });
    await db().invoice.update({ where: { id: draft.id }, data: { status: "draft", number: null, sequence: null } });
    const other = await createCarrier({ company: "Other Haulage" });
    await issuedInvoice({ ...parties, carrier: other }, { dueDate: day("2026-01-01") });

    const carrierPage = (await carrierOffice.browser.get("/dashboard").expect(200)).text;
    expect(carrierPage).toContain('<h2 id="dashboard-invoices-title">Invoices: what customers owe you</h2>');
    expect(carrierPage).toMatch(stat("£1,581.48", "Outstanding"));
    expect(carrierPage).toMatch(stat("<strong>£1,481.48</strong>", "Overdue"));
    expect(carrierPage).toMatch(stat("£600.00", "Paid this month"));
    expect(carrierPage).toContain('<a class="stat" href="/invoices?state=overdue">');

    const shipperPage = (await shipperOffice.browser.get("/dashboard").expect(200)).text;
    expect(shipperPage).toContain('<h2 id="dashboard-invoices-title">Invoices: what you owe carriers</h2>');
    // The shipper owes the other carrier's overdue £1,481.48 too.
    expect(shipperPage).toMatch(stat("£3,062.96", "Outstanding"));
    expect(shipperPage).toMatch(stat("<strong>£2,962.96</strong>", "Overdue"));
    expect(shipperPage).toMatch(stat("£600.00", "Paid this month"));
  });

  it("shows £0.00 in each with no invoices", async () => {
    const page = (await carrierOffice.browser.get("/dashboard").expect(200)).text;
    expect(page).toMatch(stat("£0.00", "Outstanding"));
    expect(page).toMatch(stat("£0.00", "Overdue"));
    expect(page).toMatch(stat("£0.00", "Paid this month"));
  });
});
