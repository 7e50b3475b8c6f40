import { formatLongDate } from "#domain/format/dates.ts";
import { formatNumber } from "#domain/format/count.ts";
import { milesBetween } from "#domain/maps/route.ts";

// Marking a load collected or delivered is the driver's word for it. The app checks that word
// against the calendar and the phone's position and asks again when they disagree — it never
// refuses: a phone's fix can be wrong, and a collection can be brought forward by a phone call.
// The server asks with the warnings (and a button to go on anyway); the driver's page uses the same
// distance rule to say how far the phone is from the point before anything is sent.

/** Further than this (great-circle miles, haversine) from every point of the step is "not there". */
export const NEAR_SITE_MILES = 5;

export type Point = { latitude: number; longitude: number };
/** A collection or delivery point; its position is unknown when the address was never placed on a map. */
export type Site = { latitude: number | null; longitude: number | null };
export type HandoverStep = "collection" | "delivery";

const placed = (site: Site): site is Point => site.latitude !== null && site.longitude !== null;

/** Miles from the position to the nearest site with a known position; null when none has one. */
export function milesToNearestSite(position: Point, sites: readonly Site[]): number | null {
  const miles = sites.filter(placed).map((site) => milesBetween([position.latitude, position.longitude], [site.latitude, site.longitude]));
  return miles.length ? Math.min(...miles) : null;
}

/** Whether the position is more than NEAR_SITE_MILES from every site with a known position (never when none has one). */
export function isAwayFromSites(position: Point, sites: readonly Site[]): boolean {
  const miles = milesToNearestSite(position, sites);
  return miles !== null && miles > NEAR_SITE_MILES;
}

/** "7.3 miles", "12 miles": tenths only where they matter. */
export function milesText(miles: number): string {
  const rounded = miles < 10 ? Math.round(miles * 10) / 10 : Math.round(miles);
  return `${formatNumber(rounded)} ${rounded === 1 ? "mile" : "miles"}`;
}

const POINT_NAMES: Record<HandoverStep, string> = { collection: "collection point", delivery: "delivery point" };

/** What the driver's page says once the phone has given its position. */
export function distanceHint(step: HandoverStep, position: Point, sites: readonly Site[]): string {
  const miles = milesToNearestSite(position, sites);
  const recorded = `Your position will be recorded with the ${step}.`;
  return miles === null ? recorded : `You are ${milesText(miles)} from the ${POINT_NAMES[step]}. ${recorded}`;
}

export type HandoverFacts = {
  step: HandoverStep;
  /** A collection's: today's calendar date where the job's times are kept ("2027-03-03"). */
  today?: string;
  /** A collection's: the collection day as a calendar date; null when the load has none. */
  collectionDay?: string | null;
  /** The phone's position, when it gave one. */
  position: Point | null;
  /** The points of this step (every pickup, or every delivery). */
  sites: readonly Site[];
};

/** Why the app asks before recording the step, one sentence each; empty when nothing disagrees. */
export function handoverWarnings(facts: HandoverFacts): string[] {
  const warnings: string[] = [];
  if (facts.step === "collection" && facts.collectionDay && facts.today && facts.today < facts.collectionDay) {
    warnings.push(`The collection is booked for ${formatLongDate(facts.collectionDay)}, and today is ${formatLongDate(facts.today)}.`);
  }
  const miles = facts.position ? milesToNearestSite(facts.position, facts.sites) : null;
  if (miles !== null && miles > NEAR_SITE_MILES) {
    warnings.push(`Your phone puts you ${milesText(miles)} from the ${POINT_NAMES[facts.step]}, more than ${NEAR_SITE_MILES} miles away.`);
  }
  return warnings;
}
