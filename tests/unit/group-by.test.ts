import { describe, expect, it } from "vitest";
import { groupBy } from "#domain/group-by.ts";

describe("grouping items by a key", () => {
  it.each([
    ["none", [], []],
    ["one group", [1, 3, 5], [[1, [1, 3, 5]]]],
    ["groups in first-seen order, items in theirs", [4, 1, 2, 3, 6], [[0, [4, 2, 6]], [1, [1, 3]]]],
  ] as const)("%s", (_case, items, groups) => {
    expect([...groupBy(items as readonly number[], (n) => n % 2)]).toEqual(groups);
  });

  it("keys by value, objects kept as they are", () => {
    const a = { lane: "LS|BS" };
    const b = { lane: "LS|BS" };
    const grouped = groupBy([a, b], (item) => item.lane);
    expect(grouped.get("LS|BS")![0]).toBe(a);
    expect(grouped.get("LS|BS")![1]).toBe(b);
  });
});
