import type { Guide } from "#domain/price-guide/guide.ts";
import { type Lane, laneText } from "#domain/price-guide/lane.ts";
import type { Spread } from "#domain/price-guide/percentiles.ts";
import type { IndexMonth } from "#domain/price-guide/price-index.ts";

// What the price guide shows (docs/price-guide.md): the API's JSON answer for the job form's panel,
// the panel beside a carrier's quote form, and the dashboard's monthly price per mile index.

export const PRICE_GUIDE_PATH = "/api/v1/price_guide";

type SpreadJson = { median_pence: number; lower_quartile_pence: number; upper_quartile_pence: number };
const spreadJson = (spread: Spread): SpreadJson => ({ median_pence: spread.median, lower_quartile_pence: spread.lower, upper_quartile_pence: spread.upper });

/** The API's answer: the lane as read, whether a guide is shown, its sentence and, when shown, its figures. */
export function priceGuideJson(lane: Lane, guide: Guide) {
  const asked = { from: lane.from, to: lane.to, vehicle: lane.vehicle, load_type: lane.loadType };
  if (!guide.shown) return { lane: asked, shown: false, sentence: guide.sentence };
  return {
    lane: asked,
    shown: true,
    sentence: guide.sentence,
    loads: guide.loads,
    per_load: spreadJson(guide.perLoad),
    per_mile: guide.perMile ? spreadJson(guide.perMile) : null,
  };
}

/** The panel beside the quote form (views/price-guide/_guide.ejs). */
export type GuidePanel = { lane: string; guide: Guide };

export function guidePanel(found: { lane: Lane; guide: Guide } | null): GuidePanel | null {
  return found && { lane: laneText(found.lane), guide: found.guide };
}

/** The dashboard's index (views/price-guide/_index.ejs): the backed months, newest first. */
export type PriceIndexPanel = { months: IndexMonth[] };

export function priceIndexPanel(months: readonly IndexMonth[]): PriceIndexPanel {
  return { months: [...months].reverse() };
}
