import { describe, expect, it } from "vitest";
import { invoiceLetter, invoiceMailSubject, type InvoiceMail } from "#domain/invoices/letters.ts";

const base: InvoiceMail = {
  number: "INV-000042", selfBilled: false, supplier: "Pennine Haulage Ltd", customer: "Northwind Foods Ltd",
  grossPence: 123_456, dueDate: new Date("2027-03-12T00:00:00Z"), link: "https://loadline.example/invoices/7",
};

describe("the e-mail that carries an invoice", () => {
  it.each([
    [base, "Invoice INV-000042 from Pennine Haulage Ltd: £1,234.56 due 12 March 2027"],
    [{ ...base, number: "SB12-000003", selfBilled: true }, "Self-billed invoice SB12-000003 raised by Northwind Foods Ltd: £1,234.56 due 12 March 2027"],
    [{ ...base, grossPence: 5, dueDate: new Date("2027-10-31T00:00:00Z") }, "Invoice INV-000042 from Pennine Haulage Ltd: £0.05 due 31 October 2027"],
  ])("is titled with the number, who it is from, the amount and the due date (%#)", (invoice, subject) => {
    expect(invoiceMailSubject(invoice)).toBe(subject);
  });

  it("says who sent it, what is owed by when, and where it is on Loadline", () => {
    const { text } = invoiceLetter(base);
    expect(text).toContain("Pennine Haulage Ltd has sent Northwind Foods Ltd invoice INV-000042.");
    expect(text).toContain("Amount: £1,234.56 (VAT included)\nPayment due: 12 March 2027");
    expect(text).toContain("It is also on Loadline: https://loadline.example/invoices/7");
    expect(text).not.toContain("output tax");
  });

  it("tells a self-billed carrier the VAT shown is its output tax", () => {
    const { text } = invoiceLetter({ ...base, number: "SB12-000003", selfBilled: true });
    expect(text).toContain("Northwind Foods Ltd raised self-billed invoice SB12-000003 for the carriage Pennine Haulage Ltd supplied");
    expect(text).toContain("The VAT shown is your output tax due to HMRC.");
  });
});
