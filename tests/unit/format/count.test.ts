import { describe, expect, it } from "vitest";
import { allOf, count, formatNumber } from "#domain/format/count.ts";

describe("count", () => {
  it.each([
    { n: 0, word: "load", plural: undefined, text: "0 loads" },
    { n: 1, word: "load", plural: undefined, text: "1 load" },
    { n: 2, word: "load", plural: undefined, text: "2 loads" },
    { n: 1000, word: "load", plural: undefined, text: "1,000 loads" },
    { n: 1, word: "IBC", plural: "IBCs", text: "1 IBC" },
    { n: 3, word: "unread notification", plural: undefined, text: "3 unread notifications" },
    { n: 2, word: "delivery", plural: "deliveries", text: "2 deliveries" },
  ])("$n $word → $text", ({ n, word, plural, text }) => {
    expect(count(n, word, plural)).toBe(text);
  });

  it("groups thousands the British way", () => {
    expect(formatNumber(1234567)).toBe("1,234,567");
  });
});

describe("allOf", () => {
  it.each([
    { n: 1, text: "the load" },
    { n: 2, text: "all 2 loads" },
    { n: 1500, text: "all 1,500 loads" },
  ])("$n → $text", ({ n, text }) => {
    expect(allOf(n, "load")).toBe(text);
  });
});
