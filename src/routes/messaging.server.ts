import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { TypingEventSchema } from "#domain/messaging/schemas.ts";
import type { ConversationRef } from "#domain/messaging/streams.ts";
import { conversationsFor } from "#models/conversations/list.server.ts";
import { postMessage, requireConversation } from "#models/messages.server.ts";
import { viewOf } from "#models/messages/conversation-view.server.ts";
import { markMessageRead } from "#models/messages/reading.server.ts";
import { reportTyping } from "#models/messages/typing.server.ts";
import { turboStream } from "#lib/turbo.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { HttpError, recordId } from "#lib/errors.server.ts";
import { TURBO_STREAM, acceptsTurboStream } from "#lib/turbo.server.ts";
import { renderPage, renderPartial } from "#server/render.server.ts";

/** A message form as posted: kept as typed when it is refused. */
const MessageFormSchema = z.object({ body: z.string().catch("") }).catch({ body: "" });
/** Which carrier's side of a job conversation a shipper means. */
const CarrierChoiceSchema = z.object({ carrier_account_id: z.unknown().optional() }).catch({ carrier_account_id: undefined });

export function messagingRouter(): Router {
  const router = Router();
  router.get("/messages", showConversations);
  router.get("/loads/:loadId/messages", (req, res) => showConversation(req, res, loadRef(req)));
  router.get("/jobs/:jobId/messages", (req, res) => showConversation(req, res, jobRef(req)));
  router.post("/loads/:loadId/messages", (req, res) => createMessage(req, res, loadRef(req)));
  router.post("/jobs/:jobId/messages", (req, res) => createMessage(req, res, jobRef(req)));
  // The page calls this for each incoming unread message it shows.
  router.put("/api/v1/messages/:sgid/read.json", readMessage);
  router.post("/api/v1/message_typing_event", typingEvent);
  return router;
}

async function showConversations(req: Request, res: Response) {
  const user = requireUser(req);
  await renderPage(req, res, "messages/index", { title: "Messages", conversations: await conversationsFor(user) });
}

async function showConversation(req: Request, res: Response, ref: ConversationRef) {
  const user = requireUser(req);
  const view = await viewOf(await requireConversation(user, ref), user);
  await renderPage(req, res, "messages/show", { title: `Messages · ${view.conversation.title}`, view });
}

async function createMessage(req: Request, res: Response, ref: ConversationRef) {
  const user = requireUser(req);
  const conversation = await requireConversation(user, ref);
  const outcome = await postMessage(conversation, user, req.body, { supportUserId: req.impersonatorId });
  const wantsStream = acceptsTurboStream(req);
  if (!outcome.ok) {
    const values = MessageFormSchema.parse(req.body);
    if (!wantsStream) return renderPage(req, res, "messages/show", { title: "Messages", view: await viewOf(conversation, user), errors: outcome.errors, values }, 422);
    const form = await renderPartial(req, res, "messages/_form", { c: conversation, errors: outcome.errors, values });
    return res.status(422).type(TURBO_STREAM).send(turboStream("replace", `message_form_${conversation.key}`, form));
  }
  if (wantsStream) return res.type(TURBO_STREAM).send(outcome.streamHtml);
  res.redirect(303, conversation.path);
}

async function readMessage(req: Request, res: Response) {
  const { unreadCount } = await markMessageRead(requireUser(req), req.params.sgid);
  res.json({ read: true, unread_count: unreadCount });
}

async function typingEvent(req: Request, res: Response) {
  const user = requireUser(req);
  const parsed = TypingEventSchema.safeParse(req.body ?? {});
  if (!parsed.success) throw new HttpError(422, "Send load_id, job_id and to_account_id as ids");
  await reportTyping(user, parsed.data);
  res.status(204).end();
}

const loadRef = (req: Request): ConversationRef => ({ kind: "load", loadId: recordId(req.params.loadId) });

/** A carrier's side of a job conversation is always its own; the shipper names the carrier. */
function jobRef(req: Request): ConversationRef {
  const user = requireUser(req);
  const jobId = recordId(req.params.jobId);
  if (user.account.kind === "carrier") return { kind: "job", jobId, carrierAccountId: user.accountId };
  const named = CarrierChoiceSchema.parse(req.query).carrier_account_id ?? CarrierChoiceSchema.parse(req.body).carrier_account_id;
  return { kind: "job", jobId, carrierAccountId: recordId(named) };
}
