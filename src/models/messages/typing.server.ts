import type { TypingEvent } from "#domain/messaging/schemas.ts";
import type { ConversationRef } from "#domain/messaging/streams.ts";
import { typingRelay } from "#domain/messaging/timing.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { found } from "#lib/errors.server.ts";
import { renderTemplate } from "#lib/templates.server.ts";
import { turboStream } from "#lib/turbo.server.ts";
import { requireConversation } from "#models/messages.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// "… is typing": relayed to the others in a conversation, at most once per writer in the server's interval.

const relayTypingNow = typingRelay();

/** Tells the other side of the conversation that this user is typing (after checking they are in it). */
export async function reportTyping(user: CurrentUser, event: TypingEvent): Promise<void> {
  const ref: ConversationRef =
    event.load_id !== null
      ? { kind: "load", loadId: event.load_id }
      : { kind: "job", jobId: event.job_id, carrierAccountId: user.account.kind === "carrier" ? user.accountId : event.to_account_id };
  const conversation = await requireConversation(user, ref);
  found(conversation.job.id === event.job_id && conversation.otherAccount.id === event.to_account_id);
  if (!relayTypingNow(`${user.id}:${conversation.key}`, Date.now())) return;
  const html = await renderTemplate("messages/_typing_notice", { key: conversation.key, user: { id: user.id, name: user.name } });
  await broadcastTo(conversation.stream, turboStream("append", `typing_notices_${conversation.key}`, html));
}
