import { describe, expect, it } from "vitest";
import { QuoteInputSchema } from "#domain/bidding/quote-input-schema.ts";
import { loadsCountText } from "#domain/bidding/loads-count.ts";

describe("loadsCountText", () => {
  it.each([
    { loads: 0, expected: 12, text: "Up to 12 loads", tooMany: false },
    { loads: 3, expected: 12, text: "3 of 12 loads", tooMany: false },
    { loads: 12, expected: 12, text: "12 of 12 loads", tooMany: false },
    { loads: 1, expected: 1, text: "1 of 1 load", tooMany: false },
    { loads: 13, expected: 12, text: "This job has 12 loads; bid for that many or fewer", tooMany: true },
    { loads: 2, expected: 1, text: "This job has 1 load; bid for that many or fewer", tooMany: true },
    { loads: 1200, expected: 1000, text: "This job has 1,000 loads; bid for that many or fewer", tooMany: true },
  ])("$loads of $expected → $text", ({ loads, expected, text, tooMany }) => {
    expect(loadsCountText(loads, expected)).toEqual({ text, tooMany });
  });

  it("words a refusal exactly as the server does", () => {
    const server = QuoteInputSchema(12).safeParse({ price: "400", number_of_loads: "13" });
    expect(server.success).toBe(false);
    expect(server.error?.issues[0]?.message).toBe(loadsCountText(13, 12).text);
  });
});
