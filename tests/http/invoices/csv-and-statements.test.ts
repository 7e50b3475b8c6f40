import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { acceptAndSend, deliveredLoad, signedInAgent, signedInParties, type Parties, type Signed } from "./invoice-fixtures.ts";

// The office's invoices as Xero's import file (exact text, both sides, the list's filters, nobody
// else's invoices, drivers 404) and the statements on /invoices (outstanding, of which overdue,
// paid this month, per company on the other side).

let parties: Parties;
let shipperOffice: Signed;
let carrierOffice: Signed;

beforeEach(async () => {
  ({ parties, shipperOffice, carrierOffice } = await signedInParties());
});

/** An invoice for a load at this price, accepted now by the shipper's office (whose is `who`) and sent by the carrier's. */
async function issued(priceCents: number, job = {}, deliveredAt?: Date, who = shipperOffice, on = parties) {
  const loadId = await deliveredLoad(on, priceCents, job, deliveredAt);
  return acceptAndSend({ shipperOffice: who, carrierOffice }, loadId);
}
const csv = (who: Signed, query = "") => who.browser.get(`/invoices.csv${query}`);
/** Today as Xero's date, DD/MM/YYYY: the invoices are issued today. */
const todayXero = () => ukDate(new Date()).split("-").reverse().join("/");
/** Delivered 1 October 2026 on 14-day terms: due 15 October, overdue since. */
const OCTOBER_DELIVERY = new Date("2026-10-01T10:00:00Z");
const FRANCE = { paymentTermsDays: null, delivery: { city: "Lille", countryCode: "FR", postCode: "59000" } };
const HEADER = "ContactName,EmailAddress,InvoiceNumber,InvoiceDate,DueDate,Description,Quantity,UnitAmount,AccountCode,TaxType\r\n";

describe("GET /invoices.csv", () => {
  it("the carrier's issued invoices, one row per line: dates DD/MM/YYYY, net unit amounts, 20% and zero-rated tax types", async () => {
    await issued(123_457);
    await issued(250_000, FRANCE);
    const answer = await csv(carrierOffice).expect(200);
    expect(answer.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="invoices.csv"');
    expect(answer.headers["cache-control"]).toBe("private, no-store");
    expect(answer.text).toBe(
      HEADER +
      `Crunch Foods Ltd,accounts@crunch.example,INV-000001,${todayXero()},08/12/2026,"Carriage of load Crisps to Bristol · 1, Leeds → Bristol",1,1234.57,200,20% (VAT on Income)\r\n` +
      `Crunch Foods Ltd,accounts@crunch.example,INV-000002,${todayXero()},24/12/2026,"Carriage of load Crisps to Bristol · 1, Leeds → Lille",1,2500.00,200,Zero Rated Income\r\n`,
    );
  });

  it("the shipper's received invoices name the carrier as the contact, from the invoice's snapshot", async () => {
    await issued(123_457);
    await db().billingDetails.update({ where: { accountId: parties.carrier.accountId }, data: { legalName: "Renamed Ltd", invoiceEmail: "new@pennine.example" } });
    const answer = await csv(shipperOffice).expect(200);
    expect(answer.text).toBe(
      HEADER +
      `Pennine Haulage Ltd,invoices@pennine.example,INV-000001,${todayXero()},08/12/2026,"Carriage of load Crisps to Bristol · 1, Leeds → Bristol",1,1234.57,200,20% (VAT on Income)\r\n`,
    );
  });

  it("applies the list's state and counterpart filters; another account's invoices are never in it", async () => {
    const overdue = await issued(123_457, {}, OCTOBER_DELIVERY);
    const due = await issued(10_000);
    const otherShipper = await createShipper({ company: "Other Foods", name: "Olive Other" });
    const otherOffice = await signedInAgent(otherShipper.email);
    const theirs = await issued(20_000, {}, undefined, otherOffice, { ...parties, shipper: otherShipper });

    expect((await csv(carrierOffice, "?state=overdue")).text.split("\r\n").filter(Boolean).map((line) => line.split(",")[2])).toEqual(["InvoiceNumber", overdue.number]);
    expect((await csv(carrierOffice, "?state=issued")).text).toContain(`,${due.number},`);
    expect((await csv(carrierOffice, "?state=issued")).text).not.toContain(`,${overdue.number},`);
    expect((await csv(carrierOffice, "?state=paid")).text).toBe(HEADER);
    const theirsOnly = (await csv(carrierOffice, `?counterpart=${otherShipper.accountId}`)).text;
    expect(theirsOnly).toBe(HEADER + `Other Foods,,${theirs.number},${todayXero()},08/12/2026,"Carriage of load Crisps to Bristol · 1, Leeds → Bristol",1,200.00,200,20% (VAT on Income)\r\n`);

    expect((await csv(shipperOffice)).text).not.toContain(theirs.number);
    expect((await csv(otherOffice)).text).not.toContain(overdue.number);
    const stranger = await createCarrier({ company: "Stranger Haulage", name: "Stan Stranger" });
    expect((await csv(await signedInAgent(stranger.email))).text).toBe(HEADER);
  });

  it("404 for the carrier's driver", async () => {
    await issued(123_457);
    expect((await csv(await signedInAgent(parties.driver.email))).status).toBe(404);
  });

  it("the list links to the download with the filters it shows", async () => {
    await issued(123_457);
    const page = (await carrierOffice.browser.get(`/invoices?state=issued&counterpart=${parties.shipper.accountId}`).expect(200)).text;
    expect(page).toContain(`<a class="button" id="invoices-csv" href="/invoices.csv?state=issued&amp;counterpart=${parties.shipper.accountId}" download>Download for Xero (CSV)</a>`);
    expect((await carrierOffice.browser.get("/invoices").expect(200)).text).toContain('href="/invoices.csv" download>Download for Xero (CSV)</a>');
  });
});

describe("statements on /invoices", () => {
  it("per counterpart: outstanding, of which overdue, and paid this month, for both offices", async () => {
    await issued(123_457, {}, OCTOBER_DELIVERY); // £1,481.48 gross, overdue
    await issued(10_000); // £120.00, not due yet
    const paid = await issued(50_000); // £600.00, paid today
    await shipperOffice.browser.post(`/invoices/${paid.id}/payment`).type("form").send({ _csrf: shipperOffice.csrf, paid_on: ukDate(new Date()), reference: "BACS 1" }).expect(303);
    const lastMonth = await issued(70_000); // paid before this month: not in the statement
    await db().invoice.update({ where: { id: lastMonth.id }, data: { status: "paid", paidAt: new Date("2026-10-31T00:00:00Z") } });

    const carrierPage = (await carrierOffice.browser.get("/invoices").expect(200)).text;
    expect(carrierPage).toContain('<h2 id="statements-heading">What customers owe you</h2>');
    expect(carrierPage).toMatch(statementRow(parties.shipper.accountId, "Crunch Foods", "£1,601.48", "<strong>£1,481.48</strong>", "£600.00"));
    const shipperPage = (await shipperOffice.browser.get("/invoices").expect(200)).text;
    expect(shipperPage).toContain('<h2 id="statements-heading">What you owe carriers</h2>');
    expect(shipperPage).toMatch(statementRow(parties.carrier.accountId, "Pennine Haulage", "£1,601.48", "<strong>£1,481.48</strong>", "£600.00"));
  });

  it("no statement without invoices", async () => {
    expect((await carrierOffice.browser.get("/invoices").expect(200)).text).not.toContain("statements-heading");
  });
});

function statementRow(id: number, name: string, outstanding: string, overdue: string, paid: string): RegExp {
  const cell = (label: string, value: string) => `<td data-label="${label}" class="nowrap">${value}</td>`;
  // The carrier's row also says how quickly the customer pays (tests/http/invoices/days-to-pay.test.ts).
  const cells = [`<td data-label="[^"]+"><strong>${name}</strong>(?:<br><span class="muted pays-in">[^<]+</span>)?</td>`, cell("Outstanding", outstanding), cell("Of which overdue", overdue), cell("Paid this month", paid)];
  return new RegExp(`<tr id="statement_${id}">\\s*${cells.join("\\s*")}\\s*</tr>`);
}
