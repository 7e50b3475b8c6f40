// What each side is asked about the other after a delivered load. The shipper's office rates the
// carrier on how the load was run; the carrier's office rates the shipper on how it was to work for,
// including whether it paid on time, which is asked only once the load's invoice is paid or overdue
// (before then there is nothing to judge). Each question is 1–5 stars; "would … again" is yes/no.

/** The side that rated: the shipper's office rates the carrier, the carrier's office the shipper. */
export type RatingSide = "shipper" | "carrier";
export const RATING_SIDES: readonly RatingSide[] = ["shipper", "carrier"];

/** The Rating columns holding stars. */
export type StarColumn = "punctuality" | "communication" | "careOfGoods" | "paperwork" | "accuracy" | "siteAndWaiting" | "paymentOnTime";

export type Question = Readonly<{ column: StarColumn; field: string; label: string; hint: string }>;

const q = (column: StarColumn, field: string, label: string, hint: string): Question => Object.freeze({ column, field, label, hint });

export const SHIPPER_QUESTIONS: readonly Question[] = [
  q("punctuality", "punctuality", "Punctuality", "Collection and delivery on time"),
  q("communication", "communication", "Communication", "Kept you told, answered when asked"),
  q("careOfGoods", "care_of_goods", "Care of goods", "Goods arrived as they were loaded"),
  q("paperwork", "paperwork", "Paperwork", "Proof of delivery and documents complete"),
];

export const CARRIER_QUESTIONS: readonly Question[] = [
  q("accuracy", "accuracy", "Accuracy of the job details", "Goods, weights, addresses and times as described"),
  q("siteAndWaiting", "site_and_waiting", "Site and waiting time", "Access to the sites and how long the lorry waited"),
  q("communication", "communication", "Communication", "Kept you told, answered when asked"),
  q("paymentOnTime", "payment_on_time", "Payment on time", "The invoice was paid by its due date"),
];

/** The questions this side answers; the carrier's payment question only once the invoice is paid or overdue. */
export function questionsFor(side: RatingSide, paymentDue: boolean): readonly Question[] {
  if (side === "shipper") return SHIPPER_QUESTIONS;
  return paymentDue ? CARRIER_QUESTIONS : CARRIER_QUESTIONS.filter((question) => question.column !== "paymentOnTime");
}

/** Every question, for showing a stored rating: those it has an answer for. */
export const ALL_QUESTIONS: readonly Question[] = [...SHIPPER_QUESTIONS, ...CARRIER_QUESTIONS.filter((question) => question.column !== "communication")];

/** The yes/no question: "Would you use Pennine Haulage again?" / "Would you work for Northwind again?". */
export function wouldAgainQuestion(side: RatingSide, ratedName: string): string {
  return side === "shipper" ? `Would you use ${ratedName} again?` : `Would you work for ${ratedName} again?`;
}

/** How a stored answer reads: "Would use again" / "Would work for again" (or not). */
export function wouldAgainLabel(side: RatingSide, yes: boolean): string {
  const verb = side === "shipper" ? "use" : "work for";
  return yes ? `Would ${verb} again` : `Would not ${verb} again`;
}

/** The side of the other party: the side that rates the rater. */
export const otherSide = (side: RatingSide): RatingSide => (side === "shipper" ? "carrier" : "shipper");

export const isRatingSide = (value: unknown): value is RatingSide => value === "shipper" || value === "carrier";
