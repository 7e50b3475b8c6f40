// What the offices are told of ratings. While a rating is blind, the rated office hears only that
// the other side has rated (and that rating back reveals both); once revealed, it hears the stars.
// The author's office hears when Loadline support hides its rating, and why. Each leads to the
// load's rating page.

import { snippet, type NotificationContent } from "#domain/messaging/notification-content.ts";
import { starsText } from "./rules.ts";

type Load = { loadId: number; sequence: number; reference: string };

const loadName = (load: Load) => `load ${load.sequence} of ${load.reference}`;
export const ratingPagePath = (loadId: number) => `/loads/${loadId}/rating`;

export const ratingNotices = {
  /** To the rated office, while blind: no stars, no comment. */
  received: (f: Load & { raterName: string }): NotificationContent => ({
    kind: "rating_received",
    title: `${f.raterName} rated ${loadName(f)}`,
    body: "You will see their rating once you have rated them too, or 30 days after delivery.",
    path: ratingPagePath(f.loadId),
  }),
  /** To the rated office, once both have rated (or the 30 days are over). */
  revealed: (f: Load & { raterName: string; averageCentistars: number }): NotificationContent => ({
    kind: "rating_revealed",
    title: `${f.raterName} rated you ${starsText(f.averageCentistars)} out of 5`,
    body: `Their rating of ${loadName(f)} is now visible. You may reply to it once.`,
    path: ratingPagePath(f.loadId),
  }),
  /** To the author's office: support hid its rating, with the reason. */
  hidden: (f: Load & { reason: string }): NotificationContent => ({
    kind: "rating_hidden",
    title: `Your rating of ${loadName(f)} was hidden`,
    body: snippet(`Loadline support hid it: ${f.reason.trim().replace(/\.+$/, "")}.`),
    path: ratingPagePath(f.loadId),
  }),
};
