// The support chat's rules, shared by the server and the chat button.

/** The chat button opens or closes its panel this long after a click; clicks in between count once. */
export const SUPPORT_CHAT_TOGGLE_DELAY_MS = 300;

/** How many of the latest messages a support chat shows. */
export const SUPPORT_CHAT_WINDOW = 100;

/** How many chats the support inbox in /admin lists, the latest first. */
export const SUPPORT_INBOX_SIZE = 50;

/** The DOM ids a chat's list and form carry, the same on the person's panel and in /admin. */
export const supportChatKey = (userId: number) => `support_chat_${userId}`;

/** The person's own chat, as a page of its own (where support's answer notifications lead). */
export const SUPPORT_CHAT_PATH = "/support";
