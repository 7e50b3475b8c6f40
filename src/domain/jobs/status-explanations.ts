import { CERTIFICATIONS, labelFor } from "./catalogue.ts";
import { JOB_STATUSES, type JobStatus } from "./status.ts";
import { quoteStateLabel, type QuoteState } from "#domain/bidding/quote-state.ts";
import { loadStatusLabel, type LoadStatus } from "#domain/loads/status.ts";
import type { Certification } from "./catalogue.ts";

// What a status badge or a certification code means, in one sentence, for its tooltip. The texts
// go into a tooltip that renders HTML, so they hold no markup characters (a unit test checks).
// Every status badge in the app is views/shared/_status_badge.ejs, which takes its label and its
// tooltip from statusBadge below: a badge without its explanation cannot be written.

/**
 * Every job status, "My quotes" state, stored quote status (as the shipper reviews quotes) and load
 * status, with what it means for the person reading it. Badges are broadcast to everyone who sees
 * the page, so the texts hold for every reader.
 */
export const STATUS_EXPLANATIONS = {
  job: {
    draft: "Saved but not published: carriers cannot see it yet.",
    open: "Published as an open tender: carriers can quote until you award it.",
    scheduled: "A reverse auction that has not opened yet: carriers can read the job and prepare a price.",
    live: "The auction is running: carriers can bid, or secure every load at the secure now price.",
    closed: "The auction ended without an award: no quote could win any loads.",
    awarded: "The loads have gone to the winning quotes by the allocation rules; none is collected yet.",
    in_progress: "At least one load has been collected.",
    completed: "Every load has been delivered or cancelled, and at least one was delivered.",
    cancelled: "Withdrawn by the shipper: nobody can quote on it any more.",
  } satisfies Record<JobStatus, string>,
  quote: {
    outbid: "Cheaper quotes take all the loads now. Lower your price to win some again.",
    active: "The allocation rules give this quote loads as the quotes stand now.",
    won: "Accepted in the award: the loads it won are on your loads page.",
    lost: "The job was awarded to others, or closed, without this quote.",
    withdrawn: "You took this quote back: it wins no loads.",
  } satisfies Record<QuoteState, string>,
  /** A quote as stored, on the shipper's page of quotes for a job. */
  bid: {
    active: "Standing: the carrier may still change or withdraw it until the job is awarded.",
    accepted: "Accepted in the award: this carrier runs the loads it won.",
    declined: "Declined in the award: it won no loads.",
    withdrawn: "The carrier took this quote back: it wins no loads.",
  },
  load: {
    unassigned: "No carrier runs this load yet: the award left it without a winning quote.",
    assigned: "A carrier runs this load and has not named its driver yet.",
    driver_assigned: "The carrier has named the driver; the goods are not collected yet.",
    collected: "The driver has collected the goods and is on the way to the delivery.",
    delivered: "The goods were delivered and the delivery recorded.",
    cancelled: "The shipper cancelled this load: nobody will run it.",
  } satisfies Record<LoadStatus, string>,
  /** The board's badge on a job this carrier has already quoted on. */
  board: {
    quoted: "Your company's active quote on this job. Open the job to change or withdraw it.",
  },
} as const;
export type StatusKind = keyof typeof STATUS_EXPLANATIONS;

/** A status as a badge shows it when the page gives no label of its own: "driver_assigned" → "Driver assigned". */
const humanised = (status: string) => status.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
const LABELS: { readonly [K in StatusKind]: (status: string) => string } = {
  job: (status) => labelFor(JOB_STATUSES, status),
  quote: (status) => quoteStateLabel(status as QuoteState),
  bid: humanised,
  load: loadStatusLabel,
  board: humanised,
};

export type StatusBadge = { status: string; label: string; tooltip: string };

/**
 * A status badge: the status it is coloured by, its label (the page's own, e.g. "Winning 2 loads",
 * or the status's) and its tooltip, the status's explanation.
 */
export function statusBadge(kind: StatusKind, status: string, label?: string): StatusBadge {
  return { status, label: label || LABELS[kind](status), tooltip: statusExplanation(kind, status) };
}

/** The explanation of a status of this kind, or "" for one the table does not know. */
export function statusExplanation(kind: StatusKind, status: string): string {
  const table: Readonly<Record<string, string>> = STATUS_EXPLANATIONS[kind];
  return Object.hasOwn(table, status) ? table[status]! : "";
}

/** Each certification a job may require: the short code its badge shows and what it certifies. */
export const CERTIFICATION_EXPLANATIONS = {
  adr: { code: "ADR", text: "Driver and vehicle approved to carry dangerous goods by road under the ADR agreement." },
  fors_bronze: { code: "FORS Bronze", text: "Fleet Operator Recognition Scheme, entry level: legal compliance and safe, efficient operation." },
  fors_silver: { code: "FORS Silver", text: "FORS with extra safety equipment and training for work near cyclists and pedestrians." },
  fors_gold: { code: "FORS Gold", text: "FORS at its highest level: sustained good practice, audited every year." },
  temperature_controlled: { code: "ATP", text: "Insulated or refrigerated equipment certified under the ATP agreement for perishable food." },
  gdp: { code: "GDP", text: "Good Distribution Practice for medicines: controlled temperatures and a traceable chain." },
  iso_9001: { code: "ISO 9001", text: "A certified quality management system." },
  iso_14001: { code: "ISO 14001", text: "A certified environmental management system." },
  aeo: { code: "AEO", text: "Authorised Economic Operator: trusted by customs for simpler, faster clearance." },
  brcgs: { code: "BRCGS", text: "BRCGS Storage and Distribution: food safety and product safety in storage and transport." },
  clocs: { code: "CLOCS", text: "Construction Logistics and Community Safety: safe vehicles and drivers for construction sites." },
  cpc: { code: "CPC", text: "Run by a Transport Manager holding the Certificate of Professional Competence." },
} as const satisfies Record<Certification, { code: string; text: string }>;

/**
 * A certification's badge: its code, and its tooltip as HTML (the full name in bold, then what it
 * means), escaped here so the tooltip may render it as HTML.
 */
export function certificationBadge(value: string): { code: string; tooltipHtml: string } | null {
  if (!Object.hasOwn(CERTIFICATION_EXPLANATIONS, value)) return null;
  const { code, text } = CERTIFICATION_EXPLANATIONS[value as Certification];
  return { code, tooltipHtml: `<strong>${escapeHtml(labelFor(CERTIFICATIONS, value))}</strong> ${escapeHtml(text)}` };
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
