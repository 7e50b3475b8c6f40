import { SHIPPER_TABS, shipperTab, type ShipperTab } from "#domain/jobs/status.ts";
import { type PageLinks, pageLinks, withQuery } from "#pages/pagination.server.ts";

// A shipper's own jobs, a tab at a time (views/jobs/index.ejs): the tabs with their counts, the
// links between the tab's pages, and, when the tab is empty, the other tabs that hold jobs.

type ShipperList = { tab: ShipperTab; counts: Readonly<Record<ShipperTab, number>>; page: number; pages: number };

/** A tab that holds jobs, as the empty tab names it: "Your jobs are under Drafts (2) and Awarded (1)". */
export type ElsewhereTab = {
  label: string;
  count: number;
  href: string;
  /** What comes before it: "", ", " or " and ". */
  joiner: string;
};

export type ShipperJobsPage<L> = {
  list: L;
  tab: (typeof SHIPPER_TABS)[number];
  tabs: typeof SHIPPER_TABS;
  elsewhere: ElsewhereTab[];
  links: PageLinks;
};

const tabHref = (tab: ShipperTab) => withQuery("/jobs", { status: tab });

/** The other tabs holding jobs, each with the words that join it to the one before. */
function elsewhere(list: ShipperList): ElsewhereTab[] {
  const others = SHIPPER_TABS.filter((t) => t.value !== list.tab && list.counts[t.value] > 0);
  return others.map((t, i) => ({
    label: t.label,
    count: list.counts[t.value],
    href: tabHref(t.value),
    joiner: i === 0 ? "" : i === others.length - 1 ? " and " : ", ",
  }));
}

/** What views/jobs/index.ejs shows of a page of the shipper's list (jobsForShipper). */
export function shipperJobsPage<L extends ShipperList>(list: L): ShipperJobsPage<L> {
  return {
    list,
    tab: shipperTab(list.tab),
    tabs: SHIPPER_TABS,
    elsewhere: elsewhere(list),
    links: pageLinks(list.page, { pages: list.pages }, (n) => withQuery("/jobs", { status: list.tab, page: n })),
  };
}
