import * as L from "leaflet/dist/leaflet-src.esm.js";
import type { MapProps } from "#domain/maps/map-props.ts";
import { POLYLINE_STYLE } from "#domain/maps/markers.ts";
import type { LatLng } from "#domain/maps/polyline.ts";
import { createMap, dotIcon, latLng } from "./leaflet.ts";
import { progressPoint, type MapPlan } from "./plan.ts";
import type { Tracking } from "./tracking.ts";

const MARKER_SIZE = 28;
const PROGRESS_SIZE = 16;
const DRIVER_SIZE = 22;
export const DRIVER_TITLE = "Driver's position";
export const PROGRESS_TITLE = "Progress along the route";

/** Markers that only show a place: no tab stop and no button role (the map itself takes the keys). */
function placeMarker(map: L.Map, point: LatLng, icon: L.DivIcon, title: string): L.Marker {
  const marker = L.marker(latLng(point), { icon, title, alt: title, keyboard: false }).addTo(map);
  marker.getElement()?.setAttribute("role", "img");
  return marker;
}

/** Draws the plan into `element`; `track` then moves the driver and progress markers. */
export function drawMap(element: HTMLElement, props: MapProps, plan: MapPlan) {
  const { map, remove } = createMap(element, props.tiles);
  const view = plan.view;
  if (view.kind === "centre") map.setView(latLng(view.centre), view.zoom);
  else map.fitBounds(L.latLngBounds(view.points.map(latLng)), { padding: [view.padding, view.padding] });

  for (const route of plan.routes) L.polyline(route.map(latLng), { ...POLYLINE_STYLE, className: "map-route" }).addTo(map);
  for (const drawn of plan.markers) {
    const marker = placeMarker(map, drawn.position, dotIcon(`map-marker map-marker--${drawn.type}`, MARKER_SIZE, { text: drawn.letter, colour: drawn.colour }), drawn.title);
    const icon = marker.getElement();
    if (icon) Object.assign(icon.dataset, { letter: drawn.letter, colour: drawn.colour });
  }

  let progress: L.Marker | null = null;
  const showProgress = (point: LatLng | null) => {
    if (!point) return;
    if (progress) progress.setLatLng(latLng(point));
    else progress = placeMarker(map, point, dotIcon("map-progress", PROGRESS_SIZE), PROGRESS_TITLE);
  };
  showProgress(plan.progress);

  let driver: L.Marker | null = null;
  const showDriver = (point: LatLng | null) => {
    if (!point) {
      driver?.remove();
      driver = null;
    } else if (driver) driver.setLatLng(latLng(point));
    else driver = placeMarker(map, point, dotIcon("map-driver", DRIVER_SIZE), DRIVER_TITLE);
  };

  return {
    /** The driver's latest position (none: no driver marker) and progress (unknown: the marker stays). */
    track(tracking: Tracking) {
      showDriver(tracking.position);
      if (tracking.progress !== null) showProgress(progressPoint(plan, tracking.progress));
    },
    remove,
  };
}
