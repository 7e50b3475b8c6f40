import { describe, expect, it } from "vitest";
import { HideSchema, RATING_MESSAGES as M, ReplySchema, ratingSchema } from "#domain/ratings/form.ts";
import { questionsFor, wouldAgainLabel, wouldAgainQuestion } from "#domain/ratings/questions.ts";
import type { RatingSide } from "#domain/ratings/questions.ts";

// The rating form per side, read by its schema: the answers, their average, the yes/no, the comment.

const read = (side: RatingSide, paymentDue: boolean, posted: Record<string, unknown>) => {
  const parsed = ratingSchema(side, paymentDue).safeParse(posted);
  if (parsed.success) return parsed.data;
  return Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
};

const shipperForm = { punctuality: "5", communication: "4", care_of_goods: "5", paperwork: "4", would_again: "yes", comment: "  Good job  " };
const carrierForm = { accuracy: "3", site_and_waiting: "2", communication: "4", would_again: "no" };

describe("the questions", () => {
  it.each([
    { side: "shipper", paymentDue: false, fields: ["punctuality", "communication", "care_of_goods", "paperwork"] },
    { side: "shipper", paymentDue: true, fields: ["punctuality", "communication", "care_of_goods", "paperwork"] },
    { side: "carrier", paymentDue: false, fields: ["accuracy", "site_and_waiting", "communication"] },
    { side: "carrier", paymentDue: true, fields: ["accuracy", "site_and_waiting", "communication", "payment_on_time"] },
  ] as const)("$side, payment due $paymentDue → $fields", ({ side, paymentDue, fields }) => {
    expect(questionsFor(side, paymentDue).map((question) => question.field)).toEqual(fields);
  });

  it.each([
    { side: "shipper", name: "Pennine Haulage", yes: true, question: "Would you use Pennine Haulage again?", label: "Would use again" },
    { side: "shipper", name: "Pennine Haulage", yes: false, question: "Would you use Pennine Haulage again?", label: "Would not use again" },
    { side: "carrier", name: "Northwind", yes: true, question: "Would you work for Northwind again?", label: "Would work for again" },
    { side: "carrier", name: "Northwind", yes: false, question: "Would you work for Northwind again?", label: "Would not work for again" },
  ] as const)("$side: $question / $label", ({ side, name, yes, question, label }) => {
    expect(wouldAgainQuestion(side, name)).toBe(question);
    expect(wouldAgainLabel(side, yes)).toBe(label);
  });
});

describe("reading a rating", () => {
  it.each([
    {
      side: "shipper", paymentDue: false, posted: shipperForm,
      expected: { answers: { punctuality: 5, communication: 4, careOfGoods: 5, paperwork: 4 }, averageCentistars: 450, wouldAgain: true, comment: "Good job" },
    },
    {
      side: "carrier", paymentDue: false, posted: { ...carrierForm, payment_on_time: "1" },
      expected: { answers: { accuracy: 3, siteAndWaiting: 2, communication: 4 }, averageCentistars: 300, wouldAgain: false, comment: null },
    },
    {
      side: "carrier", paymentDue: true, posted: { ...carrierForm, payment_on_time: "5", comment: "" },
      expected: { answers: { accuracy: 3, siteAndWaiting: 2, communication: 4, paymentOnTime: 5 }, averageCentistars: 350, wouldAgain: false, comment: null },
    },
    {
      side: "shipper", paymentDue: false, posted: {},
      expected: {
        punctuality: "Choose from 1 to 5 stars for punctuality", communication: "Choose from 1 to 5 stars for communication",
        care_of_goods: "Choose from 1 to 5 stars for care of goods", paperwork: "Choose from 1 to 5 stars for paperwork",
        would_again: "Say whether you would use them again",
      },
    },
    {
      side: "carrier", paymentDue: true, posted: { ...carrierForm, accuracy: "6", site_and_waiting: "0", would_again: "maybe" },
      expected: {
        accuracy: "Choose from 1 to 5 stars for accuracy of the job details", site_and_waiting: "Choose from 1 to 5 stars for site and waiting time",
        payment_on_time: "Choose from 1 to 5 stars for payment on time", would_again: "Say whether you would work for them again",
      },
    },
    { side: "shipper", paymentDue: false, posted: { ...shipperForm, punctuality: "4.5" }, expected: { punctuality: "Choose from 1 to 5 stars for punctuality" } },
    { side: "shipper", paymentDue: false, posted: { ...shipperForm, comment: "x".repeat(1_001) }, expected: { comment: M.commentTooLong } },
  ] as const)("$side $posted → $expected", ({ side, paymentDue, posted, expected }) => {
    expect(read(side, paymentDue, posted)).toEqual(expected);
  });

  it("takes a comment of exactly 1,000 characters", () => {
    expect(read("shipper", false, { ...shipperForm, comment: "x".repeat(1_000) })).toMatchObject({ comment: "x".repeat(1_000) });
  });
});

describe("the sentences", () => {
  it.each([
    [M.ratedAlready(new Date("2026-11-24T14:05:00Z")), "You rated this load on 24 November 2026. A rating can be changed for 48 hours."],
    [M.windowClosed(new Date("2026-10-24T23:30:00Z")), "Ratings close 30 days after delivery: this load was delivered on 25 October 2026."],
  ])("%s", (sentence, expected) => {
    expect(sentence).toBe(expected);
  });
});

describe("the reply and the reason for hiding", () => {
  it.each([
    { schema: ReplySchema, posted: { reply: " Thank you " }, expected: { reply: "Thank you" } },
    { schema: ReplySchema, posted: {}, expected: { reply: "Enter your reply" } },
    { schema: ReplySchema, posted: { reply: "   " }, expected: { reply: "Enter your reply" } },
    { schema: ReplySchema, posted: { reply: "x".repeat(1_001) }, expected: { reply: "Keep the reply to 1,000 characters" } },
    { schema: HideSchema, posted: { reason: "Names a driver" }, expected: { reason: "Names a driver" } },
    { schema: HideSchema, posted: { reason: "" }, expected: { reason: "Enter why the rating is hidden" } },
    { schema: HideSchema, posted: { reason: "x".repeat(501) }, expected: { reason: "Keep the reason to 500 characters" } },
  ])("$posted → $expected", ({ schema, posted, expected }) => {
    const parsed = schema.safeParse(posted);
    const got = parsed.success ? parsed.data : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join("."), issue.message]));
    expect(got).toEqual(expected);
  });
});

describe("hostile shapes", () => {
  it.each([
    { posted: { ...shipperForm, comment: ["a", "b"] }, expected: { comment: "Write the comment as text" } },
    { posted: { ...shipperForm, punctuality: ["5"] }, expected: { punctuality: "Choose from 1 to 5 stars for punctuality" } },
    { posted: { ...shipperForm, would_again: { yes: true } }, expected: { would_again: "Say whether you would use them again" } },
  ])("$posted → $expected", ({ posted, expected }) => {
    expect(read("shipper", false, posted)).toEqual(expected);
  });
});
