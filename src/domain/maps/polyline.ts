// Encoded polylines (the format Google and OSRM use): each coordinate rounded to 1e-5 degrees, stored
// as the difference from the previous point, zig-zag signed and written five bits per character
// from "?" (63) upwards. Shared by the server (routes it sends) and the map island (routes it draws).

export type LatLng = readonly [latitude: number, longitude: number];

export const POLYLINE_PRECISION = 1e5;

function encodeNumber(value: number): string {
  let rest = value < 0 ? ~(value << 1) : value << 1;
  let text = "";
  while (rest >= 0x20) {
    text += String.fromCharCode((0x20 | (rest & 0x1f)) + 63);
    rest >>= 5;
  }
  return text + String.fromCharCode(rest + 63);
}

export function encodePolyline(points: readonly LatLng[], precision = POLYLINE_PRECISION): string {
  let previous = [0, 0];
  let text = "";
  for (const point of points) {
    const scaled = [Math.round(point[0] * precision), Math.round(point[1] * precision)];
    text += encodeNumber(scaled[0]! - previous[0]!) + encodeNumber(scaled[1]! - previous[1]!);
    previous = scaled;
  }
  return text;
}

/** The points of an encoded polyline; a malformed string decodes as far as it is whole. */
export function decodePolyline(text: string, precision = POLYLINE_PRECISION): LatLng[] {
  const points: LatLng[] = [];
  let index = 0;
  let latitude = 0;
  let longitude = 0;
  const next = (): number | null => {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (index >= text.length) return null;
      const byte = text.charCodeAt(index++) - 63;
      if (byte < 0 || byte > 63) return null;
      result |= (byte & 0x1f) << shift;
      shift += 5;
      if (byte < 0x20) break;
      if (shift > 30) return null;
    }
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < text.length) {
    const dLat = next();
    const dLng = next();
    if (dLat === null || dLng === null) break;
    latitude += dLat;
    longitude += dLng;
    points.push([latitude / precision, longitude / precision]);
  }
  return points;
}
