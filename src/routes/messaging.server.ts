import { Router, type Request, type Response } from "express";
import { TypingEventSchema } from "#domain/messaging/schemas.ts";
import type { ConversationRef } from "#domain/messaging/streams.ts";
import { conversationsFor } from "#models/conversations.server.ts";
import { markMessageRead, postMessage, reportTyping, requireConversation, viewOf } from "#models/messages.server.ts";
import { turboStream } from "#models/broadcast.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { HttpError, notFound } from "#lib/errors.server.ts";
import { renderPage, renderPartial } from "#server/render.server.ts";

const TURBO_STREAM = "text/vnd.turbo-stream.html";

/** Turbo asks for streams explicitly in Accept; a plain form post (or no Accept) gets HTML. */
export const acceptsTurboStream = (req: Request) => (req.get("Accept") ?? "").includes(TURBO_STREAM);

export function messagingRouter(): Router {
  const router = Router();

  router.get("/messages", async (req, res) => {
    const user = requireUser(req);
    await renderPage(req, res, "messages/index", { title: "Messages", conversations: await conversationsFor(user) });
  });

  router.get("/loads/:loadId/messages", (req, res) => showConversation(req, res, loadRef(req)));
  router.get("/jobs/:jobId/messages", (req, res) => showConversation(req, res, jobRef(req)));
  router.post("/loads/:loadId/messages", (req, res) => createMessage(req, res, loadRef(req)));
  router.post("/jobs/:jobId/messages", (req, res) => createMessage(req, res, jobRef(req)));

  // SPEC §7: called by the page for each incoming unread message it shows.
  router.put("/api/v1/messages/:sgid/read.json", async (req, res) => {
    const { unreadCount } = await markMessageRead(requireUser(req), req.params.sgid);
    res.json({ read: true, unread_count: unreadCount });
  });

  router.post("/api/v1/message_typing_event", async (req, res) => {
    const user = requireUser(req);
    const parsed = TypingEventSchema.safeParse(req.body ?? {});
    if (!parsed.success) throw new HttpError(422, "Send load_id, job_id and to_account_id as ids");
    await reportTyping(user, parsed.data);
    res.status(204).end();
  });

  return router;
}

async function showConversation(req: Request, res: Response, ref: ConversationRef) {
  const user = requireUser(req);
  const view = await viewOf(await requireConversation(user, ref), user);
  await renderPage(req, res, "messages/show", { title: `Messages · ${view.conversation.title}`, view });
}

async function createMessage(req: Request, res: Response, ref: ConversationRef) {
  const user = requireUser(req);
  const conversation = await requireConversation(user, ref);
  const outcome = await postMessage(conversation, user, req.body);
  const wantsStream = acceptsTurboStream(req);
  if ("errors" in outcome) {
    const values = { body: String((req.body as { body?: unknown } | undefined)?.body ?? "") };
    if (!wantsStream) return renderPage(req, res, "messages/show", { title: "Messages", view: await viewOf(conversation, user), errors: outcome.errors, values }, 422);
    const form = await renderPartial(req, res, "messages/_form", { c: conversation, errors: outcome.errors, values });
    return res.status(422).type(TURBO_STREAM).send(turboStream("replace", `message_form_${conversation.key}`, form));
  }
  if (wantsStream) return res.type(TURBO_STREAM).send(outcome.streamHtml);
  res.redirect(303, conversation.path);
}

function idFrom(value: unknown): number {
  const id = typeof value === "string" && /^[1-9][0-9]{0,14}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound();
  return id;
}

const loadRef = (req: Request): ConversationRef => ({ kind: "load", loadId: idFrom(req.params.loadId) });

/** A carrier's side of a job conversation is always its own; the shipper names the carrier. */
function jobRef(req: Request): ConversationRef {
  const user = requireUser(req);
  const jobId = idFrom(req.params.jobId);
  if (user.account.kind === "carrier") return { kind: "job", jobId, carrierAccountId: user.accountId };
  const named = req.query.carrier_account_id ?? (req.body as { carrier_account_id?: unknown } | undefined)?.carrier_account_id;
  return { kind: "job", jobId, carrierAccountId: idFrom(named) };
}
