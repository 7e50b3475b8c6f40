import {
  BILLING_FORM_FIELDS, bankDetailsRecentlyChanged, billingFormValues, type BillingKind,
} from "#domain/billing/details.ts";
import {
  INVOICE_GROUPINGS, MAX_PAYMENT_TERMS_DAYS, MIN_PAYMENT_TERMS_DAYS, accountNumberEnding, formatSortCode,
  paymentTermsText,
} from "#domain/billing/labels.ts";
import { labelFor } from "#domain/jobs/catalogue.ts";
import { formatLongDate } from "#domain/format/dates.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import { type BillingDetails, requireBillingFor } from "#models/billing-details.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The billing-details page (views/billing/edit.ejs): the form for the account's admin, with the
// values as stored or as posted, and a carrier's note of a recent change of bank details; for
// support impersonating the admin, the details as facts instead of a form that can only be refused.

export const BILLING_PATH = "/account/billing";
/** The page's address in a letter: `origin` is the app's (APP_ORIGIN in production). */
export const billingLink = (origin: string) => `${origin.replace(/\/+$/, "")}${BILLING_PATH}`;

const TERMS_HINT =
  `Days from delivery to payment, from ${MIN_PAYMENT_TERMS_DAYS} to ${MAX_PAYMENT_TERMS_DAYS}. ` +
  "Jobs you post from now on carry these terms.";

export type BillingFormState = { errors: FieldErrors; values: Record<string, unknown> };

type Fact = { label: string; value: string };

/** The details as read (for a page that shows them rather than a form); the bank account by its last digits. */
export function billingFacts(kind: BillingKind, details: BillingDetails | null): Fact[] {
  if (!details) return [];
  const facts: Fact[] = [
    { label: "Registered name", value: details.legalName },
    { label: "Company number", value: details.companyNumber ?? "Not given" },
    { label: "Registered office", value: details.registeredAddress.replaceAll("\n", ", ") },
    { label: "VAT number", value: details.vatNumber ?? "Not VAT-registered" },
    { label: "Invoices e-mailed to", value: details.invoiceEmail },
  ];
  if (kind === "shipper") {
    facts.push({ label: "Payment terms", value: paymentTermsText(details.paymentTermsDays) ?? "" });
    facts.push({ label: "Invoices", value: labelFor(INVOICE_GROUPINGS, details.invoiceGrouping) });
  } else {
    const { sortCode, accountNumber } = details;
    const bank = sortCode ? `${formatSortCode(sortCode)}, ${accountNumberEnding(accountNumber)}` : "Not given";
    facts.push({ label: "Bank account", value: bank });
  }
  return facts;
}

/** "Bank details changed on 3 March 2027" for a carrier whose details changed in the last 30 days, else null. */
export function bankChangeNote(kind: BillingKind, details: BillingDetails | null, now: Date): string | null {
  const changedAt = kind === "carrier" ? details?.bankDetailsChangedAt : null;
  if (!changedAt || !bankDetailsRecentlyChanged(changedAt, now)) return null;
  return `Bank details changed on ${formatLongDate(changedAt)}`;
}

/**
 * Everything the page shows: the form as stored (or `form`, as posted and refused), its fields in
 * order for the error summary, the grouping choices and the term limits, the bank-change note and
 * the facts (shown instead of the form when `locked` gives the reason). 404 for anyone but an admin.
 */
export async function billingPage(
  user: CurrentUser, form: BillingFormState | null, locked: string | null, now = new Date(),
) {
  const { kind, details } = await requireBillingFor(user);
  const state = form ?? { errors: {}, values: billingFormValues(details) };
  return {
    title: Object.keys(state.errors).length ? "Error: Billing details" : "Billing details",
    kind,
    action: BILLING_PATH,
    fields: BILLING_FORM_FIELDS[kind],
    fieldIds: { invoice_grouping: "field_invoice_grouping_per_load" },
    groupings: INVOICE_GROUPINGS,
    termsHint: TERMS_HINT,
    bankChangedNote: bankChangeNote(kind, details, now),
    facts: billingFacts(kind, details),
    locked,
    ...state,
  };
}
