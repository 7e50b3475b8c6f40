import { describe, expect, it } from "vitest";
import { badgeClasses, badgeState, badgeText, badgeView } from "#domain/messaging/badge.ts";

describe("unread badge", () => {
  it.each([
    [0, "neutral", "badge", "0"],
    [-1, "neutral", "badge", "0"],
    [1, "highlighted", "badge badge-unread", "1"],
    [42, "highlighted", "badge badge-unread", "42"],
    [99, "highlighted", "badge badge-unread", "99"],
    [100, "highlighted", "badge badge-unread", "99+"],
  ] as const)("count %i is %s with classes %j and shows %j", (count, state, classes, text) => {
    expect(badgeState(count)).toBe(state);
    expect(badgeClasses(count)).toBe(classes);
    expect(badgeText(count)).toBe(text);
    expect(badgeView(count)).toEqual({ count, state, classes, text });
  });
});
