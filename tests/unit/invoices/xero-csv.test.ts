import { describe, expect, it } from "vitest";
import {
  DEFAULT_XERO_ACCOUNT_CODE, XERO_COLUMNS, xeroCsv, xeroDate, xeroTaxType, type XeroInvoice,
} from "#domain/invoices/xero-csv.ts";

const HEADER = "ContactName,EmailAddress,InvoiceNumber,InvoiceDate,DueDate,Description,Quantity,UnitAmount,AccountCode,TaxType";

const invoice = (overrides: Partial<XeroInvoice> = {}): XeroInvoice => ({
  contactName: "Acme Foods Ltd",
  emailAddress: "accounts@acme.example",
  invoiceNumber: "INV-000042",
  invoiceDate: "2027-03-14",
  dueDate: "2027-04-13",
  lines: [{ description: "Leeds to Bristol, 26 pallets", quantity: 1, unitPence: 45_000, rateBp: 2000 }],
  ...overrides,
});
const line = (description: string) => ({ description, quantity: 1, unitPence: 100, rateBp: 2000 });
/** The one data row of a one-line invoice. */
const rowOf = (file: string) => file.split("\r\n")[1];

describe("Xero's invoice import", () => {
  it("has Xero's column names, in order", () => {
    expect(XERO_COLUMNS.join(",")).toBe(HEADER);
    expect(xeroCsv([])).toBe(`${HEADER}\r\n`);
  });

  it("writes one row per line, the invoice's columns repeated, CRLF line ends", () => {
    const mixed = invoice({
      lines: [
        { description: "Leeds to Bristol", quantity: 1, unitPence: 45_000, rateBp: 2000 },
        { description: "Dover to Calais", quantity: 2, unitPence: 123_456_789, rateBp: 0 },
      ],
    });
    expect(xeroCsv([mixed])).toBe([
      HEADER,
      "Acme Foods Ltd,accounts@acme.example,INV-000042,14/03/2027,13/04/2027,Leeds to Bristol,1,450.00,200,20% (VAT on Income)",
      "Acme Foods Ltd,accounts@acme.example,INV-000042,14/03/2027,13/04/2027,Dover to Calais,2,1234567.89,200,Zero Rated Income",
      "",
    ].join("\r\n"));
  });

  it("takes the account code from the setting", () => {
    expect(DEFAULT_XERO_ACCOUNT_CODE).toBe("200");
    expect(rowOf(xeroCsv([invoice()], "4000"))).toBe(
      "Acme Foods Ltd,accounts@acme.example,INV-000042,14/03/2027,13/04/2027,\"Leeds to Bristol, 26 pallets\",1,450.00,4000,20% (VAT on Income)",
    );
  });

  it.each([
    { unitPence: 1, amount: "0.01" },
    { unitPence: 10, amount: "0.10" },
    { unitPence: 100, amount: "1.00" },
    { unitPence: 100_000_000, amount: "1000000.00" },
    { unitPence: -500, amount: "-5.00" }, // a number we wrote: no apostrophe
  ])("UnitAmount of $unitPence pence is $amount", ({ unitPence, amount }) => {
    const row = rowOf(xeroCsv([invoice({ lines: [{ description: "Carriage", quantity: 1, unitPence, rateBp: 2000 }] })]));
    expect(row?.split(",")[7]).toBe(amount);
  });
});

describe("CSV escaping of text we did not write", () => {
  it.each([
    { description: "Plain", cell: "Plain" },
    { description: "Leeds, then Bristol", cell: "\"Leeds, then Bristol\"" },
    { description: "The \"big\" load", cell: "\"The \"\"big\"\" load\"" },
    { description: "Two\nlines", cell: "\"Two\nlines\"" },
    { description: "Two\r\nlines", cell: "\"Two\r\nlines\"" },
    { description: "=HYPERLINK(\"http://x.example\")", cell: "\"'=HYPERLINK(\"\"http://x.example\"\")\"" },
    { description: "=1+1", cell: "'=1+1" },
    { description: "+44 20 7946 0000", cell: "'+44 20 7946 0000" },
    { description: "-2 pallets", cell: "'-2 pallets" },
    { description: "@SUM(A1)", cell: "'@SUM(A1)" },
    { description: "\t=1+1", cell: "'\t=1+1" },
    { description: "Pallets = 26", cell: "Pallets = 26" }, // only a leading character is a formula
  ])("$description → $cell", ({ description, cell }) => {
    const file = xeroCsv([invoice({ lines: [line(description)] })]);
    expect(file).toContain(`,${cell},1,1.00,200,20% (VAT on Income)\r\n`);
  });

  it("neutralises the contact, the e-mail address and the number too", () => {
    const file = xeroCsv([invoice({ contactName: "=Evil Ltd", emailAddress: "@mention", invoiceNumber: "-1" })]);
    expect(rowOf(file)?.startsWith("'=Evil Ltd,'@mention,'-1,14/03/2027")).toBe(true);
  });
});

describe("dates and tax types", () => {
  it.each([
    { iso: "2027-03-14", text: "14/03/2027" },
    { iso: "2028-02-29", text: "29/02/2028" },
    { iso: "2027-12-01", text: "01/12/2027" },
  ])("$iso → $text", ({ iso, text }) => {
    expect(xeroDate(iso)).toBe(text);
  });

  it.each(["14/03/2027", "2027-3-14", ""])("refuses the date %j", (iso) => {
    expect(() => xeroDate(iso)).toThrow(RangeError);
  });

  it.each([
    { rateBp: 2000, taxType: "20% (VAT on Income)" },
    { rateBp: 0, taxType: "Zero Rated Income" },
  ])("$rateBp bp → $taxType", ({ rateBp, taxType }) => {
    expect(xeroTaxType(rateBp)).toBe(taxType);
  });

  it.each([500, 1750])("refuses a rate Xero is not given a name for: %s bp", (rateBp) => {
    expect(() => xeroCsv([invoice({ lines: [{ description: "x", quantity: 1, unitPence: 1, rateBp }] })])).toThrow(RangeError);
  });

  it.each([
    { quantity: 1.5, unitPence: 100 },
    { quantity: -1, unitPence: 100 },
    { quantity: 1, unitPence: 100.5 },
  ])("refuses quantity $quantity at $unitPence pence", ({ quantity, unitPence }) => {
    expect(() => xeroCsv([invoice({ lines: [{ description: "x", quantity, unitPence, rateBp: 2000 }] })])).toThrow(RangeError);
  });
});
