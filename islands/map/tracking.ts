import type { LatLng } from "#domain/maps/polyline.ts";

// Live tracking: the page carries the driver's latest position on an element's data attributes
// (`data-latitude`, `data-longitude`, `data-route-progress`; empty when unknown), and the server
// replaces that element with a Turbo Stream. These read it; follow() watches for the replacement.

export type Tracking = { position: LatLng | null; progress: number | null };

type Attributes = { getAttribute(name: string): string | null };

const numberIn = (text: string | null, min: number, max: number): number | null => {
  if (text === null || text.trim() === "") return null;
  const value = Number(text);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
};

/** The position and route progress an element carries; a missing, empty or out-of-range value is unknown. */
export function readTracking(element: Attributes | null): Tracking {
  if (!element) return { position: null, progress: null };
  const latitude = numberIn(element.getAttribute("data-latitude"), -90, 90);
  const longitude = numberIn(element.getAttribute("data-longitude"), -180, 180);
  return {
    position: latitude !== null && longitude !== null ? [latitude, longitude] : null,
    progress: numberIn(element.getAttribute("data-route-progress"), -Infinity, Infinity),
  };
}

export function sameTracking(a: Tracking, b: Tracking): boolean {
  return a.progress === b.progress && a.position?.[0] === b.position?.[0] && a.position?.[1] === b.position?.[1];
}

/**
 * Calls onChange with the element's tracking now and whenever it changes (the element replaced or
 * its attributes rewritten), watching the element's parent. Returns the stop function.
 */
export function followTracking(id: string, onChange: (tracking: Tracking) => void): () => void {
  const parent = document.getElementById(id)?.parentNode;
  let last = readTracking(document.getElementById(id));
  onChange(last);
  if (!parent) return () => {};
  const observer = new MutationObserver(() => {
    const next = readTracking(document.getElementById(id));
    if (sameTracking(next, last)) return;
    last = next;
    onChange(next);
  });
  observer.observe(parent, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-latitude", "data-longitude", "data-route-progress"] });
  return () => observer.disconnect();
}
