import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { daysToPay, daysToPayOf } from "#models/invoices/days-to-pay.server.ts";
import { createShipper } from "../../support/fixtures.ts";
import { issuedInvoice } from "../credit-notes/issued-invoice.ts";
import { signedInParties, type Parties, type Signed } from "./invoice-fixtures.ts";

// Days to pay: a shipper's average whole days from tax point to payment over its invoices paid in the
// last 12 months (null when none), for one shipper or many in one read, and on a carrier's statement.

let parties: Parties;
let shipperOffice: Signed;
let carrierOffice: Signed;

beforeEach(async () => {
  ({ parties, shipperOffice, carrierOffice } = await signedInParties());
});

const NOW = new Date("2026-11-26T12:00:00Z");
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** Paid on `paidDay` for carriage delivered at `taxPoint`. */
const paidInvoice = (taxPoint: string, paidDay: string, who = parties) => issuedInvoice(who, { taxPoint: new Date(taxPoint), status: "paid", paidAt: day(paidDay) });

describe("a shipper's days to pay", () => {
  it("averages the whole UK days from tax point to payment over the last 12 months, a half day up", async () => {
    expect(await daysToPay(parties.shipper.accountId, NOW)).toBeNull();
    await paidInvoice("2026-10-01T10:00:00Z", "2026-10-24"); // 23 days
    await paidInvoice("2026-10-01T23:30:00Z", "2026-10-22"); // 23:30 UTC is 2 October in London (BST): 20 days
    expect(await daysToPay(parties.shipper.accountId, NOW)).toBe(22); // 21.5 → 22
    await paidInvoice("2025-10-01T10:00:00Z", "2025-11-25"); // paid 12 months and a day ago: does not count
    await paidInvoice("2025-10-01T10:00:00Z", "2025-11-26"); // paid 12 months ago to the day: counts, 56 days
    await issuedInvoice(parties, { taxPoint: new Date("2026-06-01T10:00:00Z") }); // unpaid: does not count
    expect(await daysToPay(parties.shipper.accountId, NOW)).toBe(33); // (23 + 20 + 56) / 3 = 33
  });

  it("for several shippers in one read; null for one that paid nothing", async () => {
    const quiet = await createShipper({ company: "Quiet Foods" });
    await paidInvoice("2026-09-01T10:00:00Z", "2026-09-11");
    const days = await daysToPayOf([parties.shipper.accountId, quiet.accountId, parties.shipper.accountId], NOW);
    expect([...days.entries()]).toEqual([[parties.shipper.accountId, 10], [quiet.accountId, null]]);
    expect(await daysToPayOf([], NOW)).toEqual(new Map());
  });

  it("is on the carrier's statement for the customer, not on the shipper's", async () => {
    const today = new Date();
    const paidDay = today.toISOString().slice(0, 10);
    await issuedInvoice(parties, { taxPoint: new Date(today.getTime() - 23 * 86_400_000), status: "paid", paidAt: day(paidDay) });
    await issuedInvoice(parties, { dueDate: day("2099-01-01") }); // outstanding, so the customer is on the statement
    const carrierPage = (await carrierOffice.browser.get("/invoices").expect(200)).text;
    expect(carrierPage).toMatch(new RegExp(`<tr id="statement_${parties.shipper.accountId}">\\s*<td data-label="Customer"><strong>Crunch Foods</strong><br><span class="muted pays-in">Pays in 2[234] days on average</span></td>`));
    expect((await shipperOffice.browser.get("/invoices").expect(200)).text).not.toContain("pays-in");
  });
});

describe("statements after credit notes", () => {
  it("count what is still owed: a part-credited invoice's rest, a fully credited one not at all", async () => {
    const part = await issuedInvoice(parties, { dueDate: day("2099-01-01") }); // £1,481.48
    await db().invoice.update({ where: { id: part.id }, data: { creditedPence: 48_148 } });
    await issuedInvoice(parties, { dueDate: day("2099-01-01"), status: "credited" });
    const carrierPage = (await carrierOffice.browser.get("/invoices").expect(200)).text;
    expect(carrierPage).toMatch(/<td data-label="Outstanding" class="nowrap">£1,000\.00<\/td>/);
  });
});
