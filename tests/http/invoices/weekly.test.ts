import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { createCarrier } from "../../support/fixtures.ts";
import { acceptProof, deliveredLoad, invoiceOfLoad, sendDraft, signedInParties, type Parties, type Signed } from "./invoice-fixtures.ts";

// Weekly grouping: a shipper whose billing details say "weekly" gets one invoice per carrier per ISO
// week (UK days): an accepted load joins the carrier's open draft for that week, a line per load,
// each line's tax point its delivery and the invoice's the latest; a sent draft takes no more loads;
// self-billed invoices stay one per load.

let parties: Parties;
let shipperOffice: Signed;
let carrierOffice: Signed;

beforeEach(async () => {
  ({ parties, shipperOffice, carrierOffice } = await signedInParties());
  await db().billingDetails.update({ where: { accountId: parties.shipper.accountId }, data: { invoiceGrouping: "weekly" } });
});

/** Delivered then, its proof accepted now: the invoice it is on. */
async function accepted(priceCents: number, deliveredAt: string, on = parties) {
  const loadId = await deliveredLoad(on, priceCents, {}, new Date(deliveredAt));
  await acceptProof(shipperOffice, loadId);
  return { loadId, invoice: await invoiceOfLoad(loadId) };
}

describe("weekly grouping", () => {
  it("loads delivered Monday and Wednesday share one draft (a line each, tax point the later); the next Monday starts another", async () => {
    const monday = await accepted(10_000, "2026-11-23T09:00:00Z");
    const wednesday = await accepted(20_000, "2026-11-25T16:30:00Z");
    const nextWeek = await accepted(30_000, "2026-11-30T08:00:00Z");
    expect(wednesday.invoice.id).toBe(monday.invoice.id);
    expect(nextWeek.invoice.id).not.toBe(monday.invoice.id);
    expect(wednesday.invoice).toMatchObject({
      status: "draft", netPence: 30_000, vatPence: 6_000, grossPence: 36_000, taxPoint: new Date("2026-11-25T16:30:00Z"), dueDate: new Date("2026-12-09T00:00:00Z"),
    });
    expect(wednesday.invoice.lines.map((line) => [line.loadId, line.deliveryDate.toISOString(), line.netPence])).toEqual([
      [monday.loadId, "2026-11-23T09:00:00.000Z", 10_000],
      [wednesday.loadId, "2026-11-25T16:30:00.000Z", 20_000],
    ]);
    const page = (await carrierOffice.browser.get(`/invoices/${monday.invoice.id}`).expect(200)).text;
    expect(page).toContain("delivered 23 Nov 2026");
    expect(page).toContain("delivered 25 Nov 2026");
  });

  it("a load delivered late on Sunday (UK time) joins that week; one delivered in its first minutes of Monday does not", async () => {
    const tuesday = await accepted(10_000, "2026-11-24T10:00:00Z");
    const sundayNight = await accepted(10_000, "2026-11-29T23:59:00Z"); // GMT in November: still Sunday
    const mondayMorning = await accepted(10_000, "2026-11-30T00:01:00Z");
    expect(sundayNight.invoice.id).toBe(tuesday.invoice.id);
    expect(mondayMorning.invoice.id).not.toBe(tuesday.invoice.id);
  });

  it("once the week's draft is sent, a later load of the same week starts a new draft", async () => {
    const first = await accepted(10_000, "2026-11-23T09:00:00Z");
    await sendDraft(carrierOffice, first.invoice.id).expect(303);
    const second = await accepted(20_000, "2026-11-26T09:00:00Z");
    expect(second.invoice.id).not.toBe(first.invoice.id);
    expect(second.invoice).toMatchObject({ status: "draft", netPence: 20_000 });
    expect(await db().invoice.findUniqueOrThrow({ where: { id: first.invoice.id }, select: { status: true, netPence: true } })).toEqual({ status: "issued", netPence: 10_000 });
  });

  it("each carrier has its own draft for the week", async () => {
    const other = await createCarrier({ company: "Severn Freight" });
    const ours = await accepted(10_000, "2026-11-23T09:00:00Z");
    const theirs = await accepted(20_000, "2026-11-24T09:00:00Z", { ...parties, carrier: other, driver: other });
    expect(theirs.invoice.id).not.toBe(ours.invoice.id);
    expect(theirs.invoice.issuerAccountId).toBe(other.accountId);
  });

  it("five loads of one week accepted at once share one draft (on PostgreSQL the acceptances really overlap)", async () => {
    const loadIds: number[] = [];
    for (let i = 0; i < 5; i += 1) loadIds.push(await deliveredLoad(parties, 10_000 + i, {}, new Date(`2026-11-2${3 + i}T09:00:00Z`)));
    await Promise.all(loadIds.map((loadId) => acceptProof(shipperOffice, loadId)));
    const drafts = await db().invoice.findMany({ where: { issuerAccountId: parties.carrier.accountId }, select: { status: true, netPence: true, taxPoint: true, _count: { select: { lines: true } } } });
    expect(drafts).toEqual([{ status: "draft", netPence: 50_010, taxPoint: new Date("2026-11-27T09:00:00Z"), _count: { lines: 5 } }]);
  });

  it("a shipper invoiced per load gets a draft per load", async () => {
    await db().billingDetails.update({ where: { accountId: parties.shipper.accountId }, data: { invoiceGrouping: "per_load" } });
    const first = await accepted(10_000, "2026-11-23T09:00:00Z");
    const second = await accepted(20_000, "2026-11-24T09:00:00Z");
    expect(second.invoice.id).not.toBe(first.invoice.id);
  });

  it("self-billed invoices stay one per load", async () => {
    await db().selfBillingAgreement.create({
      data: {
        shipperAccountId: parties.shipper.accountId, carrierAccountId: parties.carrier.accountId, status: "accepted", startsOn: new Date("2026-11-01T00:00:00Z"),
        endsOn: new Date("2027-10-31T00:00:00Z"), carrierVatNumber: "GB987654321", offeredById: parties.shipper.id,
      },
    });
    const first = await accepted(10_000, "2026-11-23T09:00:00Z");
    const second = await accepted(20_000, "2026-11-24T09:00:00Z");
    expect([first.invoice.status, second.invoice.status]).toEqual(["issued", "issued"]);
    expect(second.invoice.id).not.toBe(first.invoice.id);
  });
});
