// What the page does with a message's unread marker when the message appears: a message from another
// user is marked read through the API; the current user's own message simply drops the marker. And
// the rule the server counts unread messages by, for the messages a person can see.

export type ReadMarkerAction = "mark_read" | "remove";

export type MarkerFacts = {
  fromUserId: number;
  currentUserId: number;
};

/**
 * A message from another user is reported read, whoever they work for: someone at the other company,
 * or a colleague on the current user's own account. Only the current user's own message just loses
 * its marker.
 */
export function readMarkerAction(facts: MarkerFacts): ReadMarkerAction {
  return facts.fromUserId === facts.currentUserId ? "remove" : "mark_read";
}

/** A message as the unread rule reads it; `readByViewer`: the viewer has read it as a colleague of its sender. */
export type UnreadFacts = { fromUserId: number; fromAccountId: number; toAccountId: number; readAt: Date | null; createdAt: Date; readByViewer: boolean };
export type Reader = { id: number; accountId: number; createdAt: Date };

/**
 * Unread for this person: a message to their account that the account has not read (`readAt` is the
 * receiving account's receipt), or a message from a colleague (another user on their own account),
 * sent since they joined, that they have not read themselves. Their own messages never are.
 */
export function isUnreadFor(message: UnreadFacts, reader: Reader): boolean {
  if (message.fromUserId === reader.id) return false;
  if (message.toAccountId === reader.accountId) return message.readAt === null;
  return message.fromAccountId === reader.accountId && message.createdAt >= reader.createdAt && !message.readByViewer;
}

export type TypingNoticeAction = "remove" | "show";

/** A notice about the current user's own typing (their other tabs) is removed at once. */
export function typingNoticeAction(noticeUserId: number, currentUserId: number): TypingNoticeAction {
  return noticeUserId === currentUserId ? "remove" : "show";
}
