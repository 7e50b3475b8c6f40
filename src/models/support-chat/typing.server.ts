import { supportChatStream } from "#domain/messaging/streams.ts";
import { typingRelay } from "#domain/messaging/timing.ts";
import { supportChatKey } from "#domain/support/chat.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { renderTemplate } from "#lib/templates.server.ts";
import { turboStream } from "#lib/turbo.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// "… is typing" in a support chat, either way: the person to support, or support to the person.

const relayTypingNow = typingRelay();

/**
 * Tells the other side of a chat that this person (or a support staff member) is typing: at most one
 * relay per writer and chat in the server's interval, whatever the browser sends.
 */
export async function reportSupportTyping(chatUserId: number, writer: Pick<CurrentUser, "id" | "name">, now = Date.now()): Promise<void> {
  if (!relayTypingNow(`${writer.id}:${chatUserId}`, now)) return;
  const key = supportChatKey(chatUserId);
  const html = await renderTemplate("messages/_typing_notice", { key, user: { id: writer.id, name: writer.name } });
  await broadcastTo(supportChatStream(chatUserId), turboStream("append", `${key}_typing`, html));
}
