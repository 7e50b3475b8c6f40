import { ReturnToSchema } from "#domain/bidding/allocation-rules-input.ts";
import { LOAD_LIST_TABS, pointerToOtherTab } from "#domain/loads/empty-list.ts";
import type { LoadListView } from "#domain/loads/status.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { actorOf } from "#models/loads/access.server.ts";
import { jobsWithLoadsFor, loadsFor, otherTabLoads } from "#models/loads/list.server.ts";
import { driversFor } from "#models/loads.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { fieldIdsOf } from "#pages/loads/error-links.server.ts";
import { pageLinks, withQuery } from "#pages/pagination.server.ts";
import { returnLoadsHrefFor } from "#pages/return-loads.server.ts";

// The /loads page: one page of a user's loads in two tabs (to run; delivered and cancelled), one
// job's with `?job=`, and where a form sent from the list (its assign-driver modal) goes back to.

type ListQuery = { page?: number; job?: unknown; view?: LoadListView };

/** The address of page `page` of the list in this view, keeping to one job's loads with `jobId`. */
export function loadsListHref(view: LoadListView, jobId: number | null, page = 1): string {
  const show = view === "finished" ? "finished" : null;
  return withQuery("/loads", { job: jobId, show, page: page > 1 ? page : null });
}

/**
 * Where a form sent from the list comes back to: the list's page, by number only (listReturn
 * accepts nothing else, so a return address can never lead off the list).
 */
export const listReturnTo = (page: number) => (page > 1 ? `/loads?page=${page}` : "/loads");

/** A form sent from the /loads list (its assign-driver modal) goes back there; nowhere else. */
export function listReturn(body: unknown): { path: string; page: number } | null {
  const wanted = ReturnToSchema.safeParse(body ?? {}).data?.return_to;
  const match = typeof wanted === "string" ? /^\/loads(?:\?page=([1-9][0-9]{0,5}))?$/.exec(wanted) : null;
  return match ? { path: match[0], page: Number(match[1] ?? 1) } : null;
}

/**
 * The /loads page: one page of loads, optionally one job's (`job`, a record id: a job with none of
 * this user's loads is 404), with the shipper's job switcher, a carrier office's drivers, the tabs
 * and page links, and (an empty tab) where the loads are.
 */
export async function loadsPageFor(user: CurrentUser, { page = 1, job, view = "current" }: ListQuery = {}) {
  const actor = actorOf(user);
  const jobId = job === undefined || job === "" ? null : recordId(job);
  const [jobs, drivers] = await Promise.all([
    actor === "shipper" || jobId !== null ? jobsWithLoadsFor(user) : [],
    actor === "carrier" ? driversFor(user.accountId) : [],
  ]);
  if (jobId !== null) found(jobs.some((j) => j.id === jobId));
  const list = await loadsFor(user, { page, jobId, view });
  // An empty tab says where the loads are: how many the other tab holds.
  const empty = list.loads.length === 0 && page === 1;
  const elsewhere = empty ? pointerToOtherTab(view, await otherTabLoads(user, jobId)) : null;
  return {
    ...list,
    // The assign-driver modal's error summary links the driver's message to that load's select.
    loads: list.loads.map((load) => ({
      ...load, errorFieldId: fieldIdsOf({ driver_id: `list_driver_${load.id}` }), returnLoadsHref: returnLoadsHrefFor(actor, load),
    })),
    jobId,
    jobs: actor === "shipper" ? jobs : [],
    drivers,
    elsewhere,
    elsewhereHref: elsewhere ? loadsListHref(elsewhere.view, jobId) : "",
    tabs: LOAD_LIST_TABS.map((tab) => ({ ...tab, href: loadsListHref(tab.view, jobId), active: tab.view === view })),
    links: pageLinks(page, { hasNext: list.hasNext }, (n) => loadsListHref(view, jobId, n)),
    returnTo: listReturnTo(page),
  };
}
