import { describe, expect, it } from "vitest";
import { coverRefusal, documentsRefusal, workRefusal } from "#domain/compliance/documents-that-count.ts";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const now = new Date("2027-03-10T15:30:00Z");
const licence = (expires: string) => ({ kind: "operator_licence", expiresOn: day(expires), coverPence: null });
const insurance = (expires: string, coverPence: number | null = 5_000_000) => ({ kind: "goods_in_transit", expiresOn: day(expires), coverPence });

describe("documentsRefusal: both documents, neither expired (good through the expiry day)", () => {
  it.each([
    ["both in date", [licence("2028-01-01"), insurance("2028-01-01")], null],
    ["both expiring today", [licence("2027-03-10"), insurance("2027-03-10")], null],
    ["no documents", [], "You cannot quote: your operator licence is missing. Add it at /account/compliance."],
    ["no insurance", [licence("2028-01-01")], "You cannot quote: your goods-in-transit insurance is missing. Add it at /account/compliance."],
    ["licence expired yesterday", [licence("2027-03-09"), insurance("2028-01-01")], "You cannot quote: your operator licence expired on 9 Mar 2027. Update it at /account/compliance."],
    ["insurance expired", [licence("2028-01-01"), insurance("2026-12-31")], "You cannot quote: your goods-in-transit insurance expired on 31 Dec 2026. Update it at /account/compliance."],
    ["both expired: the licence first", [licence("2027-01-01"), insurance("2027-02-01")], "You cannot quote: your operator licence expired on 1 Jan 2027. Update it at /account/compliance."],
  ])("%s", (_case, documents, refusal) => {
    expect(documentsRefusal(documents, now, "quote")).toBe(refusal);
  });

  it("names the deed refused", () => {
    expect(documentsRefusal([licence("2027-03-09"), insurance("2028-01-01")], now, "accept this award")).toBe(
      "You cannot accept this award: your operator licence expired on 9 Mar 2027. Update it at /account/compliance.",
    );
  });
});

describe("coverRefusal: the job's minimum goods-in-transit cover against the carrier's", () => {
  it.each([
    ["no minimum asked", null, 2_500_000, null],
    ["a minimum of nothing", 0, 2_500_000, null],
    ["cover exactly the minimum", 5_000_000, 5_000_000, null],
    ["cover above it", 5_000_000, 7_500_000, null],
    ["cover below it", 5_000_000, 2_500_000, "This job needs goods-in-transit cover of at least £50,000. Yours is £25,000."],
    ["a pound short", 5_000_000, 4_999_900, "This job needs goods-in-transit cover of at least £50,000. Yours is £49,999."],
    ["no cover recorded", 1_000_000, null, "This job needs goods-in-transit cover of at least £10,000. Yours is £0."],
  ])("%s", (_case, minimum, cover, refusal) => {
    expect(coverRefusal(minimum, [insurance("2028-01-01", cover)])).toBe(refusal);
  });
});

describe("workRefusal: the documents first, then the cover", () => {
  it.each([
    ["all good", [licence("2028-01-01"), insurance("2028-01-01", 5_000_000)], 5_000_000, null],
    ["expired and too little cover: the expiry is said", [licence("2028-01-01"), insurance("2027-01-01", 100)], 5_000_000, "You cannot quote: your goods-in-transit insurance expired on 1 Jan 2027. Update it at /account/compliance."],
    ["in date, too little cover", [licence("2028-01-01"), insurance("2028-01-01", 100_000)], 5_000_000, "This job needs goods-in-transit cover of at least £50,000. Yours is £1,000."],
  ])("%s", (_case, documents, minimum, refusal) => {
    expect(workRefusal(documents, { minimumCargoCoverPence: minimum }, now, "quote")).toBe(refusal);
  });
});
