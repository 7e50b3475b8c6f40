import { COMPLIANCE_KINDS, COMPLIANCE_LABELS, daysUntil } from "#domain/compliance/documents.ts";
import { formatDate } from "#domain/format/dates.ts";
import { formatMoneyWhole } from "#domain/format/money.ts";

// Documents that count: a carrier may quote, take a job by "secure now" or accept an award only
// while it holds both its operator licence and its goods-in-transit insurance, neither expired (a
// document is good through its expiry day); and it may quote on a job that asks for a minimum
// goods-in-transit cover only when its own cover reaches it. One rule, asked by every such path.

/** Where the carrier's office keeps its documents (the account page's compliance frame). */
export const UPDATE_DOCUMENTS_PATH = "/account/compliance";

export type HeldDocument = { kind: string; expiresOn: Date; coverPence: number | null };

/** What the carrier is trying to do, as the refusal says it. */
export type Deed = "quote" | "accept this award" | "secure this job";

/**
 * Why the carrier's documents do not let it do this now (the first missing or expired document,
 * licence first, with where to update them), or null when both are there and in date.
 */
export function documentsRefusal(documents: readonly HeldDocument[], now: Date, deed: Deed): string | null {
  for (const kind of COMPLIANCE_KINDS) {
    const label = COMPLIANCE_LABELS[kind];
    const held = documents.find((document) => document.kind === kind);
    if (!held) return `You cannot ${deed}: your ${label.toLowerCase()} is missing. Add it at ${UPDATE_DOCUMENTS_PATH}.`;
    if (daysUntil(held.expiresOn, now) < 0) {
      return `You cannot ${deed}: your ${label.toLowerCase()} expired on ${formatDate(held.expiresOn, "UTC")}. Update it at ${UPDATE_DOCUMENTS_PATH}.`;
    }
  }
  return null;
}

/** Why the carrier's goods-in-transit cover is too low for the job (saying the cover asked and theirs), or null. */
export function coverRefusal(minimumCoverPence: number | null, documents: readonly HeldDocument[]): string | null {
  if (minimumCoverPence === null || minimumCoverPence <= 0) return null;
  const cover = documents.find((document) => document.kind === "goods_in_transit")?.coverPence ?? 0;
  if (cover >= minimumCoverPence) return null;
  return `This job needs goods-in-transit cover of at least ${formatMoneyWhole(minimumCoverPence)}. Yours is ${formatMoneyWhole(cover)}.`;
}

/** The one question every path asks: may this carrier do this on this job? The documents first, then the job's cover. */
export function workRefusal(documents: readonly HeldDocument[], job: { minimumCargoCoverPence: number | null }, now: Date, deed: Deed): string | null {
  return documentsRefusal(documents, now, deed) ?? coverRefusal(job.minimumCargoCoverPence, documents);
}
