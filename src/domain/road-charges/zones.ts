import type { EuroStandard } from "#domain/vehicles/vehicles.ts";

// The road charges Loadline prices, as data (docs/road-charges.md gives each figure's source and
// when it was recorded). A change of price or a new zone is a new entry here, not new code: each
// rule carries the day it took effect, and the newest version on or before a day is the one in
// force that day. Boundaries are hand-simplified polygons of [latitude, longitude] points traced
// from each operator's published map: good to a few hundred metres, enough to tell a route into a
// city centre from one past it, not a substitute for the operator's own map at the edge.

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

export type ZoneRule =
  | { kind: "daily"; reach: Reach; versions: readonly DailyVersion[]; who: string }
  /** Entry refused (a penalty, not a charge) to these standards from a day on. */
  | { kind: "refused"; reach: Reach; from: IsoDay; standards: readonly EuroStandard[]; who: string; reason: string }
  /** Entry refused without a permit the vehicle record says it holds. */
  | { kind: "permit"; reach: Reach; from: IsoDay; who: string; reason: string };

export type Source = { operator: string; url: string };

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

const BELOW_EURO_6 = ["euro_3", "euro_4", "euro_5"] as const satisfies readonly EuroStandard[];
const BELOW_EURO_6_HGV = "lorries below Euro VI";

/** A Clean Air Zone charging lorries below Euro VI the same amount each day. */
function cleanAirZone(id: string, name: string, source: Source, from: IsoDay, pence: number, polygon: readonly LatLngPoint[]): Zone {
  const prices = { euro_3: pence, euro_4: pence, euro_5: pence };
  return { id, name, source, polygon, rules: [{ kind: "daily", reach: "hgv", versions: [{ from, pence: prices }], who: BELOW_EURO_6_HGV }] };
}

/** A Scottish Low Emission Zone: vehicles below Euro VI (diesel) may not enter; a penalty, not a charge. */
function scottishZone(id: string, name: string, source: Source, from: IsoDay, polygon: readonly LatLngPoint[]): Zone {
  const reason = `${name} refuses vehicles below Euro VI: entering is a penalty charge, not a fee`;
  return { id, name, source, polygon, rules: [{ kind: "refused", reach: "all", from, standards: BELOW_EURO_6, who: "vehicles below Euro VI", reason }] };
}

const TFL_LEZ = { operator: "Transport for London", url: "https://tfl.gov.uk/modes/driving/low-emission-zone" };
const TFL_DVS = { operator: "Transport for London", url: "https://tfl.gov.uk/info-for/deliveries-in-london/delivering-safely/direct-vision-in-heavy-goods-vehicles" };
const TFL_CC = { operator: "Transport for London", url: "https://tfl.gov.uk/modes/driving/congestion-charge" };
const CAZ = (city: string) => ({ operator: `${city} (GOV.UK Drive in a clean air zone)`, url: "https://www.gov.uk/clean-air-zones" });
const SCOTLAND = (city: string) => ({ operator: `${city} (Low Emission Zones Scotland)`, url: "https://www.lowemissionzones.scot" });

export const ZONES: readonly Zone[] = [
  {
    id: "london_lez", name: "London LEZ", source: { operator: `${TFL_LEZ.operator}; ${TFL_DVS.url}`, url: TFL_LEZ.url },
    // Greater London, nearly all of it.
    polygon: [[51.69, -0.25], [51.65, 0.02], [51.62, 0.22], [51.56, 0.33], [51.48, 0.21], [51.41, 0.15], [51.32, 0.08], [51.29, -0.09],
      [51.33, -0.24], [51.39, -0.33], [51.43, -0.46], [51.5, -0.51], [51.6, -0.49], [51.66, -0.38]],
    rules: [
      { kind: "daily", reach: "hgv", versions: [{ from: "2021-03-01", pence: { euro_3: 30_000, euro_4: 10_000, euro_5: 10_000 } }], who: BELOW_EURO_6_HGV },
      { kind: "permit", reach: "over_12t", from: "2021-03-01", who: "lorries over 12 t without a Direct Vision Standard permit", reason: "London needs a Direct Vision Standard permit for lorries over 12 t" },
    ],
  },
  {
    id: "london_congestion", name: "London Congestion Charge", source: TFL_CC,
    // Central London: Euston Road, Park Lane, Vauxhall, Elephant and Castle, Tower Bridge.
    polygon: [[51.523, -0.171], [51.53, -0.125], [51.526, -0.077], [51.51, -0.071], [51.495, -0.078], [51.488, -0.105], [51.489, -0.135],
      [51.494, -0.155], [51.505, -0.16], [51.513, -0.17]],
    rules: [{
      kind: "daily", reach: "all", who: "every vehicle",
      versions: [
        { from: "2020-06-22", pence: everyStandard(1_500) },
        { from: "2026-01-02", pence: everyStandard(1_800) },
      ],
    }],
  },
  cleanAirZone("birmingham_caz", "Birmingham CAZ", CAZ("Birmingham City Council"), "2021-06-01", 5_000,
    [[52.492, -1.9], [52.488, -1.88], [52.478, -1.873], [52.468, -1.882], [52.465, -1.898], [52.47, -1.915], [52.48, -1.922], [52.489, -1.915]]),
  cleanAirZone("bradford_caz", "Bradford CAZ", CAZ("Bradford Council"), "2022-09-26", 5_000,
    [[53.83, -1.76], [53.82, -1.72], [53.79, -1.7], [53.76, -1.72], [53.76, -1.77], [53.78, -1.8], [53.81, -1.8]]),
  cleanAirZone("sheffield_caz", "Sheffield CAZ", CAZ("Sheffield City Council"), "2023-02-27", 5_000,
    [[53.389, -1.472], [53.386, -1.458], [53.377, -1.456], [53.371, -1.465], [53.373, -1.48], [53.382, -1.485]]),
  cleanAirZone("newcastle_gateshead_caz", "Newcastle and Gateshead CAZ", CAZ("Newcastle City Council and Gateshead Council"), "2023-01-30", 5_000,
    [[54.982, -1.62], [54.978, -1.598], [54.962, -1.595], [54.955, -1.605], [54.958, -1.625], [54.97, -1.632]]),
  cleanAirZone("portsmouth_caz", "Portsmouth CAZ", CAZ("Portsmouth City Council"), "2021-11-29", 5_000,
    [[50.812, -1.095], [50.808, -1.075], [50.795, -1.07], [50.783, -1.08], [50.785, -1.1], [50.8, -1.108]]),
  cleanAirZone("bristol_caz", "Bristol CAZ", CAZ("Bristol City Council"), "2022-11-28", 10_000,
    [[51.464, -2.61], [51.462, -2.58], [51.452, -2.572], [51.443, -2.585], [51.445, -2.61], [51.455, -2.618]]),
  cleanAirZone("bath_caz", "Bath CAZ", CAZ("Bath and North East Somerset Council"), "2021-03-15", 10_000,
    [[51.39, -2.375], [51.39, -2.345], [51.378, -2.34], [51.37, -2.352], [51.372, -2.372]]),
  scottishZone("glasgow_lez", "Glasgow LEZ", SCOTLAND("Glasgow City Council"), "2023-06-01",
    [[55.868, -4.275], [55.868, -4.24], [55.855, -4.235], [55.853, -4.27]]),
  scottishZone("edinburgh_lez", "Edinburgh LEZ", SCOTLAND("City of Edinburgh Council"), "2024-06-01",
    [[55.96, -3.215], [55.958, -3.175], [55.944, -3.172], [55.94, -3.205]]),
  scottishZone("dundee_lez", "Dundee LEZ", SCOTLAND("Dundee City Council"), "2024-05-30",
    [[56.468, -2.985], [56.467, -2.96], [56.457, -2.96], [56.458, -2.985]]),
  scottishZone("aberdeen_lez", "Aberdeen LEZ", SCOTLAND("Aberdeen City Council"), "2024-06-01",
    [[57.153, -2.11], [57.152, -2.088], [57.142, -2.088], [57.142, -2.108]]),
];

function everyStandard(pence: number): Partial<Record<EuroStandard, number>> {
  return { euro_3: pence, euro_4: pence, euro_5: pence, euro_6: pence, zero_emission: pence };
}

export const CROSSINGS: readonly Crossing[] = [
  {
    id: "dartford", name: "Dartford Crossing",
    source: { operator: "National Highways (Dart Charge)", url: "https://www.gov.uk/pay-dartford-crossing-charge" },
    // The Thames from the Woolwich ferry out to the estuary: east of Woolwich the only road crossing
    // a lorry can take is Dartford's bridge and tunnels (at about 51.465, 0.26), so a route from
    // Kent to Essex over this line pays it, whichever way the straight estimate draws the leg.
    line: [[51.495, 0.07], [51.465, 0.26], [51.45, 0.37], [51.5, 0.6], [51.5, 0.8], [51.55, 1.5]],
    versions: [
      { from: "2014-11-30", twoAxlePence: 300, multiAxlePence: 600 },
      { from: "2025-09-01", twoAxlePence: 420, multiAxlePence: 840 },
    ],
    freeFromHour: 22, freeUntilHour: 6,
  },
];
