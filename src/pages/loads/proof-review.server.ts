import { inOfficeOf } from "#domain/accounts/team.ts";
import { formatLongDate } from "#domain/format/dates.ts";
import {
  MAX_NOTE_LENGTH,
  PROOF_REVIEW_DECISIONS,
  PROOF_REVIEW_REASONS,
  autoAcceptAt,
  formatWeekdayDate,
  reasonLabel,
} from "#domain/loads/proof-review.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import { actorOf } from "#models/loads/access.server.ts";
import { mayReviewProof, proofReviewStateOf, type ProofReviewState } from "#models/loads/proof-review.server.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import { invoiceOfLoad } from "#models/invoices/of-load.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The load page's review of the proof of delivery (views/loads/_proof_review.ejs): where the review
// stands, said to each side; while nobody has reviewed it, the day it is accepted by itself; the
// shipper's office's form; and, while disputed, what the carrier's office and driver are to do.

type Side = "shipper" | "carrier";
/** A refused review comes back with its messages and what was posted. */
type ReviewForm = { errors?: FieldErrors; values?: unknown };
type Latest = ProofReviewState["proofReviews"][number] | undefined;

/** "Goods damaged — 3 pallets crushed", or the reason alone without words (a closing full stop dropped). */
const disputeText = (latest: Latest) => {
  const note = latest?.note?.replace(/\.+$/, "") ?? "";
  return `${reasonLabel(latest?.reason)}${note ? ` — ${note}` : ""}`;
};

const AWAITING_THE_SHIPPER = "Awaiting the shipper's review";
const ANSWER_THE_DISPUTE = "Reply in the messages below or add a photo.";

function stateText(side: Side, state: ProofReviewState, latest: Latest): string {
  const shipper = side === "shipper";
  if (state.proofStatus === "awaiting_review") return shipper ? "Awaiting your review" : AWAITING_THE_SHIPPER;
  if (state.proofStatus === "disputed") return shipper ? `Disputed: ${disputeText(latest)}` : "Disputed by the shipper";
  // A review with no person was the proof accepted by itself, 5 working days after its delivery.
  const byItself = latest?.decision === "accepted" && latest.decidedById === null;
  return `${byItself ? "Accepted by itself" : "Accepted"} on ${formatLongDate(state.proofAcceptedAt)}`;
}

function autoAcceptText(side: Side, state: ProofReviewState): string {
  if (state.proofStatus !== "awaiting_review" || !state.deliveredAt) return "";
  const day = formatWeekdayDate(autoAcceptAt(state.deliveredAt));
  return `If ${side === "shipper" ? "you do" : "the shipper does"} nothing, the proof is accepted on ${day}.`;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The summary links each message to the first radio of its group, or to the note. */
const FIELD_IDS = {
  decision: "proof_review_decision_accept",
  reason: "proof_review_reason_damaged",
  note: "proof_review_note",
};

/** The shipper's form: both decisions while awaiting review, acceptance alone once disputed. */
function reviewForm(load: LoadDetail, status: string, form: ReviewForm) {
  const posted = (form.values ?? {}) as Record<string, unknown>;
  const { decision, reason, note } = form.errors ?? {};
  return {
    action: `/loads/${load.id}/proof_review`,
    acceptOnly: status === "disputed",
    decisions: PROOF_REVIEW_DECISIONS,
    reasons: PROOF_REVIEW_REASONS,
    maxNote: MAX_NOTE_LENGTH,
    values: { decision: text(posted.decision), reason: text(posted.reason), note: text(posted.note) },
    errors: { decision, reason, note },
    fieldIds: FIELD_IDS,
  };
}

/** What the load page's "Next steps" says while the proof waits on this side (null when it does not). */
function nextStepOf(side: Side, status: string): string | null {
  if (side === "shipper" && status === "awaiting_review") return "Review the proof of delivery";
  if (side === "shipper" && status === "disputed") return "Accept the proof once the carrier has answered your dispute";
  if (side === "carrier" && status === "disputed") return "Answer the shipper's dispute about the proof";
  return null;
}

/** Once the proof is accepted, the invoice it brought, for the two offices. */
const invoiceLink = (invoice: { id: number; number: string | null } | null) =>
  invoice && { href: `/invoices/${invoice.id}`, text: invoice.number ? `Invoice ${invoice.number}` : "Draft invoice" };

export type ProofReviewPanel = Awaited<ReturnType<typeof proofReviewPanel>>;

/**
 * The panel for this user, or null: only on a delivered load whose proof is reviewed (not one the
 * shipper's own fleet ran), and only for the shipper's office, the carrier's office and the driver.
 */
export async function proofReviewPanel(user: CurrentUser, load: LoadDetail, form: ReviewForm = {}) {
  if (load.status !== "delivered") return null;
  const carrierSide = actorOf(user) === "driver" || inOfficeOf("carrier", load.carrierAccountId, user);
  const side: Side | null = mayReviewProof(load, user) ? "shipper" : carrierSide ? "carrier" : null;
  const state = side && (await proofReviewStateOf(load.id));
  if (!side || !state?.proofStatus) return null;
  const latest = state.proofReviews[0];
  const disputed = side === "carrier" && state.proofStatus === "disputed";
  return {
    side,
    status: state.proofStatus,
    state: stateText(side, state, latest),
    autoAccept: autoAcceptText(side, state),
    dispute: disputed ? `The shipper disputed the proof: ${disputeText(latest)}. ${ANSWER_THE_DISPUTE}` : "",
    form: side === "shipper" && state.proofStatus !== "accepted" ? reviewForm(load, state.proofStatus, form) : null,
    nextStep: nextStepOf(side, state.proofStatus),
    invoice: state.proofStatus === "accepted" ? invoiceLink(await invoiceOfLoad(user, load.id)) : null,
  };
}
