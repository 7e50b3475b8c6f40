// The carrier job board's filters as they travel in the query string. Filters a carrier cannot have
// chosen from the page (a mistyped link, a removed option) are ignored rather than refused.

import { parseIsoDate } from "#domain/format/date-input.ts";
import { LOAD_TYPES, VEHICLE_TYPES, isOneOf, type LoadType, type VehicleType } from "./catalogue.ts";

export const BOARD_PAGE_SIZE = 20;
const MAX_PAGE = 10_000;

/**
 * The orders the board offers, the first being the default: the collections coming up soonest
 * (a job's start date is its first collection day; undated jobs last), the furthest ahead first,
 * the most recently posted, and auctions by their closing time (tenders, which never close, last).
 */
export const BOARD_SORTS = [
  { value: "soonest", label: "Soonest collection" },
  { value: "latest", label: "Latest collection" },
  { value: "newest", label: "Newest posted" },
  { value: "closing", label: "Auction closing soonest" },
] as const;
export type BoardSort = (typeof BOARD_SORTS)[number]["value"];
export const DEFAULT_BOARD_SORT: BoardSort = BOARD_SORTS[0].value;

/** The order a `sort` parameter names; anything else (a mistyped link, an old bookmark) is the default. */
export function parseBoardSort(value: unknown): BoardSort {
  return BOARD_SORTS.find((sort) => sort.value === value)?.value ?? DEFAULT_BOARD_SORT;
}

/** A place to filter by: a UK nation ("GB" + "Scotland") or a whole country ("FR"). */
export type RegionKey = { countryCode: string; region: string | null };

export type BoardFilters = {
  pickupRegion: RegionKey | null;
  deliveryRegion: RegionKey | null;
  date: string | null;
  vehicleType: VehicleType | null;
  loadType: LoadType | null;
  sort: BoardSort;
  page: number;
};

const REGION_KEY = /^([A-Z]{2})(?::(.{1,100}))?$/;

export function regionKeyText(key: RegionKey): string {
  return key.region ? `${key.countryCode}:${key.region}` : key.countryCode;
}

export function parseRegionKey(text: unknown): RegionKey | null {
  const match = typeof text === "string" ? REGION_KEY.exec(text.trim()) : null;
  if (!match?.[1]) return null;
  return { countryCode: match[1], region: match[2]?.trim() || null };
}

const countryNames = new Intl.DisplayNames(["en-GB"], { type: "region" });

// A code's name never changes: asked of Intl once a code (a board names its countries on every render).
const countryLabels = new Map<string, string>([["GB", "United Kingdom"]]);

export function countryLabel(code: string): string {
  let label = countryLabels.get(code);
  if (label === undefined) {
    label = nameOfCountry(code);
    if (countryLabels.size < 1_000) countryLabels.set(code, label);
  }
  return label;
}

function nameOfCountry(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Northern Ireland (UK)", "France". */
export function regionLabel(key: RegionKey): string {
  if (!key.region) return countryLabel(key.countryCode);
  return key.countryCode === "GB" ? `${key.region} (UK)` : `${key.region}, ${countryLabel(key.countryCode)}`;
}

function single(value: unknown): unknown {
  return Array.isArray(value) ? undefined : value;
}

function pageNumber(value: unknown): number {
  const page = Number(single(value));
  return Number.isSafeInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1;
}

export function readBoardFilters(query: Record<string, unknown>): BoardFilters {
  const vehicleType = single(query.vehicle_type);
  const loadType = single(query.load_type);
  const date = single(query.date);
  return {
    pickupRegion: parseRegionKey(single(query.pickup_region)),
    deliveryRegion: parseRegionKey(single(query.delivery_region)),
    date: typeof date === "string" ? parseIsoDate(date) : null,
    vehicleType: isOneOf(VEHICLE_TYPES, vehicleType) ? vehicleType : null,
    loadType: isOneOf(LOAD_TYPES, loadType) ? loadType : null,
    sort: parseBoardSort(single(query.sort)),
    page: pageNumber(query.page),
  };
}

/** The query string of these filters and order (the default order left out), for the pagination links. */
export function boardQuery(filters: BoardFilters, page = filters.page): string {
  const params = new URLSearchParams();
  if (filters.pickupRegion) params.set("pickup_region", regionKeyText(filters.pickupRegion));
  if (filters.deliveryRegion) params.set("delivery_region", regionKeyText(filters.deliveryRegion));
  if (filters.date) params.set("date", filters.date);
  if (filters.vehicleType) params.set("vehicle_type", filters.vehicleType);
  if (filters.loadType) params.set("load_type", filters.loadType);
  if (filters.sort !== DEFAULT_BOARD_SORT) params.set("sort", filters.sort);
  if (page > 1) params.set("page", String(page));
  return params.toString();
}

/** The board's address showing these filters, in this order, at this page. */
export function boardPath(filters: BoardFilters, page = filters.page): string {
  const query = boardQuery(filters, page);
  return query ? `/jobs?${query}` : "/jobs";
}

export function pageCount(total: number, size = BOARD_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** Whether any filter narrows the board (the order does not: every job is still listed). */
export function isFiltered(filters: BoardFilters): boolean {
  return Boolean(filters.pickupRegion || filters.deliveryRegion || filters.date || filters.vehicleType || filters.loadType);
}
