import { array, boolean, nullable, number, object, oneOf, string, type Shaped } from "#domain/shape/shape.ts";

// Props of the map islands, built on the server (src/geo/trips.server.ts) and checked by the
// islands with the small shape checks. Tiles travel with the props so the page, the CSP and the
// island all use the one configured tile service.

export const mapMarker = object({ latitude: number, longitude: number, type: oneOf(["pickup", "delivery", "inactive"]), title: string });
export type MapMarkerProp = Shaped<typeof mapMarker>;

export const tileLayer = object({ url: string, attribution: string });
export type TileLayer = Shaped<typeof tileLayer>;

export const mapProps = object({
  /** The map's accessible name, e.g. "Route of load 12". */
  label: string,
  markers: array(mapMarker),
  /** Encoded polylines (precision 1e5). One route unless `multiplePolylines`. */
  polylines: array(string),
  /** Each polyline is its own route (the dashboard's loads on the road); no progress marker then. */
  multiplePolylines: boolean,
  /** Draw no route lines at all (markers only). */
  disablePolylines: boolean,
  /** Share of the route done, 0–100; a marker is drawn that far along (measured in miles). */
  routeProgress: nullable(number),
  padding: number,
  activeMarkerTitle: nullable(string),
  tiles: tileLayer,
  /**
   * Live tracking: the id of an element whose `data-latitude`, `data-longitude` and
   * `data-route-progress` attributes carry the driver's latest position. The server replaces that
   * element over the cable (a Turbo Stream); the island follows it without remounting.
   */
  trackingElementId: nullable(string),
});
export type MapProps = Shaped<typeof mapProps>;
/** What a page decides about its map; the view adds the app's tile service. */
export type MapContent = Omit<MapProps, "tiles">;

export const mapPickerProps = object({
  label: string,
  /** Where the pin already is (a stored or typed location), or null to start at PICKER's centre. */
  latitude: nullable(number),
  longitude: nullable(number),
  tiles: tileLayer,
  /** Answers the nearest known place to `?latitude=&longitude=` (see the nearest-place route). */
  nearestPlaceUrl: string,
});
export type MapPickerProps = Shaped<typeof mapPickerProps>;
