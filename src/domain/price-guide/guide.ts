import { formatMoney } from "#domain/format/money.ts";
import { type Lane, laneText } from "./lane.ts";
import { type Spread, spreadOf } from "./percentiles.ts";

// What the price guide shows for a lane. Privacy comes first: a guide is shown only when at least
// MIN_LOADS loads from at least MIN_SHIPPERS different shippers back it, so no figure can be traced
// to one shipper's price; and only the median and the middle half are given, never the lowest or
// highest price (which would be one load's price). Below the threshold the guide says so and shows
// no figure at all. Per mile, only loads whose route miles are known count, under the same rule.

export const MIN_LOADS = 5;
export const MIN_SHIPPERS = 3;
export const GUIDE_DAYS = 90;
export const TOO_FEW = "Not enough accepted prices on this lane yet to show a guide";

/** One accepted price: the pence a load was awarded at, its shipper and its route miles (null: unknown). */
export type PricedLoad = { shipperAccountId: number; priceCents: number; miles: number | null };

export type Guide =
  | { shown: false; sentence: string }
  | { shown: true; loads: number; perLoad: Spread; perMile: Spread | null; sentence: string };

/** Enough loads from enough shippers for a figure to be shown. */
export function isBacked(loads: readonly Pick<PricedLoad, "shipperAccountId">[]): boolean {
  return loads.length >= MIN_LOADS && new Set(loads.map((load) => load.shipperAccountId)).size >= MIN_SHIPPERS;
}

/** A load's price per mile in whole pence (halves up), or null without a positive route length. */
export function pencePerMile(load: Pick<PricedLoad, "priceCents" | "miles">): number | null {
  return load.miles !== null && load.miles > 0 ? Math.round(load.priceCents / load.miles) : null;
}

/** The guide for a lane from its accepted prices (already the lane's, over the last GUIDE_DAYS days). */
export function priceGuide(lane: Lane, loads: readonly PricedLoad[]): Guide {
  if (!isBacked(loads)) return { shown: false, sentence: `${TOO_FEW}.` };
  const perLoad = spreadOf(loads.map((load) => load.priceCents));
  const mileable = loads.filter((load) => pencePerMile(load) !== null);
  const perMile = isBacked(mileable) ? spreadOf(mileable.map((load) => pencePerMile(load)!)) : null;
  return { shown: true, loads: loads.length, perLoad, perMile, sentence: guideSentence(lane, loads.length, perLoad, perMile) };
}

function guideSentence(lane: Lane, loads: number, perLoad: Spread, perMile: Spread | null): string {
  const load = `${formatMoney(perLoad.median)} a load (middle half ${formatMoney(perLoad.lower)} to ${formatMoney(perLoad.upper)})`;
  const mile = perMile ? `, ${formatMoney(perMile.median)} a mile (middle half ${formatMoney(perMile.lower)} to ${formatMoney(perMile.upper)})` : "";
  return `Similar loads on ${laneText(lane)} were accepted at a median of ${load}${mile}, from ${loads} loads in the last ${GUIDE_DAYS} days.`;
}
