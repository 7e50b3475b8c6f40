import { z } from "zod";
import { EURO_STANDARDS, type EuroStandard } from "#domain/vehicles/vehicles.ts";
import DATA from "./data/road-charges.json" with { type: "json" };

// The road charges Loadline prices are data, in data/road-charges.json (docs/road-charges.md gives
// each figure's source and when it was recorded): a change of price or a new zone is a new entry
// there, not new code. Each rule carries the day it took effect; the newest version on or before a
// day is the one in force that day. Boundaries are hand-simplified polygons of [latitude, longitude]
// points traced from each operator's published map: good to a few hundred metres, enough to tell a
// route into a city centre from one past it, not a substitute for the operator's own map at the edge.
// The file is checked against the shapes below when loaded, so a mistyped entry fails at start (and
// in the unit tests), never halfway through pricing a route.

export type LatLngPoint = readonly [number, number];
/** "YYYY-MM-DD", the first day a version applies (UK days). */
export type IsoDay = string;

/**
 * Which vehicles a rule reaches: every vehicle, goods vehicles over 3.5 t gross ("hgv"), or
 * those over 12 t gross (London's Direct Vision Standard).
 */
export type Reach = "all" | "hgv" | "over_12t";

/** A daily charge's prices from a day on: pence a day by Euro standard; a standard not listed pays nothing. */
export type DailyVersion = { from: IsoDay; pence: Partial<Record<EuroStandard, number>> };

export type Source = { operator: string; url: string };

/** A rule may name its own source when it is not the zone's (London's DVS permit, inside the LEZ's boundary). */
export type ZoneRule = (
  | { kind: "daily"; reach: Reach; versions: readonly DailyVersion[]; who: string }
  /** Entry refused (a penalty, not a charge) to these standards from a day on. */
  | { kind: "refused"; reach: Reach; from: IsoDay; standards: readonly EuroStandard[]; who: string; reason: string }
  /** Entry refused without a permit the vehicle record says it holds. */
  | { kind: "permit"; reach: Reach; from: IsoDay; who: string; reason: string }
) & { source?: Source };

export type Zone = { id: string; name: string; source: Source; polygon: readonly LatLngPoint[]; rules: readonly ZoneRule[] };

/** A crossing's prices from a day on, in pence per crossing (each direction pays). */
export type CrossingVersion = { from: IsoDay; twoAxlePence: number; multiAxlePence: number };

/**
 * A crossing: a line across the water (a screen line) that a route cannot cross without paying,
 * because it is the only crossing for goods vehicles along that line. Free overnight (UK time).
 */
export type Crossing = {
  id: string; name: string; source: Source; line: readonly LatLngPoint[];
  versions: readonly CrossingVersion[]; freeFromHour: number; freeUntilHour: number;
};

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const point = z.tuple([z.number().min(49).max(61), z.number().min(-9).max(2)]);
const standard = z.enum(EURO_STANDARDS.map((option) => option.value) as [EuroStandard, ...EuroStandard[]]);
const pence = z.number().int().nonnegative();
const source = z.object({ operator: z.string().min(1), url: z.url() });
const reach = z.enum(["all", "hgv", "over_12t"]);
const ruleShared = { reach, who: z.string().min(1), source: source.optional() };

const RuleSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("daily"), ...ruleShared, versions: z.array(z.object({ from: day, pence: z.partialRecord(standard, pence) })).min(1) }),
  z.object({ kind: z.literal("refused"), ...ruleShared, from: day, standards: z.array(standard).min(1), reason: z.string().min(1) }),
  z.object({ kind: z.literal("permit"), ...ruleShared, from: day, reason: z.string().min(1) }),
]);

export const RoadChargesDataSchema = z.object({
  zones: z.array(z.object({ id: z.string().min(1), name: z.string().min(1), source, polygon: z.array(point).min(3), rules: z.array(RuleSchema).min(1) })),
  crossings: z.array(z.object({
    id: z.string().min(1), name: z.string().min(1), source, line: z.array(point).min(2),
    versions: z.array(z.object({ from: day, twoAxlePence: pence, multiAxlePence: pence })).min(1),
    freeFromHour: z.number().int().min(0).max(23), freeUntilHour: z.number().int().min(0).max(23),
  })),
});

const parsed = RoadChargesDataSchema.parse(DATA);

export const ZONES: readonly Zone[] = parsed.zones;
export const CROSSINGS: readonly Crossing[] = parsed.crossings;
