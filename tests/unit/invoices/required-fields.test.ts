import { describe, expect, it } from "vitest";
import { CREDIT_NOTE_FIELDS, SELF_BILLED_INVOICE_FIELDS, VAT_INVOICE_FIELDS } from "#domain/invoices/required-fields.ts";

describe("what a full VAT invoice must show (VAT Regulations 1995, reg. 14(1); VAT Notice 700 §16)", () => {
  it.each([
    { key: "invoice_number", where: "invoice" },
    { key: "issue_date", where: "invoice" },
    { key: "tax_point", where: "invoice" },
    { key: "supplier_name_address", where: "invoice" },
    { key: "supplier_vat_number", where: "invoice" },
    { key: "customer_name_address", where: "invoice" },
    { key: "description", where: "line" },
    { key: "quantity", where: "line" },
    { key: "unit_price", where: "line" },
    { key: "vat_rate", where: "line" },
    { key: "line_net", where: "line" },
    { key: "total_net", where: "invoice" },
    { key: "total_vat", where: "invoice" },
    { key: "zero_rated_total", where: "invoice" },
    { key: "cash_discount", where: "invoice" },
    { key: "total_gross", where: "invoice" },
  ])("$key, once per $where", ({ key, where }) => {
    expect(VAT_INVOICE_FIELDS.find((field) => field.key === key)?.where).toBe(where);
  });

  it.each([
    { name: "VAT invoice", fields: VAT_INVOICE_FIELDS, count: 16 },
    { name: "self-billed invoice", fields: SELF_BILLED_INVOICE_FIELDS, count: 3 },
    { name: "credit note", fields: CREDIT_NOTE_FIELDS, count: 4 },
  ])("the $name list has $count fields, each key once and each labelled", ({ fields, count }) => {
    expect(fields).toHaveLength(count);
    expect(new Set(fields.map((field) => field.key)).size).toBe(count);
    expect(fields.every((field) => field.label.length > 0)).toBe(true);
  });

  it("a self-billed invoice names Notice 700/62's exact wording", () => {
    expect(SELF_BILLED_INVOICE_FIELDS.map((field) => field.label)).toEqual([
      "The words \"Self-billed invoice\"",
      "The statement \"The VAT shown is your output tax due to HMRC\"",
      "The carrier's (the supplier's) VAT registration number",
    ]);
  });
});
