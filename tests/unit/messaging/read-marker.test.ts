import { describe, expect, it } from "vitest";
import { readMarkerAction, typingNoticeAction } from "#domain/messaging/read-marker.ts";

const me = { currentUserId: 7, currentAccountId: 70 };

describe("unread marker of a message", () => {
  it.each([
    ["from the current user", { fromUserId: 7, fromAccountId: 70 }, "remove"],
    ["from a colleague in the same account", { fromUserId: 8, fromAccountId: 70 }, "remove"],
    ["from a user of the other account", { fromUserId: 9, fromAccountId: 90 }, "mark_read"],
  ] as const)("a message %s → %s", (_name, from, expected) => {
    expect(readMarkerAction({ ...from, ...me })).toBe(expected);
  });
});

describe("typing notice", () => {
  it.each([
    [7, 7, "remove"],
    [9, 7, "show"],
  ] as const)("a notice about user %i seen by user %i → %s", (noticeUserId, currentUserId, expected) => {
    expect(typingNoticeAction(noticeUserId, currentUserId)).toBe(expected);
  });
});
