import {
  EXTRA_CHARGE_KINDS, EXTRA_CHARGE_STATUS_LABELS, MAX_NOTE_LENGTH, kindLabel, type ExtraChargeStatus,
} from "#domain/extra-charges/charges.ts";
import { formatMinutes, freeWaitingMinutesOf } from "#domain/extra-charges/waiting.ts";
import { addingProblem } from "#domain/extra-charges/window.ts";
import { formatDate } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";
import { db } from "#db/client.server.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import { attachmentsOf } from "#models/attachments.server.ts";
import { chargeSideOf, invoiceIssued, requireChargeSide, type ChargeSide } from "#models/extra-charges/access.server.ts";
import { chargesOf, type ListedCharge } from "#models/extra-charges/list.server.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { type RoadChargeLine, roadChargeLines } from "#pages/road-charges-load.server.ts";

// The load page's extra charges (views/extra-charges/_frame.ejs, a Turbo frame): the charges with
// where each stands; for the carrier's office the add form while the load is delivered and its
// invoice not issued; for the shipper's office approve and refuse on each pending charge. A refused
// form comes back with its messages: the add form's, or one charge's refusal.

export const extraChargesPath = (loadId: number) => `/loads/${loadId}/extra_charges`;

/** A refused post: the add form, or the refusal of one charge; `base` is a sentence for the frame. */
export type ChargesForm = { errors: FieldErrors; values: Record<string, unknown>; chargeId?: number };

const PILLS: Record<ExtraChargeStatus, string> = { pending: "outbid", approved: "won", refused: "cancelled" };
const EXPLANATIONS: Record<ExtraChargeStatus, string> = {
  pending: "The shipper has not decided it yet",
  approved: "The shipper approved it: it goes on the load's invoice",
  refused: "The shipper refused it: it is not invoiced",
};

const text = (value: unknown) => (typeof value === "string" ? value : "");
const statusOf = (status: string): ExtraChargeStatus => (status in PILLS ? (status as ExtraChargeStatus) : "pending");

type Evidence = Map<number, { href: string; name: string }>;

/** Each of the load's files as the evidence select and the list name it: "Photo: gate.jpg". */
async function evidenceOf(load: LoadDetail): Promise<Evidence> {
  const files = await attachmentsOf({ loadId: load.id, shipperAccountId: load.job.shipperAccountId });
  const entries = files.map((file) => [file.id, { href: `/attachments/${file.id}`, name: `${kindLabelOfFile(file.kind)}: ${file.blob.filename}` }] as const);
  return new Map(entries);
}
const kindLabelOfFile = (kind: string) => (kind === "photo" ? "Photo" : "Document");

/** The shipper's approve and refuse forms on a pending charge, the refusal's message beside its field. */
function decideForms(loadId: number, charge: ListedCharge, form: ChargesForm | null) {
  const mine = form?.chargeId === charge.id ? form : null;
  const action = `${extraChargesPath(loadId)}/${charge.id}`;
  const reasonId = `extra_charge_${charge.id}_reason`;
  return { approveAction: `${action}/approve`, refuseAction: `${action}/refuse`, reasonId, reason: text(mine?.values.reason), error: mine?.errors.reason };
}

function decidedText(charge: ListedCharge): string {
  if (charge.status === "pending" || !charge.decidedAt) return "";
  const who = charge.decidedBy ? ` by ${charge.decidedBy}` : "";
  return `${charge.status === "approved" ? "Approved" : "Refused"}${who} on ${formatDate(charge.decidedAt)}`;
}

type RowContext = { loadId: number; side: ChargeSide; open: boolean; evidence: Evidence; form: ChargesForm | null };

function rowOf(charge: ListedCharge, { loadId, side, open, evidence, form }: RowContext) {
  const status = statusOf(charge.status);
  return {
    id: charge.id,
    domId: `extra_charge_${charge.id}`,
    kind: kindLabel(charge.kind),
    wait: charge.kind === "waiting_time" && charge.minutes !== null ? `Waited ${formatMinutes(charge.minutes)}` : "",
    amount: formatMoney(charge.amountPence),
    note: charge.note,
    evidence: charge.evidenceAttachmentId === null ? null : (evidence.get(charge.evidenceAttachmentId) ?? null),
    status, statusLabel: EXTRA_CHARGE_STATUS_LABELS[status], pill: PILLS[status], tooltip: EXPLANATIONS[status],
    added: `Added${charge.addedBy ? ` by ${charge.addedBy}` : ""} on ${formatDate(charge.createdAt)}`,
    decided: decidedText(charge),
    refusalReason: status === "refused" ? (charge.refusalReason ?? "") : "",
    decide: side === "shipper" && open && status === "pending" ? decideForms(loadId, charge, form) : null,
  };
}

/** The summary links each message to its field: the first kind's radio, the inputs, the evidence select. */
const FIELD_IDS = {
  kind: "extra_charge_kind_waiting_time", minutes: "extra_charge_minutes", rate: "extra_charge_rate", amount: "extra_charge_amount",
  note: "extra_charge_note", evidence_attachment_id: "extra_charge_evidence",
};
const FIELDS = Object.keys(FIELD_IDS);

/**
 * The carrier's add form, as posted when it was refused; the rate is asked only when the job has
 * none. Beside it, the road charges on the load's route, each ready to add (null: no vehicle on it).
 */
function addForm(load: LoadDetail, evidence: Evidence, form: ChargesForm | null, roadCharges: RoadChargeLine[] | null) {
  const posted = form && form.chargeId === undefined ? form : { errors: {}, values: {} };
  const values = Object.fromEntries(FIELDS.map((name) => [name, text(posted.values[name])]));
  return {
    action: extraChargesPath(load.id),
    kinds: EXTRA_CHARGE_KINDS.map((option) => ({ ...option, id: `extra_charge_kind_${option.value}`, checked: values.kind === option.value })),
    askRate: load.job.waitingRatePence === null,
    evidence: [...evidence].map(([id, file]) => ({ value: String(id), label: file.name, selected: values.evidence_attachment_id === String(id) })),
    maxNote: MAX_NOTE_LENGTH,
    values, errors: posted.errors,
    roadCharges,
  };
}

/** The frame's error summary: the add form's fields, or the one refused charge's reason. */
function summaryOf(form: ChargesForm | null) {
  if (!form) return null;
  if (form.chargeId === undefined) return { errors: form.errors, fields: FIELDS, fieldIds: FIELD_IDS };
  return { errors: form.errors, fields: ["reason"], fieldIds: { reason: `extra_charge_${form.chargeId}_reason` } };
}

/** The job's waiting terms in words, as both sides read them. */
function termsOf(load: LoadDetail, side: ChargeSide) {
  const rate = load.job.waitingRatePence;
  const unset = side === "carrier" ? "not set on the job: give your own hourly rate" : "not set on the job: the carrier gives its hourly rate";
  return { free: formatMinutes(freeWaitingMinutesOf(load.job)), rate: rate === null ? unset : `${formatMoney(rate)} an hour` };
}

/** Everything the frame shows this user (404 for anyone but the two offices); `form`: a refused post. */
export async function extraChargesFrame(user: CurrentUser, load: LoadDetail, form: ChargesForm | null = null) {
  const side = requireChargeSide(load, user);
  const [charges, evidence, issued, roadCharges] = await Promise.all([
    chargesOf(load.id), evidenceOf(load), invoiceIssued(db(), load.id), side === "carrier" ? roadChargeLines(load) : null,
  ]);
  const closed = addingProblem({ loadStatus: load.status, invoiceIssued: issued });
  const context = { loadId: load.id, side, open: !issued, evidence, form };
  const approved = charges.filter((charge) => charge.status === "approved").reduce((sum, charge) => sum + charge.amountPence, 0);
  return {
    side,
    terms: termsOf(load, side),
    rows: charges.map((charge) => rowOf(charge, context)),
    approvedTotal: approved ? formatMoney(approved) : "",
    closed: charges.length || side === "carrier" ? closed : null,
    add: side === "carrier" && !closed ? addForm(load, evidence, form, roadCharges) : null,
    summary: summaryOf(form),
  };
}
export type ExtraChargesFrame = Awaited<ReturnType<typeof extraChargesFrame>>;

/** The load page's frame, for the two offices once the load is delivered (null: no frame). */
export const extraChargesSrc = (load: LoadDetail, user: CurrentUser): string | null =>
  load.status === "delivered" && chargeSideOf(load, user) ? extraChargesPath(load.id) : null;
