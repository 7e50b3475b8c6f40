// What a full VAT invoice must show: the VAT Regulations 1995, reg. 14(1), as HMRC's VAT Notice 700
// §16 and its manual VATREC5010 explain them. A checklist for the invoice page, its PDF and their
// tests: each field says whether it is shown once on the invoice or on every line, and when it applies.
// Self-billed invoices (VAT Notice 700/62) and credit notes (gov.uk "VAT for businesses: returned
// goods") show everything here and the extra fields below.

export type RequiredField = {
  key: string;
  label: string;
  where: "invoice" | "line";
  /** Set when the field is needed only in some cases. */
  when?: string;
};

export const VAT_INVOICE_FIELDS: readonly RequiredField[] = [
  { key: "invoice_number", label: "A unique number, next in its series", where: "invoice" },
  { key: "issue_date", label: "The date it was issued", where: "invoice" },
  { key: "tax_point", label: "The time of supply (tax point)", where: "invoice", when: "shown apart when it differs from the date of issue" },
  { key: "supplier_name_address", label: "The supplier's name and address", where: "invoice" },
  { key: "supplier_vat_number", label: "The supplier's VAT registration number", where: "invoice" },
  { key: "customer_name_address", label: "The customer's name and address", where: "invoice" },
  { key: "description", label: "A description that identifies the service supplied", where: "line" },
  { key: "quantity", label: "The quantity or extent of the service", where: "line" },
  { key: "unit_price", label: "The unit price, excluding VAT", where: "line" },
  { key: "vat_rate", label: "The rate of VAT", where: "line" },
  { key: "line_net", label: "The amount payable, excluding VAT", where: "line" },
  { key: "total_net", label: "The total amount payable, excluding VAT", where: "invoice" },
  { key: "total_vat", label: "The total VAT charged, in sterling", where: "invoice" },
  { key: "zero_rated_total", label: "No VAT payable on zero-rated lines, and their total shown separately", where: "invoice", when: "any line is zero-rated" },
  { key: "cash_discount", label: "The rate of any cash discount offered", where: "invoice", when: "a discount for prompt payment is offered" },
  { key: "total_gross", label: "The total amount payable, including VAT", where: "invoice" },
];

export const SELF_BILLED_INVOICE_FIELDS: readonly RequiredField[] = [
  { key: "self_billed_heading", label: "The words \"Self-billed invoice\"", where: "invoice" },
  { key: "output_tax_statement", label: "The statement \"The VAT shown is your output tax due to HMRC\"", where: "invoice", when: "VAT is charged" },
  { key: "supplier_vat_number", label: "The carrier's (the supplier's) VAT registration number", where: "invoice", when: "the carrier is VAT-registered" },
];

export const CREDIT_NOTE_FIELDS: readonly RequiredField[] = [
  { key: "credit_reason", label: "Why it was issued", where: "invoice" },
  { key: "credited_net", label: "The total amount credited, excluding VAT", where: "invoice" },
  { key: "credited_vat", label: "The VAT credited", where: "invoice" },
  { key: "original_invoice", label: "The number and date of the original VAT invoice", where: "invoice" },
];
