import { describe, expect, it } from "vitest";
import { parseBidPrice, parseLoads } from "#domain/bidding/bid-input.ts";
import { QuoteInputSchema } from "#domain/bidding/quote-input-schema.ts";
import type { z } from "zod";

const fieldErrors = (error: z.ZodError) => Object.fromEntries(error.issues.map((issue) => [issue.path.join("."), issue.message]));

describe("parseBidPrice (pounds typed → pence)", () => {
  it.each([
    { input: "12", cents: 1200 },
    { input: "0", cents: 0 },
    { input: " 750 ", cents: 75_000 },
    { input: "12.50", cents: 1200, why: "read as an integer: pence are dropped" },
    { input: "12.99", cents: 1200, why: "truncated, not rounded" },
    { input: "£1,200", cents: 120_000, why: "pound sign and thousands commas are ignored" },
    { input: "1 200", cents: 120_000 },
    { input: "12abc", cents: 1200, why: "parseInt reads the leading digits" },
    { input: "-5", cents: -500 },
  ])("$input → $cents", ({ input, cents }) => {
    expect(parseBidPrice(input)).toBe(cents);
  });

  it.each(["", "abc", ".5", "£", null, undefined])("%j → NaN (no price)", (input) => {
    expect(parseBidPrice(input)).toBeNaN();
  });
});

describe("parseLoads", () => {
  it.each([
    { input: "3", loads: 3 },
    { input: " 12 ", loads: 12 },
    { input: "2.9", loads: 2 },
    { input: "", loads: 0 },
    { input: null, loads: 0 },
    { input: undefined, loads: 0 },
    { input: "abc", loads: 0 },
    { input: "-4", loads: 0 },
  ])("$input → $loads", ({ input, loads }) => {
    expect(parseLoads(input)).toBe(loads);
  });
});

describe("QuoteInputSchema", () => {
  const schema = QuoteInputSchema(10);
  const errorsFor = (body: Record<string, unknown>) => {
    const result = schema.safeParse(body);
    return result.success ? {} : fieldErrors(result.error);
  };

  it.each([
    { body: { price: "750", number_of_loads: "4" }, out: { valueCents: 75_000, numberOfLoads: 4 } },
    { body: { price: "£1,000,000", number_of_loads: "10" }, out: { valueCents: 100_000_000, numberOfLoads: 10 } },
    { body: { price: 1, number_of_loads: 1 }, out: { valueCents: 100, numberOfLoads: 1 } },
    { body: { price: " 12 ", number_of_loads: " 2 " }, out: { valueCents: 1200, numberOfLoads: 2 } },
  ])("accepts $body as $out", ({ body, out }) => {
    expect(schema.parse(body)).toEqual(out);
  });

  it.each([
    { price: undefined, message: "Enter your price" },
    { price: "", message: "Enter your price" },
    { price: "abc", message: "Enter your price as a number of pounds" },
    { price: "12.50", message: "Enter your price in whole pounds" },
    { price: "0", message: "Your price must be at least £1" },
    { price: "-3", message: "Your price must be at least £1" },
    { price: "1000001", message: "Your price must be £1,000,000 or less" },
  ])("price $price → $message", ({ price, message }) => {
    expect(errorsFor({ price, number_of_loads: "1" })).toEqual({ price: message });
  });

  it.each([
    { loads: undefined, message: "Enter the number of loads" },
    { loads: "", message: "Enter the number of loads" },
    { loads: "many", message: "Enter the number of loads as a number" },
    { loads: "1.5", message: "The number of loads must be a whole number" },
    { loads: "0", message: "The number of loads must be at least 1" },
    { loads: "11", message: "This job has 10 loads; bid for that many or fewer" },
  ])("number_of_loads $loads → $message", ({ loads, message }) => {
    expect(errorsFor({ price: "100", number_of_loads: loads })).toEqual({ number_of_loads: message });
  });

  it("caps loads at the job's expected quantity, in the singular for one load", () => {
    expect(QuoteInputSchema(1).safeParse({ price: "100", number_of_loads: "1" }).success).toBe(true);
    const result = QuoteInputSchema(1).safeParse({ price: "100", number_of_loads: "2" });
    expect(result.success ? {} : fieldErrors(result.error)).toEqual({ number_of_loads: "This job has 1 load; bid for that many or fewer" });
  });

  it("reports both fields at once", () => {
    expect(errorsFor({})).toEqual({ price: "Enter your price", number_of_loads: "Enter the number of loads" });
  });
});
