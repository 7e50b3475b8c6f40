// Map markers: a pickup is green, a delivery red, an inactive stop grey; a delivery whose title is not
// the active marker's is shown inactive (the other drops of a multi-drop load); markers are lettered
// A, B, C… in their order.

export type MarkerType = "pickup" | "delivery" | "inactive";
export type MapMarker = { position: readonly [number, number]; type: MarkerType; title: string };

export const MARKER_COLOURS: Record<MarkerType, string> = { pickup: "green", delivery: "red", inactive: "grey" };

/** "A" for the first marker, … "Z", then "AA", "AB"… */
export function markerLetter(index: number): string {
  let letters = "";
  for (let n = index; n >= 0; n = Math.floor(n / 26) - 1) letters = String.fromCharCode(65 + (n % 26)) + letters;
  return letters;
}

/** The type a marker is shown as, given the active marker's title (if any). */
export function shownType(marker: Pick<MapMarker, "type" | "title">, activeTitle: string | null | undefined): MarkerType {
  return marker.type === "delivery" && activeTitle && marker.title !== activeTitle ? "inactive" : marker.type;
}

/** Every marker as drawn: its letter, shown type and colour. */
export function drawnMarkers(markers: readonly MapMarker[], activeTitle?: string | null) {
  return markers.map((marker, index) => {
    const type = shownType(marker, activeTitle);
    return { ...marker, letter: markerLetter(index), type, colour: MARKER_COLOURS[type] };
  });
}

// How the map behaves (Leaflet options), and the picker's start.
export const MAP_OPTIONS = { zoomSnap: 0.7, zoomDelta: 1 } as const;
export const POLYLINE_STYLE = { weight: 5, opacity: 0.9, color: "blue" } as const;
export const SINGLE_MARKER_ZOOM = 7;
export const MAP_PADDING_PX = 20;
export const PICKER = { center: [54, -4] as const, zoom: 4, iconSize: [24, 40] as const };
