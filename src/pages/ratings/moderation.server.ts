import { loadNumber } from "#domain/loads/load-number.ts";
import { MAX_HIDE_REASON_LENGTH } from "#domain/ratings/form.ts";
import type { FoundRating } from "#models/ratings.server.ts";
import { shownRating } from "#pages/ratings/shown.server.ts";

// A rating as support staff see it (views/ratings/moderate.ejs), blind or not, with the form to hide
// it and the reason asked for.

export const moderationPath = (ratingId: number) => `/ratings/${ratingId}`;
export const hidePath = (ratingId: number) => `/ratings/${ratingId}/hide`;

type Form = { errors: Record<string, string>; values: Record<string, unknown> };

export function moderationPage(rating: FoundRating, form: Form | null = null) {
  return {
    title: `Rating ${rating.id} · ${loadNumber(rating.load.job.reference, rating.load.sequence)}`,
    loadName: `Load ${rating.load.sequence} of ${rating.load.job.reference}`,
    by: rating.side === "shipper" ? "The shipper's rating of the carrier" : "The carrier's rating of the shipper",
    rating: shownRating(rating, true),
    hide: rating.hiddenAt ? null : {
      action: hidePath(rating.id),
      reason: typeof form?.values.reason === "string" ? form.values.reason : "", error: form?.errors.reason ?? "", max: MAX_HIDE_REASON_LENGTH,
    },
    summary: { errors: form?.errors ?? {}, fields: ["reason"], fieldIds: { reason: "rating_hide_reason", base: null } },
  };
}
