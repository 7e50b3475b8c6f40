import { Router, type Request, type Response } from "express";
import { supportChatKey } from "#domain/support/chat.ts";
import { HttpError } from "#lib/errors.server.ts";
import { TURBO_STREAM, acceptsTurboStream, turboStream } from "#lib/turbo.server.ts";
import { answerSupportChat, reportSupportTyping, requireSupportChat, sendToSupport, supportChatFor, type SentOutcome, type SupportChatView } from "#models/support-chat.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { requireRole, requireUser } from "#server/auth.server.ts";
import { renderPage, renderPartial } from "#server/render.server.ts";

const PANEL_FRAME = "support_chat";
const PERSON_FORM = { action: "/support/messages", label: "Message to Loadline support" };
const staffForm = (chat: SupportChatView) => ({ action: `/admin/support/${chat.conversationId}/messages`, label: `Answer ${chat.person.name}` });

/** The support chat: signed-in people's conversations with platform support, answered from /admin. */
export function supportRouter(): Router {
  const router = Router();

  // The chat button's panel loads this page's frame; without the frame header it is a page of its own.
  router.get("/support", async (req, res) => {
    const chat = await supportChatFor(requirePerson(req));
    if (req.get("Turbo-Frame") === PANEL_FRAME) return res.type("html").send(await renderPartial(req, res, "support/_panel", { chat }));
    await renderPage(req, res, "support/show", { title: "Help", chat });
  });

  router.post("/support/messages", async (req, res) => {
    const user = requirePerson(req);
    const sent = await sendToSupport(user, req.body);
    const chat = { key: supportChatKey(user.id) };
    await answer(req, res, sent, { chat, ...PERSON_FORM }, "/support", async () => renderPage(req, res, "support/show", { title: "Help", chat: await supportChatFor(user), ...refusal(req, sent) }, 422));
  });

  // Typing notices (JSON posts with the CSRF header from the message box): 204, relayed to the other side.
  router.post("/support/typing", async (req, res) => {
    const user = requirePerson(req);
    await reportSupportTyping(user.id, user);
    res.status(204).end();
  });

  router.post("/admin/support/:id/typing", async (req, res) => {
    const staff = requireRole(req, "support");
    const chat = await requireSupportChat(req.params.id, { read: false });
    await reportSupportTyping(chat.person.id, staff);
    res.status(204).end();
  });

  router.get("/admin/support/:id", async (req, res) => {
    requireRole(req, "support");
    const chat = await requireSupportChat(req.params.id);
    await renderPage(req, res, "admin/support_chat", { title: `Chat with ${chat.person.name}`, chat });
  });

  router.post("/admin/support/:id/messages", async (req, res) => {
    const staff = requireRole(req, "support");
    const chat = await requireSupportChat(req.params.id);
    const sent = await answerSupportChat(chat, staff, req.body);
    const path = `/admin/support/${chat.conversationId}`;
    await answer(req, res, sent, { chat, ...staffForm(chat) }, path, () => renderPage(req, res, "admin/support_chat", { title: `Chat with ${chat.person.name}`, chat, ...refusal(req, sent) }, 422));
  });

  return router;
}

/** Anyone signed in but support staff, who answer chats rather than have one. */
function requirePerson(req: Request): CurrentUser {
  const user = requireUser(req);
  if (user.role === "support") throw new HttpError(404, "Support staff answer chats in /admin");
  return user;
}

const refusal = (req: Request, sent: SentOutcome) => ({ errors: sent.ok ? {} : sent.errors, values: { body: typeof req.body?.body === "string" ? req.body.body : "" } });

type FormLocals = { chat: { key: string }; action: string; label: string };

/**
 * Turbo's answer: the new message (the same stream every open chat gets) and a fresh message box, or
 * the box again with its error (422). A plain form post is redirected, or the page re-rendered.
 */
async function answer(req: Request, res: Response, sent: SentOutcome, form: FormLocals, path: string, rerender: () => Promise<void>) {
  if (!acceptsTurboStream(req)) return sent.ok ? res.redirect(303, path) : rerender();
  const box = await renderPartial(req, res, "support/_form", { ...form, ...(sent.ok ? {} : refusal(req, sent)) });
  const streams = (sent.ok ? sent.streamHtml : "") + turboStream("replace", `${form.chat.key}_form`, box);
  res.status(sent.ok ? 200 : sent.status).type(TURBO_STREAM).send(streams);
}
