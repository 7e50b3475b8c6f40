// A carrier's saved search: the job board's filters kept under a name, and the rules that decide
// which newly published jobs it alerts on and when the e-mail digest may go out. Pure, so the
// server, the tests and any browser code read a search the same way.
//
// The filters are stored as JSON holding the board's own query parameters
// ({"delivery_region":"GB:Scotland","vehicle_type":"curtain_side"}), so a stored search opens on
// the board as a plain link, and reading one back goes through the board's own reader: a key it no
// longer knows, or an option since removed, is ignored exactly as a mistyped link would be.

import { formatDate } from "#domain/format/dates.ts";
import { boardQuery, countryLabel, readBoardFilters, type BoardFilters, type RegionKey } from "./board-filters.ts";
import { LOAD_TYPES, VEHICLE_TYPES, labelFor } from "./catalogue.ts";
import { calendarDateValue } from "./stored-values.ts";

/** What a search keeps: the board's filters without its paging or ordering, which say nothing about which jobs match. */
export type SavedFilters = Pick<BoardFilters, "pickupRegion" | "deliveryRegion" | "date" | "vehicleType" | "loadType">;

/** The board's query parameters a search keeps, in the order they are written. */
const SAVED_PARAMS = ["pickup_region", "delivery_region", "date", "vehicle_type", "load_type"] as const;

export const NAME_MAX_LENGTH = 60;
export const MAX_SEARCHES_PER_USER = 20;
/** A user hears about new matches by e-mail at most once in this long. */
export const DIGEST_INTERVAL_MS = 60 * 60_000;

export const SEARCH_MESSAGES = {
  nameBlank: "Enter a name for this search",
  nameTooLong: `Name must be ${NAME_MAX_LENGTH} characters or fewer`,
  nameTaken: "You already have a saved search with this name",
  noFilters: "Choose at least one filter to save",
  tooMany: `You can save up to ${MAX_SEARCHES_PER_USER} searches. Delete one you no longer need to save another.`,
} as const;

function pick(filters: BoardFilters): SavedFilters {
  const { pickupRegion, deliveryRegion, date, vehicleType, loadType } = filters;
  return { pickupRegion, deliveryRegion, date, vehicleType, loadType };
}

/** The board's filters with these saved ones and its defaults for the rest (first page, default order). */
export function boardFiltersOf(filters: SavedFilters): BoardFilters {
  return { ...readBoardFilters({}), ...filters };
}

function parseJson(text: string | null | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text ?? "");
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const savedFilters = {
  /** The filters a board URL's query (or a form posting the same names) asks for. */
  fromQuery(query: Record<string, unknown>): SavedFilters {
    return pick(readBoardFilters(query));
  },
  /** A stored search's filters; unreadable text reads as no filters at all. */
  parse(text: string | null | undefined): SavedFilters {
    return savedFilters.fromQuery(parseJson(text));
  },
  /** The board's query string for these filters ("delivery_region=GB%3AScotland"), no page or order. */
  query(filters: SavedFilters): string {
    const written = new URLSearchParams(boardQuery(boardFiltersOf(filters), 1));
    const params = new URLSearchParams();
    for (const name of SAVED_PARAMS) {
      const value = written.get(name);
      if (value) params.set(name, value);
    }
    return params.toString();
  },
  /** The JSON kept in SavedSearch.filters. */
  serialise(filters: SavedFilters): string {
    return JSON.stringify(Object.fromEntries(new URLSearchParams(savedFilters.query(filters))));
  },
  isEmpty(filters: SavedFilters): boolean {
    return !(filters.pickupRegion || filters.deliveryRegion || filters.date || filters.vehicleType || filters.loadType);
  },
};

/** A job as a search sees it: where it collects and delivers, when, and what it carries. */
export type MatchableJob = {
  locations: readonly { kind: string; countryCode: string | null; region: string | null }[];
  startDate: Date | null;
  endDate: Date | null;
  /** The vehicle types the shipper asked for; none means any vehicle. */
  vehicleTypes: readonly string[];
  loadType: string;
};

function hasPlace(job: MatchableJob, kind: "pickup" | "delivery", key: RegionKey): boolean {
  return job.locations.some((location) => location.kind === kind && location.countryCode === key.countryCode && (!key.region || location.region === key.region));
}

const onOrAfter = (value: Date | null, day: Date) => value !== null && value.getTime() >= day.getTime();

/**
 * Whether the job meets every filter, by the board's own rules (src/pages/job-board.server.ts):
 * - a region matches any pickup (or delivery) in that country, and in that region when one is named;
 * - a date matches a job collecting that day or later: its start date, or a schedule whose end date
 *   is still to come (a job with neither date matches no date);
 * - a vehicle type matches a job that asks for that type (a job asking for none, "any vehicle",
 *   matches no vehicle filter);
 * - a load type matches that load type only.
 * Whether the job is on the board at all (its status) is for the caller.
 */
export function matchesSearch(filters: SavedFilters, job: MatchableJob): boolean {
  if (filters.pickupRegion && !hasPlace(job, "pickup", filters.pickupRegion)) return false;
  if (filters.deliveryRegion && !hasPlace(job, "delivery", filters.deliveryRegion)) return false;
  if (filters.date) {
    const day = calendarDateValue(filters.date);
    if (!day || !(onOrAfter(job.startDate, day) || onOrAfter(job.endDate, day))) return false;
  }
  if (filters.vehicleType && !job.vehicleTypes.includes(filters.vehicleType)) return false;
  if (filters.loadType && job.loadType !== filters.loadType) return false;
  return true;
}

/** "Scotland" for a UK nation, "France" for a whole country, "Bavaria, Germany" elsewhere. */
function placeName(key: RegionKey): string {
  if (!key.region) return countryLabel(key.countryCode);
  return key.countryCode === "GB" ? key.region : `${key.region}, ${countryLabel(key.countryCode)}`;
}

/** A catalogue label inside a sentence: "Curtain-sider" → "curtain-sider", but "IBCs" and "HIAB …" stay. */
function inline(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}

/** "England → Scotland · curtain-sider · palletised · from 3 Mar 2027"; "Any job" with no filters. */
export function describeSearch(filters: SavedFilters): string {
  const parts: string[] = [];
  const { pickupRegion: from, deliveryRegion: to } = filters;
  if (from && to) parts.push(`${placeName(from)} → ${placeName(to)}`);
  else if (from) parts.push(`From ${placeName(from)}`);
  else if (to) parts.push(`To ${placeName(to)}`);
  if (filters.vehicleType) parts.push(inline(labelFor(VEHICLE_TYPES, filters.vehicleType)));
  if (filters.loadType) parts.push(inline(labelFor(LOAD_TYPES, filters.loadType)));
  if (filters.date) parts.push(`from ${formatDate(filters.date)}`);
  const text = parts.join(" · ");
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : "Any job";
}

/** A search's name as typed: trimmed, with runs of spaces (and line breaks) made single spaces. */
export function cleanSearchName(value: unknown): string {
  return typeof value === "string" ? value.replace(/\s+/g, " ").trim() : "";
}

/** What is wrong with a name, if anything (uniqueness among the user's searches is the model's). */
export function searchNameError(name: string): string | null {
  if (!name) return SEARCH_MESSAGES.nameBlank;
  if ([...name].length > NAME_MAX_LENGTH) return SEARCH_MESSAGES.nameTooLong;
  return null;
}

/**
 * A user's next digest may go out once an hour has passed since their last one (or at once when
 * none has been sent), so however many jobs match, they get at most one e-mail an hour.
 */
export function digestDue(lastSentAt: Date | null, now: Date): boolean {
  return lastSentAt === null || now.getTime() - lastSentAt.getTime() >= DIGEST_INTERVAL_MS;
}
