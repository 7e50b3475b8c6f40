import type { SupportChatView } from "#models/support-chat.server.ts";

// The support chat's pages: the form each side writes with (where it posts, what its box is called)
// and the address of a chat in /admin.

export type ChatForm = { action: string; label: string };

/** The person's message box, on their panel and on /support. */
export const PERSON_CHAT_FORM: ChatForm = { action: "/support/messages", label: "Message to Loadline support" };

/** A chat in /admin, where support staff read and answer it. */
export const staffChatPath = (chat: Pick<SupportChatView, "conversationId">) => `/admin/support/${chat.conversationId}`;

/** Support staff's answer box for a chat. */
export const staffChatForm = (chat: Pick<SupportChatView, "conversationId" | "person">): ChatForm => ({
  action: `${staffChatPath(chat)}/messages`,
  label: `Answer ${chat.person.name}`,
});
