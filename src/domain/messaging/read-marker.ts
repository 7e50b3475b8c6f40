// What the page does with a message's unread marker when the message appears: an incoming unread
// message is marked read through the API; the sender's own copy simply drops the marker.

export type ReadMarkerAction = "mark_read" | "remove";

export type MarkerFacts = {
  fromUserId: number;
  fromAccountId: number;
  currentUserId: number;
  currentAccountId: number;
};

/**
 * Only an incoming message (from another user of the other account) is reported read; a message
 * from the current user, or from a colleague (same account, so it was never "to" us), just loses
 * its marker.
 */
export function readMarkerAction(facts: MarkerFacts): ReadMarkerAction {
  if (facts.fromUserId === facts.currentUserId) return "remove";
  return facts.fromAccountId === facts.currentAccountId ? "remove" : "mark_read";
}

export type TypingNoticeAction = "remove" | "show";

/** A notice about the current user's own typing (their other tabs) is removed at once. */
export function typingNoticeAction(noticeUserId: number, currentUserId: number): TypingNoticeAction {
  return noticeUserId === currentUserId ? "remove" : "show";
}
