import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { agreementTerm } from "#domain/invoices/self-billing.ts";
import { invoiceAcceptedLoad } from "#models/invoices.server.ts";
import { seed } from "../../../prisma/seed.ts";
import { seedSelfBilling } from "../../../prisma/seeds/self-billing.ts";
import { seedUsers } from "../../../prisma/seeds/users.ts";

// The demo's self-billing: Northwind ↔ Pennine in force from two days ago under Pennine's VAT
// number, so accepting the Pennine proof awaiting Northwind's review raises a self-billed invoice;
// Pennine's earlier invoices are its own; a second run adds nothing.

describe("demo self-billing", () => {
  it("has one agreement in force between Northwind and Pennine; Pennine's awaiting proof is self-billed once accepted", async () => {
    await seed(db());
    const accounts = await seedUsers(db());
    const now = new Date();
    await seedSelfBilling(db(), accounts, now);
    await seedSelfBilling(db(), accounts, now);
    const rows = await db().selfBillingAgreement.findMany({ where: { shipperAccountId: accounts.shipper, carrierAccountId: accounts.carrier } });
    const term = agreementTerm(ukDate(new Date(now.getTime() - 2 * 86_400_000)));
    expect(rows.map((row) => [row.status, ukDate(row.startsOn), ukDate(row.endsOn), row.carrierVatNumber])).toEqual([["accepted", term.startDate, term.endDate, "GB987654321"]]);
    expect(await db().invoice.count({ where: { issuerAccountId: accounts.carrier, selfBillingAgreementId: { not: null } } })).toBe(0);
    const waiting = await db().load.findFirstOrThrow({ where: { carrierAccountId: accounts.carrier, proofStatus: "awaiting_review", job: { shipperAccountId: accounts.shipper } } });
    await db().load.update({ where: { id: waiting.id }, data: { proofStatus: "accepted", proofAcceptedAt: now } });
    const invoice = await db().invoice.findUniqueOrThrow({ where: { id: (await invoiceAcceptedLoad(waiting.id))! } });
    expect(invoice).toMatchObject({ status: "issued", selfBillingAgreementId: rows[0]!.id, numberingAccountId: accounts.shipper, number: `SB${accounts.carrier}-000001` });
  });
});
