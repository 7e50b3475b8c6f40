import * as L from "leaflet/dist/leaflet-src.esm.js";
import leafletStylesheet from "leaflet/dist/leaflet.css?url";
import type { TileLayer } from "#domain/maps/map-props.ts";
import { MAP_OPTIONS } from "#domain/maps/markers.ts";
import type { LatLng } from "#domain/maps/polyline.ts";
import { ensureStylesheet } from "../lib/stylesheet.ts";
import mapStylesheet from "./map.css?url";

// What both map islands share: Leaflet's stylesheet and ours (fetched only by pages with a map),
// a map with the configured tiles that follows its element's size, and lettered/plain div icons.
// Icons are built as elements and coloured through element.style, which the page's CSP allows
// (inline style attributes in HTML it would not).

const STYLESHEET_WAIT_MS = 3_000;

function stylesheetLoaded(href: string): Promise<void> {
  ensureStylesheet(href);
  const link = document.head.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`);
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => resolve();
    link.addEventListener("load", done, { once: true });
    link.addEventListener("error", done, { once: true });
    setTimeout(done, STYLESHEET_WAIT_MS);
  });
}

/** Adds Leaflet's stylesheet and the maps' own, and waits for them (tiles before them would jumble). */
export function mapStylesheets(): Promise<void> {
  return Promise.all([stylesheetLoaded(leafletStylesheet), stylesheetLoaded(mapStylesheet)]).then(() => undefined);
}

/** A Leaflet map in `element` with the tile layer, kept sized to the element (shown after being hidden, resized). */
export function createMap(element: HTMLElement, tiles: TileLayer): { map: L.Map; remove(): void } {
  const map = L.map(element, { ...MAP_OPTIONS });
  L.tileLayer(tiles.url, { attribution: tiles.attribution }).addTo(map);
  const resize = new ResizeObserver(() => map.invalidateSize());
  resize.observe(element);
  return {
    map,
    remove() {
      resize.disconnect();
      map.remove();
    },
  };
}

export const latLng = (point: LatLng): L.LatLngTuple => [point[0], point[1]];

/** A round marker icon (a CSS class of map.css), optionally showing text, coloured by `colour`. */
export function dotIcon(className: string, size: number, { text, colour }: { text?: string; colour?: string } = {}): L.DivIcon {
  const html = document.createElement("span");
  html.className = "map-icon-body";
  html.setAttribute("aria-hidden", "true");
  if (text) html.textContent = text;
  if (colour) html.style.setProperty("--marker-colour", colour);
  return L.divIcon({ className, html, iconSize: [size, size], iconAnchor: [size / 2, size / 2] });
}
