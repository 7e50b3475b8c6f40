import { describe, expect, it } from "vitest";
import { marketReachedNotice, quoteDeadlineNotice } from "#domain/messaging/market-notice.ts";

describe("marketReachedNotice", () => {
  it("names the search and the job, and says every carrier may quote now", () => {
    expect(marketReachedNotice({ jobId: 7, reference: "Chilled to Leeds", searchName: "Yorkshire", route: "Hull → Leeds", when: "Collect 3 Mar 2027" })).toEqual({
      kind: "market_reached",
      title: "Now open to all carriers, for “Yorkshire”: Chilled to Leeds",
      body: "Hull → Leeds · Collect 3 Mar 2027. Offered to invited carriers first, it now takes quotes from every carrier.",
      path: "/jobs/7",
    });
  });
});

describe("quoteDeadlineNotice", () => {
  it.each([
    { quotes: 0, closed: false, body: "The quote deadline for Chilled to Leeds has passed: 0 quotes." },
    { quotes: 1, closed: false, body: "The quote deadline for Chilled to Leeds has passed: 1 quote." },
    { quotes: 3, closed: true, body: "The quote deadline for Chilled to Leeds has passed: 3 quotes; quotes are now closed." },
  ])("$quotes quotes, closed $closed", ({ quotes, closed, body }) => {
    expect(quoteDeadlineNotice({ jobId: 7, reference: "Chilled to Leeds", quotes, closed })).toEqual({
      kind: "quote_deadline", title: "Quote deadline passed: Chilled to Leeds", body, path: "/jobs/7/quotes",
    });
  });
});
