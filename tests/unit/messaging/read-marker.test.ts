import { describe, expect, it } from "vitest";
import { isUnreadFor, readMarkerAction, typingNoticeAction } from "#domain/messaging/read-marker.ts";

describe("unread marker of a message", () => {
  it.each([
    ["from the current user", 7, "remove"],
    ["from a colleague in the same account (another user)", 8, "mark_read"],
    ["from a user of the other account", 9, "mark_read"],
  ] as const)("a message %s → %s", (_name, fromUserId, expected) => {
    expect(readMarkerAction({ fromUserId, currentUserId: 7 })).toBe(expected);
  });
});

describe("isUnreadFor: the unread rule, for user 7 of account 70 who joined on 1 March", () => {
  const reader = { id: 7, accountId: 70, createdAt: new Date("2026-03-01T00:00:00Z") };
  const sent = new Date("2026-03-02T00:00:00Z");
  const read = new Date("2026-03-03T00:00:00Z");
  it.each([
    ["to the account, not read by it", { fromUserId: 9, fromAccountId: 90, toAccountId: 70, readAt: null }, true],
    ["to the account, read by it (by anyone there)", { fromUserId: 9, fromAccountId: 90, toAccountId: 70, readAt: read }, false],
    ["from a colleague, not read by this user", { fromUserId: 8, fromAccountId: 70, toAccountId: 90, readAt: null }, true],
    ["from a colleague, read by the other account but not by this user", { fromUserId: 8, fromAccountId: 70, toAccountId: 90, readAt: read }, true],
    ["from a colleague, read by this user", { fromUserId: 8, fromAccountId: 70, toAccountId: 90, readAt: null, readByViewer: true }, false],
    ["from a colleague, sent before this user joined", { fromUserId: 8, fromAccountId: 70, toAccountId: 90, readAt: null, createdAt: new Date("2026-02-28T00:00:00Z") }, false],
    ["this user's own", { fromUserId: 7, fromAccountId: 70, toAccountId: 90, readAt: null }, false],
  ] as const)("a message %s → %s", (_name, facts, expected) => {
    expect(isUnreadFor({ createdAt: sent, readByViewer: false, ...facts }, reader)).toBe(expected);
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
