import { paidInText } from "#domain/billing/labels.ts";
import { boardPath, boardQuery, type BoardFilters, type BoardSort } from "#domain/jobs/board-filters.ts";
import { labelFor, VEHICLE_TYPES } from "#domain/jobs/catalogue.ts";
import { certificationBadge } from "#domain/jobs/status-explanations.ts";
import { storedList } from "#domain/jobs/stored-values.ts";
import { formatMoneyWhole } from "#domain/format/money.ts";
import { type PageLinks, pageLinks } from "#pages/pagination.server.ts";

// What the board's template (views/jobs/board.ejs) shows beside the jobs themselves, worked out
// here: each row's vehicles, certificate badges, payment terms and the goods-in-transit cover it asks for, the page's address and links, and when the page
// reloads itself for a closing auction.

// A live auction leaves the board when it closes: the page reloads itself then (with a moment for
// the server's auction clock to close it), so nobody quotes on a job that has gone.
const AUCTION_CLOSE_GRACE_MS = 2000;

type CertificationBadge = NonNullable<ReturnType<typeof certificationBadge>>;

/**
 * A row's vehicle types as read ("Any" when the job takes any), its certificate badges, and its
 * payment terms ("Paid in 30 days"; null for a job posted before terms were kept: the row says nothing),
 * and the minimum goods-in-transit cover the shipper asks for ("Cover £50,000 required"; null: any).
 */
type RowDisplay = { vehicles: string; certificationBadges: CertificationBadge[]; paidIn: string | null; coverText: string | null };

type RowJob = { vehicleTypes: string; requiredCertifications: string; paymentTermsDays?: number | null; minimumCargoCoverPence?: number | null };

/** "Cover £50,000 required", or null when the job asks for none. */
export const coverText = (pence: number | null | undefined) => (pence ? `Cover ${formatMoneyWhole(pence)} required` : null);

export function rowDisplay(job: RowJob): RowDisplay {
  const vehicles = storedList(job.vehicleTypes).map((value) => labelFor(VEHICLE_TYPES, value));
  const certifications = storedList(job.requiredCertifications);
  const certificationBadges = certifications.flatMap((value) => certificationBadge(value) ?? []);
  return { vehicles: vehicles.length ? vehicles.join(", ") : "Any", certificationBadges, paidIn: paidInText(job.paymentTermsDays), coverText: coverText(job.minimumCargoCoverPence) };
}

/** When the page should reload: just after the first of its live auctions closes, or null. */
export function reloadAt(jobs: readonly { status: string; auctionClosesAt: Date | null }[]): Date | null {
  const live = jobs.filter((job) => job.status === "live");
  const closings = live.flatMap((job) => (job.auctionClosesAt ? [job.auctionClosesAt.getTime()] : []));
  return closings.length ? new Date(Math.min(...closings) + AUCTION_CLOSE_GRACE_MS) : null;
}

export type BoardPageDisplay = {
  /** This page's own address, with its filters and order, which the replace-history helper puts in the address bar. */
  href: string;
  links: PageLinks;
  sortLabel: string;
  /** "Save this search": the query string of the filters it saves (the first page, in this order). */
  searchQuery: string;
};

type Sorts = readonly { value: BoardSort; label: string }[];

export function pageDisplay(filters: BoardFilters, sorts: Sorts, page: number, pages: number): BoardPageDisplay {
  return {
    href: boardPath(filters, page),
    links: pageLinks(page, { pages }, (n) => boardPath(filters, n)),
    sortLabel: labelFor(sorts, filters.sort),
    searchQuery: boardQuery(filters, 1),
  };
}
