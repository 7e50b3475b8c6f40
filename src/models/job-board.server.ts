import { jobSummarySelect } from "#models/job-summary.server.ts";
import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import {
  BOARD_PAGE_SIZE, countryLabel, pageCount, regionKeyText, regionLabel, type BoardFilters, type RegionKey,
} from "#domain/jobs/board-filters.ts";
import { BOARD_STATUSES } from "#domain/jobs/status.ts";
import { calendarDateValue } from "#domain/jobs/stored-job.ts";

// The carrier job board: published jobs out for bids, newest collection first. A page costs a
// fixed handful of queries whatever its size: the count, the page of jobs, their locations (one
// IN query), and the places to filter by.

const boardSelect = { ...jobSummarySelect, vehicleTypes: true, auctionClosesAt: true } as const satisfies Prisma.JobSelect;
export type BoardRow = Prisma.JobGetPayload<{ select: typeof boardSelect }>;

export type RegionOption = { value: string; label: string };
export type JobBoard = {
  jobs: BoardRow[];
  total: number;
  page: number;
  pages: number;
  pickupRegions: RegionOption[];
  deliveryRegions: RegionOption[];
};

function placeFilter(kind: "pickup" | "delivery", key: RegionKey): Prisma.JobWhereInput {
  return { locations: { some: { kind, countryCode: key.countryCode, ...(key.region ? { region: key.region } : {}) } } };
}

export function boardWhere(filters: BoardFilters): Prisma.JobWhereInput {
  const and: Prisma.JobWhereInput[] = [];
  if (filters.pickupRegion) and.push(placeFilter("pickup", filters.pickupRegion));
  if (filters.deliveryRegion) and.push(placeFilter("delivery", filters.deliveryRegion));
  if (filters.date) {
    // Collecting on or after the date: a single load that day or later, a schedule still running.
    const day = calendarDateValue(filters.date) ?? undefined;
    and.push({ OR: [{ startDate: { gte: day } }, { endDate: { gte: day } }] });
  }
  if (filters.vehicleType) and.push({ vehicleTypes: { contains: JSON.stringify(filters.vehicleType) } });
  if (filters.loadType) and.push({ loadType: filters.loadType });
  return { status: { in: [...BOARD_STATUSES] }, AND: and };
}

/** Each country where open jobs collect (or deliver), with its UK nations or regions beneath it. */
function regionOptions(rows: readonly { countryCode: string | null; region: string | null }[]): RegionOption[] {
  const byCountry = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!row.countryCode) continue;
    const regions = byCountry.get(row.countryCode) ?? new Set<string>();
    if (row.region) regions.add(row.region);
    byCountry.set(row.countryCode, regions);
  }
  const countries = [...byCountry.keys()].sort((a, b) => (a === "GB" ? -1 : b === "GB" ? 1 : countryLabel(a).localeCompare(countryLabel(b), "en-GB")));
  return countries.flatMap((countryCode) => {
    const regions = [...(byCountry.get(countryCode) ?? [])].sort((a, b) => a.localeCompare(b, "en-GB"));
    const keys: RegionKey[] = [{ countryCode, region: null }, ...regions.map((region) => ({ countryCode, region }))];
    return keys.map((key) => ({ value: regionKeyText(key), label: key.region ? `— ${regionLabel(key)}` : countryLabel(countryCode) }));
  });
}

export async function jobBoard(filters: BoardFilters): Promise<JobBoard> {
  const where = boardWhere(filters);
  const [total, places] = await Promise.all([
    db().job.count({ where }),
    db().jobLocation.groupBy({
      by: ["kind", "countryCode", "region"],
      where: { countryCode: { not: null }, job: { status: { in: [...BOARD_STATUSES] } } },
    }),
  ]);
  const pages = pageCount(total);
  const page = Math.min(filters.page, pages);
  const jobs = await db().job.findMany({
    where,
    select: boardSelect,
    orderBy: [{ startDate: { sort: "desc", nulls: "last" } }, { id: "desc" }],
    skip: (page - 1) * BOARD_PAGE_SIZE,
    take: BOARD_PAGE_SIZE,
  });
  return {
    jobs,
    total,
    page,
    pages,
    pickupRegions: regionOptions(places.filter((place) => place.kind === "pickup")),
    deliveryRegions: regionOptions(places.filter((place) => place.kind === "delivery")),
  };
}
