import { formatMoney } from "#domain/format/money.ts";
import { EURO_STANDARDS, type EuroStandard } from "#domain/vehicles/vehicles.ts";
import type { Crossing, CrossingVersion, DailyVersion, IsoDay } from "./zones.ts";

// Reading the dated rules: which version is in force on a day, and what a version charges.

/** The newest version that began on or before the day; null before the first began. */
export function versionOn<V extends { from: IsoDay }>(versions: readonly V[], day: IsoDay): V | null {
  let found: V | null = null;
  for (const version of versions) if (version.from <= day && (!found || version.from >= found.from)) found = version;
  return found;
}

/** Pence a day this standard pays under the version (0 when it is not charged). */
export const dailyPence = (version: DailyVersion | null, standard: EuroStandard): number => version?.pence[standard] ?? 0;

/** Whether the crossing is free at that hour (UK clock): its free hours run over midnight. */
export function freeAtHour(crossing: Pick<Crossing, "freeFromHour" | "freeUntilHour">, hour: number): boolean {
  return hour >= crossing.freeFromHour || hour < crossing.freeUntilHour;
}

/** Two-axle goods vehicles pay the lower price; three or more axles the multi-axle price. */
export const crossingPence = (version: CrossingVersion | null, axles: number): number =>
  version === null ? 0 : axles <= 2 ? version.twoAxlePence : version.multiAxlePence;

/** "£100 a day" or, when standards pay differently, "£100 a day (Euro 4, Euro 5) or £300 a day (Euro 3)". */
export function dailyPrices(version: DailyVersion): string {
  const byPrice = new Map<number, string[]>();
  for (const { value, label } of EURO_STANDARDS) {
    const pence = version.pence[value];
    if (pence) byPrice.set(pence, [...(byPrice.get(pence) ?? []), label]);
  }
  const prices = [...byPrice.entries()].sort((a, b) => a[0] - b[0]);
  if (prices.length === 1) return `${formatMoney(prices[0]![0])} a day`;
  return prices.map(([pence, labels]) => `${formatMoney(pence)} a day (${labels.join(", ")})`).join(" or ");
}

const hourText = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** "free 22:00–06:00" */
export const freeHoursText = (crossing: Crossing) => `free ${hourText(crossing.freeFromHour)}–${hourText(crossing.freeUntilHour)}`;
