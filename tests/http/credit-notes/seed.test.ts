import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { seedCreditNotes } from "../../../prisma/seeds/credit-notes.ts";
import { createParties } from "../invoices/invoice-fixtures.ts";
import { issuedInvoice } from "./issued-invoice.ts";

// The demo's credit notes (prisma/seeds/credit-notes.ts, run after the demo invoices): the carrier's
// newest unpaid invoice to the shipper is credited in whole and the one before it in part, numbered
// CN-000001 and CN-000002 in the carrier's series; a paid one is left alone; a second run adds nothing.

describe("demo credit notes", () => {
  it("one invoice credited in whole, one in part, in the carrier's CN series; a second run adds nothing", async () => {
    const parties = await createParties();
    const paid = await issuedInvoice(parties, { status: "paid", paidAt: new Date("2026-11-20T00:00:00Z") });
    const older = await issuedInvoice(parties, { lines: [{ netPence: 80_001, vatRateBp: 2000 }] }); // £960.01 gross
    const newest = await issuedInvoice(parties);
    const accounts = { shipper: parties.shipper.accountId, carrier: parties.carrier.accountId };
    await seedCreditNotes(db(), accounts);
    await seedCreditNotes(db(), accounts);
    const notes = await db().creditNote.findMany({ orderBy: { id: "asc" }, include: { invoice: true } });
    expect(notes.map((note) => [note.number, note.numberingAccountId, note.invoiceId])).toEqual([["CN-000001", accounts.carrier, newest.id], ["CN-000002", accounts.carrier, older.id]]);
    const [whole, part] = notes;
    expect(whole!.invoice).toMatchObject({ status: "credited", creditedPence: newest.grossPence });
    expect([whole!.grossPence, whole!.vatPence]).toEqual([newest.grossPence, newest.vatPence]);
    expect(part!.invoice).toMatchObject({ status: "issued", creditedPence: 24_000 }); // a quarter of £960.01, in whole pence
    expect([part!.grossPence, part!.vatPence, part!.netPence]).toEqual([24_000, 4_000, 20_000]);
    expect(await db().creditNote.count({ where: { invoiceId: paid.id } })).toBe(0);
  });
});
