import { addDays } from "#domain/format/calendar.ts";
import { toDateInputValue } from "#domain/format/dates.ts";

// When a return load may collect: on the UK calendar day the load delivers, or one of the next two.
// Collection days are stored as calendar dates (midnight UTC of the day), so the window is the
// half-open range from the delivery day's midnight to the midnight three days on.

export const WINDOW_DAYS = 3;

export type DateWindow = { fromDay: string; lastDay: string; from: Date; before: Date };

/** The window for a delivery on this instant's UK day. */
export function returnWindow(delivery: Date): DateWindow {
  const fromDay = toDateInputValue(delivery);
  return {
    fromDay,
    lastDay: addDays(fromDay, WINDOW_DAYS - 1),
    from: new Date(`${fromDay}T00:00:00Z`),
    before: new Date(`${addDays(fromDay, WINDOW_DAYS)}T00:00:00Z`),
  };
}

/** A collection day (a stored calendar date) falls in the window. */
export function inWindow(window: DateWindow, collectionDay: Date): boolean {
  return collectionDay >= window.from && collectionDay < window.before;
}
