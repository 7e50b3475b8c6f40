import { inOfficeOf } from "#domain/accounts/team.ts";
import { parseStream } from "#domain/messaging/streams.ts";
import { findConversation } from "#models/conversations.server.ts";
import { canSeeLoad } from "#models/loads/access.server.ts";
import { canSeeJob } from "#models/quotes/access.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

/**
 * Decides at subscribe time whether this user may follow a (signature-verified) stream: their own
 * user stream, their account's (office users only), their carrier account's quotes (office users
 * only, as for the "My quotes" page), loads and jobs whose pages they may see, conversations they
 * are party to, and their own support chat. Support staff follow only the support chats and their list. A signed
 * name proves only that the server once rendered it; access is checked again against today's data.
 * New kinds of stream: add a pattern to `parseStream` and a case here.
 */
export async function canFollowStream(user: CurrentUser, name: string): Promise<boolean> {
  const stream = parseStream(name);
  if (!stream) return false;
  if (user.role === "support") return stream.kind === "support_chat" || stream.kind === "support_inbox";
  switch (stream.kind) {
    case "user":
      return stream.userId === user.id;
    case "account":
      return stream.accountId === user.accountId && user.role !== "driver";
    case "quotes":
      return inOfficeOf("carrier", stream.accountId, user);
    case "load":
      return canSeeLoad(user, stream.loadId);
    case "job":
      return canSeeJob(user, stream.jobId);
    case "conversation":
      return (await findConversation(user, stream.conversation)) !== null;
    case "support_chat":
      return stream.userId === user.id;
    case "support_inbox":
      return false;
  }
}
