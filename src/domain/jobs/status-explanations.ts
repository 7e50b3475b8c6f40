import { CERTIFICATIONS, labelFor } from "./catalogue.ts";
import type { JobStatus } from "./status.ts";
import type { QuoteState } from "#domain/bidding/quote-state.ts";
import type { Certification } from "./catalogue.ts";

// What a status badge or a certification code means, in one sentence, for its tooltip. The texts
// go into a tooltip that renders HTML, so they hold no markup characters (a unit test checks).

/** Every job status and every "My quotes" state, with what it means for the person reading it. */
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
  /** The board's badge on a job this carrier has already quoted on. */
  board: {
    quoted: "Your company's active quote on this job. Open the job to change or withdraw it.",
  },
} as const;
export type StatusKind = keyof typeof STATUS_EXPLANATIONS;

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
