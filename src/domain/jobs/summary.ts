// One-line descriptions of a job for lists and headings, formatted once here (STYLE: format on the
// server) so the shipper's list, the job board and the job page say the same thing.

import { count, formatNumber } from "#domain/format/count.ts";
import { formatDate } from "#domain/format/dates.ts";
import { CONTAINER_SIZES, CONTRACT_DURATIONS, FREQUENCIES, labelFor } from "./catalogue.ts";

export type PlaceParts = { city?: string | null; fullAddress?: string | null; countryCode?: string | null; kind?: string; position?: number };

/** "Leeds", "Rotterdam, NL", or the first part of a full address when no town was given. */
export function placeLabel(place: PlaceParts): string {
  const town = place.city?.trim() || place.fullAddress?.split(",")[0]?.trim() || "Unknown place";
  const country = place.countryCode?.toUpperCase();
  return country && country !== "GB" ? `${town}, ${country}` : town;
}

/** "Leeds → Belfast", "Leeds + 1 → Paris, FR + 2" for several pickups or deliveries. */
export function routeLabel(locations: readonly PlaceParts[]): string {
  const side = (kind: string) => {
    const places = locations.filter((location) => location.kind === kind).toSorted((a, b) => (a.position ?? 0) - (b.position ?? 0));
    if (!places[0]) return "—";
    return places.length > 1 ? `${placeLabel(places[0])} + ${places.length - 1}` : placeLabel(places[0]);
  };
  return `${side("pickup")} → ${side("delivery")}`;
}

export type LoadParts = {
  loadType: string;
  quantityEu?: number | null;
  quantityStandard?: number | null;
  quantityEuDouble?: number | null;
  quantityStandardDouble?: number | null;
  quantityOther?: number | null;
  containerSize?: string | null;
  loadQuantity?: number | null;
  totalWeightKg?: number | null;
};

const PALLET_WORDS: [keyof LoadParts, string][] = [
  ["quantityEu", "EU"],
  ["quantityStandard", "UK standard"],
  ["quantityEuDouble", "EU double-stacked"],
  ["quantityStandardDouble", "UK standard double-stacked"],
  ["quantityOther", "other"],
];


/** "20 EU pallets · 9,500 kg", "40 ft high cube container", "80 drums · 16,000 kg". */
export function loadSummary(job: LoadParts): string {
  const parts: string[] = [];
  if (job.loadType === "palletised") {
    for (const [field, word] of PALLET_WORDS) {
      const n = job[field];
      if (typeof n === "number" && n > 0) parts.push(count(n, `${word} pallet`, `${word} pallets`));
    }
    if (!parts.length) parts.push("Palletised");
  } else if (job.loadType === "shipping_container") {
    parts.push(job.containerSize ? `${labelFor(CONTAINER_SIZES, job.containerSize)} container` : "Shipping container");
  } else if (job.loadType === "ibc" || job.loadType === "drums") {
    const [one, many] = job.loadType === "ibc" ? ["IBC", "IBCs"] : ["drum", "drums"];
    parts.push(job.loadQuantity ? count(job.loadQuantity, one, many) : many.replace(/^./, (c) => c.toUpperCase()));
  } else {
    parts.push("Loose load (no pallets)");
  }
  if (job.totalWeightKg) parts.push(`${formatNumber(job.totalWeightKg)} kg`);
  return parts.join(" · ");
}

export type ScheduleParts = {
  jobType: string;
  startDate: Date | null;
  endDate: Date | null;
  frequency?: string | null;
  contractDuration?: string | null;
  /** Read when a single load has no start date of its own: its earliest collection day. */
  locations?: readonly { kind: string; windowDate?: Date | null }[];
};

function firstCollection(job: ScheduleParts): Date | null {
  const days = (job.locations ?? []).filter((l) => l.kind === "pickup" && l.windowDate).map((l) => l.windowDate as Date);
  return days.sort((a, b) => a.getTime() - b.getTime())[0] ?? null;
}

/** "Collect 14 Mar 2027", "Weekly, 1 Mar 2027 to 31 May 2027", "Contract: 1 year from 1 Mar 2027". */
export function scheduleSummary(job: ScheduleParts): string {
  const start = formatDate(job.startDate ?? (job.jobType === "single" ? firstCollection(job) : null));
  if (job.jobType === "multi") {
    const how = labelFor(FREQUENCIES, job.frequency) || "Recurring";
    return `${how}, ${start || "?"} to ${formatDate(job.endDate) || "?"}`;
  }
  if (job.jobType === "contract") {
    return `Contract: ${labelFor(CONTRACT_DURATIONS, job.contractDuration) || "?"} from ${start || "?"}`;
  }
  return start ? `Collect ${start}` : "Collection date to be agreed";
}
