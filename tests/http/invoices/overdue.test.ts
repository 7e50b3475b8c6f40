import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { sendOverdueNotices } from "#models/invoices/overdue.server.ts";
import { createUser } from "../../support/fixtures.ts";
import { issuedInvoice } from "../credit-notes/issued-invoice.ts";
import { signedInParties, type Parties, type Signed } from "./invoice-fixtures.ts";

// Overdue notices: an invoice unpaid on its due date (24 November 2026) is overdue from the 25th, and
// both offices on it (not the driver) are told at 08:00 UK time that morning, or at the first sweep
// after it, exactly once, however many sweeps run, at once or again.

let parties: Parties;
let carrierOffice: Signed;

beforeEach(async () => {
  ({ parties, carrierOffice } = await signedInParties());
});

const DUE = new Date("2026-11-24T00:00:00Z");
const noticesOf = (invoiceId: number) =>
  db().notification.findMany({ where: { kind: "invoice_overdue", path: `/invoices/${invoiceId}` }, select: { userId: true, title: true, body: true }, orderBy: { userId: "asc" } });

describe("telling both offices an invoice is overdue", () => {
  it("nothing before 08:00 the day after; at 08:00 each office user is told once, with who owes what; the driver is not", async () => {
    const colleague = await createUser("shipper", { role: "admin", accountId: parties.shipper.accountId, name: "Sue Shipper" });
    const invoice = await issuedInvoice(parties, { dueDate: DUE });
    await sendOverdueNotices(new Date("2026-11-24T23:00:00Z"));
    await sendOverdueNotices(new Date("2026-11-25T07:59:59Z"));
    expect(await noticesOf(invoice.id)).toEqual([]);
    expect((await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } })).overdueNotifiedAt).toBeNull();

    await sendOverdueNotices(new Date("2026-11-25T08:00:00Z"));
    const told = await noticesOf(invoice.id);
    const toCarrier = { title: "Invoice INV-000001 is overdue", body: "Crunch Foods has not paid £1,481.48, due on 24 November 2026." };
    const toShipper = { title: "Invoice INV-000001 is overdue", body: "You have not paid Pennine Haulage £1,481.48, due on 24 November 2026." };
    expect(told).toEqual(
      [{ userId: parties.shipper.id, ...toShipper }, { userId: parties.carrier.id, ...toCarrier }, { userId: colleague.id, ...toShipper }].sort((a, b) => a.userId - b.userId),
    );
    expect((await db().invoice.findUniqueOrThrow({ where: { id: invoice.id } })).overdueNotifiedAt).toEqual(new Date("2026-11-25T08:00:00Z"));

    await sendOverdueNotices(new Date("2026-11-25T08:01:00Z"));
    await sendOverdueNotices(new Date("2026-12-01T08:00:00Z"));
    expect(await noticesOf(invoice.id)).toHaveLength(3);
    expect(told.some((notice) => notice.userId === parties.driver.id)).toBe(false);
    const page = await carrierOffice.browser.get("/notifications").expect(200);
    expect(page.text).toContain("Crunch Foods has not paid £1,481.48, due on 24 November 2026.");
  });

  it("a first sweep days later tells once; two sweeps at once tell once between them", async () => {
    const invoice = await issuedInvoice(parties, { dueDate: DUE });
    const late = new Date("2026-12-03T15:00:00Z");
    await Promise.all([sendOverdueNotices(late), sendOverdueNotices(late), sendOverdueNotices(late)]);
    expect(await noticesOf(invoice.id)).toHaveLength(2);
  });

  it("says what is still owed after a part credit; a paid, a fully credited or a draft invoice is never told", async () => {
    const part = await issuedInvoice(parties, { dueDate: DUE });
    await db().invoice.update({ where: { id: part.id }, data: { creditedPence: 48_148 } });
    const paid = await issuedInvoice(parties, { dueDate: DUE, status: "paid", paidAt: new Date("2026-11-26T00:00:00Z") });
    const credited = await issuedInvoice(parties, { dueDate: DUE, status: "credited" });
    const draft = await issuedInvoice(parties, { dueDate: DUE });
    await db().invoice.update({ where: { id: draft.id }, data: { status: "draft", number: null, sequence: null } });
    await sendOverdueNotices(new Date("2026-11-26T09:00:00Z"));
    expect((await noticesOf(part.id)).map((notice) => notice.body)).toContain("Crunch Foods has not paid £1,000.00, due on 24 November 2026.");
    for (const quiet of [paid, credited, draft]) expect(await noticesOf(quiet.id)).toEqual([]);
  });

  it("in summer the notice goes at 08:00 BST (07:00 UTC)", async () => {
    const invoice = await issuedInvoice(parties, { dueDate: new Date("2027-06-30T00:00:00Z") });
    await sendOverdueNotices(new Date("2027-07-01T06:59:00Z"));
    expect(await noticesOf(invoice.id)).toEqual([]);
    await sendOverdueNotices(new Date("2027-07-01T07:00:00Z"));
    expect(await noticesOf(invoice.id)).toHaveLength(2);
  });
});
