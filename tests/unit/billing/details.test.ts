import { describe, expect, it } from "vitest";
import {
  BILLING_MESSAGES as M, bankDetailsChanged, billingDetailsSchema, billingFormValues, normaliseAddress, type BillingKind,
} from "#domain/billing/details.ts";

// The billing-details form, rule by rule: each field's reading (normalised values) and its message.

const shipperForm = (overrides: Record<string, unknown> = {}) => ({
  legal_name: "Acme Foods Ltd",
  company_number: "01234567",
  registered_address: "1 High Street\nLeeds\nLS1 4AP",
  vat_number: "",
  invoice_email: "accounts@acme.example",
  payment_terms_days: "30",
  invoice_grouping: "per_load",
  ...overrides,
});
const carrierForm = (overrides: Record<string, unknown> = {}) => ({
  legal_name: "Alpha Haulage Ltd",
  company_number: "SC123456",
  registered_address: "2 Dock Road\nGlasgow",
  vat_number: "GB123456789",
  invoice_email: "billing@alpha.example",
  sort_code: "",
  account_number: "",
  current_password: "",
  ...overrides,
});
const formFor = (kind: BillingKind, overrides: Record<string, unknown>) => (kind === "shipper" ? shipperForm(overrides) : carrierForm(overrides));

const messagesOf = (kind: BillingKind, input: unknown) => {
  const parsed = billingDetailsSchema(kind).safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};
const read = (kind: BillingKind, input: unknown) => {
  const parsed = billingDetailsSchema(kind).safeParse(input);
  if (!parsed.success) throw new Error(`expected valid details, got ${JSON.stringify(parsed.error.issues)}`);
  return parsed.data;
};

describe("the fields both kinds share", () => {
  it.each<[string, Record<string, unknown>, string, string | null]>([
    // [case, overrides, column, stored value]
    ["legal name trimmed", { legal_name: "  Acme Foods Ltd  " }, "legalName", "Acme Foods Ltd"],
    ["legal name of 160 characters", { legal_name: "A".repeat(160) }, "legalName", "A".repeat(160)],
    ["company number of 8 digits", { company_number: "01234567" }, "companyNumber", "01234567"],
    ["company number with spaces, lower case", { company_number: " sc 123 456 " }, "companyNumber", "SC123456"],
    ["company number NI prefix", { company_number: "ni012345" }, "companyNumber", "NI012345"],
    ["company number left empty", { company_number: "" }, "companyNumber", null],
    ["company number left out", { company_number: undefined }, "companyNumber", null],
    ["company number only spaces", { company_number: "   " }, "companyNumber", null],
    ["address lines trimmed, blank lines dropped", { registered_address: " 1 High Street \r\n\r\n Leeds\r\nLS1 4AP \n" }, "registeredAddress", "1 High Street\nLeeds\nLS1 4AP"],
    ["address on one line", { registered_address: "1 High Street, Leeds LS1 4AP" }, "registeredAddress", "1 High Street, Leeds LS1 4AP"],
    ["VAT number of 9 digits", { vat_number: "GB123456789" }, "vatNumber", "GB123456789"],
    ["VAT number with spaces, lower case", { vat_number: "gb 123 4567 89" }, "vatNumber", "GB123456789"],
    ["VAT number of a branch (12 digits)", { vat_number: "GB123456789001" }, "vatNumber", "GB123456789001"],
    ["VAT number left empty: not VAT-registered", { vat_number: "" }, "vatNumber", null],
    ["VAT number left out", { vat_number: undefined }, "vatNumber", null],
    ["invoice e-mail trimmed, lower case", { invoice_email: "  Accounts@Acme.Example " }, "invoiceEmail", "accounts@acme.example"],
  ])("%s", (_case, overrides, column, stored) => {
    for (const kind of ["shipper", "carrier"] as const) {
      expect((read(kind, formFor(kind, overrides)).columns as Record<string, unknown>)[column]).toBe(stored);
    }
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ["no legal name", { legal_name: "" }, "legal_name", M.legalName],
    ["a legal name of spaces", { legal_name: "   " }, "legal_name", M.legalName],
    ["no legal name at all", { legal_name: undefined }, "legal_name", M.legalName],
    ["a legal name posted twice", { legal_name: ["A", "B"] }, "legal_name", M.legalName],
    ["a legal name of 161 characters", { legal_name: "A".repeat(161) }, "legal_name", M.legalNameTooLong],
    ["a company number of 7 digits", { company_number: "1234567" }, "company_number", M.companyNumber],
    ["a company number of 9 digits", { company_number: "123456789" }, "company_number", M.companyNumber],
    ["a company number with one letter", { company_number: "S1234567" }, "company_number", M.companyNumber],
    ["a company number with three letters", { company_number: "SCO12345" }, "company_number", M.companyNumber],
    ["a company number with letters last", { company_number: "123456SC" }, "company_number", M.companyNumber],
    ["a company number with a hyphen", { company_number: "0123-4567" }, "company_number", M.companyNumber],
    ["a company number posted twice", { company_number: ["01234567", "01234567"] }, "company_number", M.companyNumber],
    ["no registered address", { registered_address: "" }, "registered_address", M.registeredAddress],
    ["an address of blank lines", { registered_address: " \n \r\n " }, "registered_address", M.registeredAddress],
    ["an address of 501 characters", { registered_address: "A".repeat(501) }, "registered_address", M.registeredAddressTooLong],
    ["a VAT number without GB", { vat_number: "123456789" }, "vat_number", M.vatNumber],
    ["a VAT number of 10 digits", { vat_number: "GB1234567890" }, "vat_number", M.vatNumber],
    ["a VAT number of 8 digits", { vat_number: "GB12345678" }, "vat_number", M.vatNumber],
    ["another country's VAT number", { vat_number: "IE1234567X" }, "vat_number", M.vatNumber],
    ["no invoice e-mail", { invoice_email: "" }, "invoice_email", M.invoiceEmail],
    ["no invoice e-mail at all", { invoice_email: undefined }, "invoice_email", M.invoiceEmail],
    ["an invoice e-mail without @", { invoice_email: "accounts.acme.example" }, "invoice_email", M.invoiceEmailFormat],
    ["an invoice e-mail without a domain", { invoice_email: "accounts@" }, "invoice_email", M.invoiceEmailFormat],
    ["an invoice e-mail of 255 characters", { invoice_email: `${"a".repeat(243)}@acme.example` }, "invoice_email", M.invoiceEmailFormat],
  ])("%s: %s → %s", (_case, overrides, field, message) => {
    for (const kind of ["shipper", "carrier"] as const) {
      expect(messagesOf(kind, formFor(kind, overrides))).toEqual({ [field]: message });
    }
  });

  it("exact messages, as the product words them", () => {
    expect(M.legalName).toBe("Enter the company's registered name");
    expect(M.companyNumber).toBe("Enter a company number like 01234567 or SC123456");
    expect(M.registeredAddress).toBe("Enter the registered office address");
    expect(M.vatNumber).toBe("Enter a VAT number like GB123456789, or leave it empty if not VAT-registered");
    expect(M.paymentTerms).toBe("Enter payment terms from 1 to 120 days");
    expect(M.bankTogether).toBe("Enter the sort code and the account number together");
    expect(M.currentPassword).toBe("Enter your current password to change bank details");
  });
});

describe("a shipper's payment terms and invoice grouping", () => {
  it.each<[string, Record<string, unknown>, number, string]>([
    ["30 days, one invoice per load", {}, 30, "per_load"],
    ["1 day", { payment_terms_days: "1" }, 1, "per_load"],
    ["120 days", { payment_terms_days: "120" }, 120, "per_load"],
    ["days with spaces", { payment_terms_days: " 45 " }, 45, "per_load"],
    ["days as a JSON number", { payment_terms_days: 60 }, 60, "per_load"],
    ["terms left out: 30", { payment_terms_days: undefined }, 30, "per_load"],
    ["weekly", { invoice_grouping: "weekly" }, 30, "weekly"],
    ["grouping left out: per load", { invoice_grouping: undefined }, 30, "per_load"],
  ])("%s", (_case, overrides, days, grouping) => {
    const { columns, bank } = read("shipper", shipperForm(overrides));
    expect([columns.paymentTermsDays, columns.invoiceGrouping, bank]).toEqual([days, grouping, null]);
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ["0 days", { payment_terms_days: "0" }, "payment_terms_days", M.paymentTerms],
    ["121 days", { payment_terms_days: "121" }, "payment_terms_days", M.paymentTerms],
    ["negative days", { payment_terms_days: "-5" }, "payment_terms_days", M.paymentTerms],
    ["part of a day", { payment_terms_days: "30.5" }, "payment_terms_days", M.paymentTerms],
    ["a JSON fraction", { payment_terms_days: 30.5 }, "payment_terms_days", M.paymentTerms],
    ["words", { payment_terms_days: "thirty" }, "payment_terms_days", M.paymentTerms],
    ["terms left empty", { payment_terms_days: "" }, "payment_terms_days", M.paymentTerms],
    ["an unknown grouping", { invoice_grouping: "monthly" }, "invoice_grouping", M.invoiceGrouping],
    ["an empty grouping", { invoice_grouping: "" }, "invoice_grouping", M.invoiceGrouping],
  ])("%s → %s", (_case, overrides, field, message) => {
    expect(messagesOf("shipper", shipperForm(overrides))).toEqual({ [field]: message });
  });

  it("ignores bank details a shipper's form does not have", () => {
    const { columns, bank } = read("shipper", shipperForm({ sort_code: "12-34-56", account_number: "31926819" }));
    expect(bank).toBeNull();
    expect(columns).not.toHaveProperty("sortCode");
  });
});

describe("a carrier's bank details", () => {
  it.each<[string, Record<string, unknown>, { sortCode: string | null; accountNumber: string | null }]>([
    ["neither", {}, { sortCode: null, accountNumber: null }],
    ["sort code with hyphens", { sort_code: "12-34-56", account_number: "31926819" }, { sortCode: "123456", accountNumber: "31926819" }],
    ["sort code with spaces", { sort_code: "12 34 56", account_number: "31926819" }, { sortCode: "123456", accountNumber: "31926819" }],
    ["sort code of 6 digits", { sort_code: " 123456 ", account_number: "3192 6819" }, { sortCode: "123456", accountNumber: "31926819" }],
  ])("%s", (_case, overrides, bank) => {
    expect(read("carrier", carrierForm(overrides)).bank).toEqual(bank);
  });

  it.each<[string, Record<string, unknown>, Record<string, string>]>([
    ["a sort code of 5 digits", { sort_code: "12-34-5", account_number: "31926819" }, { sort_code: M.sortCode }],
    ["a sort code of 7 digits", { sort_code: "1234567", account_number: "31926819" }, { sort_code: M.sortCode }],
    ["a sort code with letters", { sort_code: "AB-CD-EF", account_number: "31926819" }, { sort_code: M.sortCode }],
    ["an account number of 7 digits", { sort_code: "12-34-56", account_number: "3192681" }, { account_number: M.accountNumber }],
    ["an account number of 9 digits", { sort_code: "12-34-56", account_number: "319268190" }, { account_number: M.accountNumber }],
    ["an account number with letters", { sort_code: "12-34-56", account_number: "3192681X" }, { account_number: M.accountNumber }],
    ["a sort code without an account number", { sort_code: "12-34-56" }, { account_number: M.bankTogether }],
    ["an account number without a sort code", { account_number: "31926819" }, { sort_code: M.bankTogether }],
    ["a password of 257 characters", { current_password: "p".repeat(257) }, { current_password: M.currentPassword }],
  ])("%s", (_case, overrides, messages) => {
    expect(messagesOf("carrier", carrierForm(overrides))).toEqual(messages);
  });

  it("keeps the current password as typed, and does not read a shipper's terms", () => {
    const { columns, currentPassword } = read("carrier", carrierForm({ current_password: " pass word ", payment_terms_days: "999" }));
    expect(currentPassword).toBe(" pass word ");
    expect(columns).not.toHaveProperty("paymentTermsDays");
  });
});

describe("bankDetailsChanged", () => {
  const bank = { sortCode: "123456", accountNumber: "31926819" };
  const none = { sortCode: null, accountNumber: null };
  it.each<[string, { sortCode: string | null; accountNumber: string | null } | null, { sortCode: string | null; accountNumber: string | null }, boolean]>([
    ["no details stored, none posted", null, none, false],
    ["no details stored, bank posted", null, bank, true],
    ["the same details", bank, { ...bank }, false],
    ["another sort code", bank, { ...bank, sortCode: "654321" }, true],
    ["another account number", bank, { ...bank, accountNumber: "00733445" }, true],
    ["details removed", bank, none, true],
    ["stored row without bank details, none posted", none, none, false],
  ])("%s → %s", (_case, stored, posted, changed) => {
    expect(bankDetailsChanged(stored, posted)).toBe(changed);
  });
});

describe("normaliseAddress and the form's first values", () => {
  it.each([
    ["1 High Street\nLeeds", "1 High Street\nLeeds"],
    ["  1 High Street  \r\n\r\nLeeds\r", "1 High Street\nLeeds"],
    ["\n\n", ""],
  ])("%j → %j", (typed, stored) => {
    expect(normaliseAddress(typed)).toBe(stored);
  });

  it("a new account's form: empty, 30 days, one invoice per load", () => {
    expect(billingFormValues(null)).toEqual({
      legal_name: "", company_number: "", registered_address: "", vat_number: "", invoice_email: "",
      payment_terms_days: "30", invoice_grouping: "per_load", sort_code: "", account_number: "",
    });
  });

  it("stored details as the form posts them, the sort code written with hyphens", () => {
    const stored = {
      legalName: "Alpha Haulage Ltd", companyNumber: null, registeredAddress: "2 Dock Road\nGlasgow", vatNumber: "GB123456789",
      invoiceEmail: "billing@alpha.example", paymentTermsDays: 45, invoiceGrouping: "weekly" as const, sortCode: "123456", accountNumber: "31926819",
    };
    expect(billingFormValues(stored)).toEqual({
      legal_name: "Alpha Haulage Ltd", company_number: "", registered_address: "2 Dock Road\nGlasgow", vat_number: "GB123456789",
      invoice_email: "billing@alpha.example", payment_terms_days: "45", invoice_grouping: "weekly", sort_code: "12-34-56", account_number: "31926819",
    });
  });
});
