import { describe, expect, it } from "vitest";
import { RADIUS_MESSAGE, ReturnLoadsQuerySchema, TOWARDS_MESSAGE } from "#domain/return-loads/query.ts";

describe("the return-loads query", () => {
  it.each([
    ["nothing given: 25 miles, anywhere", {}, { radius: 25, towards: "anywhere" }],
    ["blank fields take the defaults", { radius: "", towards: "" }, { radius: 25, towards: "anywhere" }],
    ["widened to 100 miles, towards base", { radius: "100", towards: "base" }, { radius: 100, towards: "base" }],
    ["one mile", { radius: "1" }, { radius: 1, towards: "anywhere" }],
    ["spaces around the number", { radius: " 40 " }, { radius: 40, towards: "anywhere" }],
  ])("%s", (_name, input, expected) => {
    expect(ReturnLoadsQuerySchema.parse(input)).toEqual(expected);
  });

  it.each([
    ["0 miles", { radius: "0" }, "radius", RADIUS_MESSAGE],
    ["101 miles", { radius: "101" }, "radius", RADIUS_MESSAGE],
    ["a fraction", { radius: "2.5" }, "radius", RADIUS_MESSAGE],
    ["negative", { radius: "-5" }, "radius", RADIUS_MESSAGE],
    ["words", { radius: "far" }, "radius", RADIUS_MESSAGE],
    ["a repeated field", { radius: ["10", "20"] }, "radius", RADIUS_MESSAGE],
    ["a huge number", { radius: "99999999999999999999" }, "radius", RADIUS_MESSAGE],
    ["towards somewhere else", { towards: "moon" }, "towards", TOWARDS_MESSAGE],
  ])("refuses %s", (_name, input, field, message) => {
    const parsed = ReturnLoadsQuerySchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([[field, message]]);
  });
});
