import { formatLongDate } from "#domain/format/dates.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import {
  AGREEMENT_STATE_LABELS, END_REASON_TEXT, SELF_BILLING_AGREEMENT_TERMS, SELF_BILLING_PATH, agreementState, type AgreementState, type EndReason,
} from "#domain/invoices/self-billing.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import { agreementSideOf, agreementsFor, offerableCarriers, type AgreementDetail, type AgreementSide } from "#models/self-billing-agreements.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The self-billing agreements page (views/self_billing_agreements/index.ejs): both sides' offices
// see their agreements, each naming both parties, its 12 months, the carrier's VAT number it was
// accepted under and its state; the terms every agreement carries (the carrier raises no invoices of
// its own for these loads); the shipper's admin's offer form; the carrier's admin's accept and
// decline; either admin's "end". A refused offer comes back with its message (422).

export const agreementPath = (id: number) => `${SELF_BILLING_PATH}/${id}`;
export const OFFER_FIELDS = ["carrier_account_id"] as const;

/** Each state's pill, borrowed from statuses that look the same: waiting, live, over, refused. */
const STATE_PILLS: Record<AgreementState, string> = { offered: "active", in_force: "won", expired: "withdrawn", declined: "declined", ended: "withdrawn" };

export type OfferForm = { errors: FieldErrors; values: Record<string, unknown> };

/** The buttons this person may press on this agreement: the carrier's admin answers an offer; either admin ends one in force. */
function actionsOf(row: AgreementDetail, state: AgreementState, side: AgreementSide, admin: boolean): { action: string; label: string }[] {
  const path = agreementPath(row.id);
  if (!admin) return [];
  if (side === "carrier" && state === "offered") return [{ action: `${path}/accept`, label: "Accept" }, { action: `${path}/decline`, label: "Decline" }];
  return state === "in_force" ? [{ action: `${path}/end`, label: "End agreement" }] : [];
}

/** "Ended on 3 March 2027: the carrier's VAT number changed"-like line, when it ended early. */
function endedText(row: AgreementDetail): string | null {
  if (row.status !== "ended" || !row.endedAt) return null;
  const reason = END_REASON_TEXT[row.endReason as EndReason] ?? "Ended";
  return `${reason} on ${formatLongDate(row.endedAt)}`;
}

function rowOf(row: AgreementDetail, side: AgreementSide, admin: boolean, today: string) {
  const state = agreementState(row, today);
  const decided = row.status !== "offered" && row.status !== "declined";
  return {
    id: row.id,
    shipper: row.shipperAccount.name,
    carrier: row.carrierAccount.name,
    counterpart: side === "shipper" ? row.carrierAccount.name : row.shipperAccount.name,
    state, stateLabel: AGREEMENT_STATE_LABELS[state], pill: STATE_PILLS[state],
    term: decided ? `${formatLongDate(row.startsOn)} to ${formatLongDate(row.endsOn)}` : "12 months from the day the carrier accepts",
    vatNumber: decided ? (row.carrierVatNumber ?? "Not VAT-registered") : "Recorded when the carrier accepts",
    offeredOn: formatLongDate(row.createdAt),
    ended: endedText(row),
    actions: actionsOf(row, state, side, admin),
  };
}

/** The page for an office of either side (the models answer 404 to anyone else); `form`: a refused offer. */
export async function agreementsPage(user: CurrentUser, form: OfferForm | null = null, now = new Date()) {
  const rows = await agreementsFor(user);
  const side = agreementSideOf(user) ?? "shipper";
  const admin = user.role === "admin";
  const offering = side === "shipper" && admin;
  const errors = form?.errors ?? {};
  return {
    title: `${Object.keys(errors).length ? "Error: " : ""}Self-billing agreements`,
    side,
    intro: side === "shipper"
      ? "Under a self-billing agreement you raise a carrier's invoices for its loads yourself, as soon as each proof of delivery is accepted."
      : "Under a self-billing agreement the shipper raises your invoices for its loads, as soon as each proof of delivery is accepted. You do not send your own.",
    terms: SELF_BILLING_AGREEMENT_TERMS,
    agreements: rows.map((row) => rowOf(row, side, admin, ukDate(now))),
    offer: offering ? { action: SELF_BILLING_PATH, carriers: await offerableCarriers(user.accountId), fields: OFFER_FIELDS } : null,
    invoicesHref: "/invoices",
    errors,
    values: form?.values ?? { carrier_account_id: "" },
  };
}
