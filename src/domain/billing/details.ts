import { z } from "zod";
import {
  DEFAULT_PAYMENT_TERMS_DAYS, INVOICE_GROUPING_VALUES, MAX_PAYMENT_TERMS_DAYS, MIN_PAYMENT_TERMS_DAYS, formatSortCode,
  type InvoiceGrouping,
} from "./labels.ts";

// The billing-details form (/account/billing): who the account is on an invoice (registered name,
// company number, registered office, VAT number, where invoices are e-mailed); for a shipper its
// payment terms and how its invoices are grouped; for a carrier the bank account it is paid into.
// Messages are keyed by the posted name, so each shows beside its field.

export type BillingKind = "shipper" | "carrier";

export const BILLING_MESSAGES = {
  legalName: "Enter the company's registered name",
  legalNameTooLong: "The registered name must be 160 characters or fewer",
  companyNumber: "Enter a company number like 01234567 or SC123456",
  registeredAddress: "Enter the registered office address",
  registeredAddressTooLong: "The registered office address must be 500 characters or fewer",
  vatNumber: "Enter a VAT number like GB123456789, or leave it empty if not VAT-registered",
  invoiceEmail: "Enter the email address invoices go to",
  invoiceEmailFormat: "Enter an email address like accounts@company.co.uk",
  paymentTerms: "Enter payment terms from 1 to 120 days",
  invoiceGrouping: "Choose how invoices are grouped",
  sortCode: "Enter a sort code of 6 digits, like 12-34-56",
  accountNumber: "Enter an account number of 8 digits, like 31926819",
  bankTogether: "Enter the sort code and the account number together",
  currentPassword: "Enter your current password to change bank details",
} as const;

export const LEGAL_NAME_MAX = 160;
export const REGISTERED_ADDRESS_MAX = 500;
const EMAIL_MAX = 254;
const PASSWORD_MAX = 256;

/** The form's fields in page order (the error summary lists their messages in this order). */
const WHO_FIELDS = ["legal_name", "company_number", "registered_address", "vat_number", "invoice_email"] as const;
export const BILLING_FORM_FIELDS: Record<BillingKind, readonly string[]> = {
  shipper: [...WHO_FIELDS, "payment_terms_days", "invoice_grouping"],
  carrier: [...WHO_FIELDS, "sort_code", "account_number", "current_password"],
};

// Companies House numbers: 8 digits (England and Wales), or a two-letter prefix and 6 digits
// (SC Scotland, NI Northern Ireland, OC an LLP …). VAT: GB and 9 digits, or 12 for a branch.
const COMPANY_NUMBER = /^(?:[0-9]{8}|[A-Z]{2}[0-9]{6})$/;
const VAT_NUMBER = /^GB(?:[0-9]{9}|[0-9]{12})$/;
const SORT_CODE = /^[0-9]{6}$/;
const ACCOUNT_NUMBER = /^[0-9]{8}$/;

/** A code as typed, spaces anywhere and any case ("sc 123 456"), compacted ("SC123456"). */
export const compactCode = (text: string) => text.replace(/\s+/g, "").toUpperCase();
/** A sort code as typed ("12-34-56", "12 34 56", "123456"), as its 6 digits. */
export const compactSortCode = (text: string) => text.replace(/[\s-]+/g, "");

/** A single posted value; a repeated or nested field (`legal_name[]=…`) is no answer. */
const single = (value: unknown) => (typeof value === "string" ? value : undefined);
/** A field left out reads as left empty; anything but text is kept as it came, for the message. */
const orEmpty = (value: unknown) => (value === undefined || value === null ? "" : value);

/** Required text, trimmed: `missing` when empty, `tooLong` past `max` characters. */
const requiredText = (missing: string, max: number, tooLong: string) =>
  z.preprocess((value) => single(value)?.trim() ?? "", z.string().min(1, missing).max(max, tooLong));

/** An optional code: compacted, matched against `pattern`, null when left empty. */
function optionalCode(pattern: RegExp, message: string, compact: (text: string) => string = compactCode) {
  return z.preprocess(
    (value) => { const posted = orEmpty(value); return typeof posted === "string" ? compact(posted) : posted; },
    z.string({ error: message })
      .refine((code) => code === "" || pattern.test(code), { error: message })
      .transform((code) => code || null),
  );
}

/** The registered office: each line trimmed, blank lines dropped, the lines kept (an envelope's). */
export function normaliseAddress(text: string): string {
  return text.split(/\r\n|\r|\n/).map((line) => line.trim()).filter(Boolean).join("\n");
}

const registeredAddress = z.preprocess(
  (value) => normaliseAddress(single(value) ?? ""),
  z.string()
    .min(1, BILLING_MESSAGES.registeredAddress)
    .max(REGISTERED_ADDRESS_MAX, BILLING_MESSAGES.registeredAddressTooLong),
);

const invoiceEmail = z.preprocess(
  (value) => single(value)?.trim().toLowerCase() ?? "",
  z.string()
    .min(1, BILLING_MESSAGES.invoiceEmail)
    .max(EMAIL_MAX, BILLING_MESSAGES.invoiceEmailFormat)
    .pipe(z.email(BILLING_MESSAGES.invoiceEmailFormat)),
);

/** Whole days as typed ("30", " 45 "); a JSON caller may send a number. Left out: the default 30. */
const readDays = (value: unknown) => {
  if (value === undefined) return DEFAULT_PAYMENT_TERMS_DAYS;
  return typeof value === "string" && /^\s*[0-9]{1,4}\s*$/.test(value) ? Number(value) : value;
};
const paymentTermsDays = z.preprocess(
  readDays,
  z.number({ error: BILLING_MESSAGES.paymentTerms })
    .int(BILLING_MESSAGES.paymentTerms)
    .min(MIN_PAYMENT_TERMS_DAYS, BILLING_MESSAGES.paymentTerms)
    .max(MAX_PAYMENT_TERMS_DAYS, BILLING_MESSAGES.paymentTerms),
);

const invoiceGrouping = z.preprocess(
  (value) => (value === undefined ? "per_load" : single(value)?.trim()),
  z.enum(INVOICE_GROUPING_VALUES, { error: BILLING_MESSAGES.invoiceGrouping }),
);

const common = {
  legal_name: requiredText(BILLING_MESSAGES.legalName, LEGAL_NAME_MAX, BILLING_MESSAGES.legalNameTooLong),
  company_number: optionalCode(COMPANY_NUMBER, BILLING_MESSAGES.companyNumber),
  registered_address: registeredAddress,
  vat_number: optionalCode(VAT_NUMBER, BILLING_MESSAGES.vatNumber),
  invoice_email: invoiceEmail,
};

type CommonPosted = z.output<z.ZodObject<typeof common>>;
const commonColumns = (input: CommonPosted) => ({
  legalName: input.legal_name,
  companyNumber: input.company_number,
  registeredAddress: input.registered_address,
  vatNumber: input.vat_number,
  invoiceEmail: input.invoice_email,
});

/** A shipper's details: who it is, its payment terms for the jobs it posts, how its invoices come. */
const ShipperBillingSchema = z
  .object({ ...common, payment_terms_days: paymentTermsDays, invoice_grouping: invoiceGrouping })
  .transform((input) => ({
    columns: {
      ...commonColumns(input),
      paymentTermsDays: input.payment_terms_days,
      invoiceGrouping: input.invoice_grouping,
    },
    bank: null,
    currentPassword: "",
  }));

/** Both bank fields or neither: half a bank account can be paid into by nobody. */
function bankTogether(input: { sort_code: string | null; account_number: string | null }, ctx: z.RefinementCtx) {
  if ((input.sort_code === null) === (input.account_number === null)) return;
  const path = [input.sort_code === null ? "sort_code" : "account_number"];
  ctx.addIssue({ code: "custom", path, message: BILLING_MESSAGES.bankTogether });
}

/** A carrier's details: who it is, and the bank account it is paid into (changed only with its password). */
const CarrierBillingSchema = z
  .object({
    ...common,
    sort_code: optionalCode(SORT_CODE, BILLING_MESSAGES.sortCode, compactSortCode),
    account_number: optionalCode(ACCOUNT_NUMBER, BILLING_MESSAGES.accountNumber),
    current_password: z.preprocess(
      (value) => single(value) ?? "",
      z.string().max(PASSWORD_MAX, BILLING_MESSAGES.currentPassword),
    ),
  })
  .superRefine(bankTogether)
  .transform((input) => ({
    columns: commonColumns(input),
    bank: { sortCode: input.sort_code, accountNumber: input.account_number },
    currentPassword: input.current_password,
  }));

export type BankDetails = { sortCode: string | null; accountNumber: string | null };
export type BillingColumns = ReturnType<typeof commonColumns> & {
  paymentTermsDays?: number;
  invoiceGrouping?: InvoiceGrouping;
};
/** The form as read: the columns to write, the bank details (null for a shipper) and the password typed. */
export type BillingInput = { columns: BillingColumns; bank: BankDetails | null; currentPassword: string };

/** The form's schema for this kind of account. */
export const billingDetailsSchema = (kind: BillingKind): z.ZodType<BillingInput> =>
  kind === "shipper" ? ShipperBillingSchema : CarrierBillingSchema;

/** Whether the posted bank details differ from the stored ones (none stored counts as empty). */
export function bankDetailsChanged(stored: Partial<BankDetails> | null | undefined, posted: BankDetails): boolean {
  return (stored?.sortCode ?? null) !== posted.sortCode || (stored?.accountNumber ?? null) !== posted.accountNumber;
}

/** For this long after a change, the carrier's page and the invoices paid into it say so. */
export const BANK_CHANGE_NOTICE_DAYS = 30;
const DAY_MS = 86_400_000;

/** Whether bank details were changed within the last 30 days (a stamp ahead of `now` counts as just now). */
export function bankDetailsRecentlyChanged(changedAt: Date | null | undefined, now: Date): boolean {
  if (!changedAt) return false;
  return now.getTime() - changedAt.getTime() < BANK_CHANGE_NOTICE_DAYS * DAY_MS;
}

/** Details as stored: the columns, with the grouping as whatever text the row holds. */
type StoredDetails = Omit<BillingColumns, "invoiceGrouping"> & { invoiceGrouping?: string } & Partial<BankDetails>;

/** What the form would post for stored details (or none yet): the form's first values. */
export function billingFormValues(stored: StoredDetails | null): Record<string, string> {
  return {
    legal_name: stored?.legalName ?? "",
    company_number: stored?.companyNumber ?? "",
    registered_address: stored?.registeredAddress ?? "",
    vat_number: stored?.vatNumber ?? "",
    invoice_email: stored?.invoiceEmail ?? "",
    payment_terms_days: String(stored?.paymentTermsDays ?? DEFAULT_PAYMENT_TERMS_DAYS),
    invoice_grouping: stored?.invoiceGrouping ?? "per_load",
    sort_code: formatSortCode(stored?.sortCode),
    account_number: stored?.accountNumber ?? "",
  };
}
