/** A stop as lists name it: its town and postcode ("Bristol BS1 6QF"), or "Unknown place". */
export const placeName = (place: { city: string | null; postCode: string | null }): string =>
  [place.city, place.postCode].filter(Boolean).join(" ") || "Unknown place";
