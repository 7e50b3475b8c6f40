import * as L from "leaflet/dist/leaflet-src.esm.js";
import { useEffect, useMemo, useRef, useState } from "react";
import { mapPickerProps, type MapPickerProps } from "#domain/maps/map-props.ts";
import { MARKER_COLOURS, PICKER } from "#domain/maps/markers.ts";
import type { LatLng } from "#domain/maps/polyline.ts";
import { createMap, latLng, mapStylesheets } from "../map/leaflet.ts";
import { nearestPlaceRequest, PINNED_ZOOM, pickedItem, pickedPoint, pickedStatus } from "./pick.ts";

const PIN_TITLE = "Pinned location";
const HINT = "Click the map (or press Enter on it for its centre) to pin the exact spot.";

/**
 * Pins a location on a map: a click (or Enter, at the centre) places the one pin, asks the server for
 * the nearest known place and dispatches `map-picker:picked` (bubbling) with `{ item }` for the
 * address form: that place at the clicked point, or just the point when nothing is near.
 */
export default function MapPicker(raw: Record<string, unknown>) {
  const props = useMemo(() => mapPickerProps(raw), [raw]);
  const root = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState(HINT);

  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    void mapStylesheets().then(() => {
      if (cancelled || !canvas.current || !root.current) return;
      stop = drawPicker(canvas.current, root.current, props, setStatus);
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [props]);

  return (
    <div ref={root} className="map-picker">
      <div ref={canvas} className="map-canvas" role="region" aria-label={props.label} />
      <p className="map-picker-status" aria-live="polite">{status}</p>
    </div>
  );
}

function pinIcon(): L.DivIcon {
  const [width, height] = PICKER.iconSize;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 24 40" aria-hidden="true">`
    + `<path fill="${MARKER_COLOURS.delivery}" stroke="#fff" stroke-width="1.5" d="M12 1C5.9 1 1 5.9 1 12c0 8.3 11 27 11 27s11-18.7 11-27C23 5.9 18.1 1 12 1z"/>`
    + `<circle cx="12" cy="12" r="4.5" fill="#fff"/></svg>`;
  return L.divIcon({ className: "map-picker-marker", html: svg, iconSize: [width, height], iconAnchor: [width / 2, height] });
}

function drawPicker(element: HTMLElement, root: HTMLElement, props: MapPickerProps, setStatus: (text: string) => void): () => void {
  const { map, remove } = createMap(element, props.tiles);
  const start: LatLng | null = props.latitude !== null && props.longitude !== null ? [props.latitude, props.longitude] : null;
  map.setView(latLng(start ?? PICKER.center), start ? PINNED_ZOOM : PICKER.zoom);

  let pin: L.Marker | null = null;
  const place = (point: LatLng) => {
    if (pin) pin.setLatLng(latLng(point));
    else {
      // Not interactive: a click on the pin goes to the map (and moves it there).
      pin = L.marker(latLng(point), { icon: pinIcon(), title: PIN_TITLE, alt: PIN_TITLE, keyboard: false, interactive: false }).addTo(map);
      pin.getElement()?.setAttribute("role", "img");
    }
  };
  if (start) place(start);

  let request = 0;
  let live = true;
  const pick = async (at: L.LatLng) => {
    const wrapped = at.wrap();
    const point = pickedPoint(wrapped.lat, wrapped.lng);
    const current = ++request;
    place(point);
    setStatus("Looking up the nearest place…");
    const answer = await nearestPlace(props.nearestPlaceUrl, point);
    if (!live || current !== request) return;
    const item = pickedItem(answer, point);
    setStatus(pickedStatus(item));
    root.dispatchEvent(new CustomEvent("map-picker:picked", { bubbles: true, detail: { item } }));
  };
  map.on("click", (event: L.LeafletMouseEvent) => void pick(event.latlng));
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== "Enter" || event.target !== element) return;
    event.preventDefault();
    void pick(map.getCenter());
  };
  element.addEventListener("keydown", onKey);

  return () => {
    live = false;
    element.removeEventListener("keydown", onKey);
    remove();
  };
}

/** The nearest known place's JSON, or null when there is none (404) or the lookup failed. */
async function nearestPlace(baseUrl: string, point: LatLng): Promise<unknown> {
  try {
    const response = await fetch(nearestPlaceRequest(baseUrl, point), { headers: { Accept: "application/json" }, credentials: "same-origin" });
    return response.ok ? ((await response.json()) as unknown) : null;
  } catch {
    return null;
  }
}
