import { formatDate } from "#domain/format/dates.ts";
import { FINISHED_LOAD_STATUSES, type LoadStatus } from "#domain/loads/status.ts";
import { loadNumber } from "#domain/loads/load-number.ts";
import { DEFAULT_RETURN_LOADS_QUERY, MAX_RADIUS_MILES, type ReturnLoadsQuery } from "#domain/return-loads/query.ts";
import { BILLING_PATH } from "#pages/billing-details.server.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import { type ReturnLoad, returnLoadsFor } from "#models/return-loads.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The return-loads page (views/return-loads/index.ejs): the search form (radius, towards) and the
// open jobs collecting near where the load ends, each linked to its job page to quote on it.

/** The address of a load's return loads; the load page and the /loads list link here. */
export const returnLoadsPath = (loadId: number) => `/loads/${loadId}/return_loads`;

/**
 * The link to a load's return loads, for the carrier's office while the load is still to run (a
 * delivered or cancelled load's window has passed); null for anyone else.
 */
export function returnLoadsHrefFor(actor: string, load: { id: number; status: string }): string | null {
  return actor === "carrier" && !FINISHED_LOAD_STATUSES.includes(load.status as LoadStatus) ? returnLoadsPath(load.id) : null;
}

const milesText = (miles: number) => `${miles} ${miles === 1 ? "mile" : "miles"}`;

/** What a row says; the empty miles saved may be negative (the collection is further than home). */
function rowOf(load: ReturnLoad) {
  const saved = load.emptyMilesSaved;
  return {
    ...load,
    jobHref: `/jobs/${load.jobId}`,
    collectionDayText: formatDate(load.collectionDay),
    milesAwayText: milesText(load.milesAway),
    emptySavedText: saved === null ? "Unknown: no base" : saved >= 0 ? milesText(saved) : `None (${milesText(-saved)} further than home)`,
    loadedAddedText: load.loadedMilesAdded === null ? "Unknown" : milesText(load.loadedMilesAdded),
  };
}

export type ReturnLoadsForm = { errors?: Record<string, string>; values?: Record<string, unknown> };

/**
 * The page for this search, or (a refused search, `form`) the form with its messages and the list
 * for the default search, so the page still shows something useful beside the message.
 */
export async function returnLoadsPage(user: CurrentUser, load: LoadDetail, query: ReturnLoadsQuery | null, form: ReturnLoadsForm = {}) {
  const search = query ?? DEFAULT_RETURN_LOADS_QUERY;
  const found = await returnLoadsFor(user, load, search);
  const values = { radius: String(search.radius), towards: search.towards, ...form.values };
  return {
    title: `Return loads · Load ${load.sequence} · ${load.job.reference}`,
    load,
    loadNumber: loadNumber(load.job.reference, load.sequence),
    loadHref: `/loads/${load.id}`,
    formAction: returnLoadsPath(load.id),
    maxRadius: MAX_RADIUS_MILES,
    emptyAt: found.emptyAt,
    emptyDayText: found.emptyAt ? formatDate(found.emptyAt.day) : "",
    windowText: found.window ? `${formatDate(found.window.fromDay)} to ${formatDate(found.window.lastDay)}` : "",
    radius: search.radius,
    hasBase: found.base !== null,
    billingHref: BILLING_PATH,
    baseMissing: search.towards === "base" && found.base === null,
    rows: found.loads.map(rowOf),
    errors: form.errors ?? {},
    values,
  };
}
