import { Router, type Request, type Response } from "express";
import { SUPPORT_CHAT_PATH, supportChatKey } from "#domain/support/chat.ts";
import { HttpError } from "#lib/errors.server.ts";
import { TURBO_STREAM, acceptsTurboStream, turboStream } from "#lib/turbo.server.ts";
import { requireSupportChat, supportChatFor } from "#models/support-chat.server.ts";
import { answerSupportChat, sendToSupport, type SentOutcome } from "#models/support-chat/sending.server.ts";
import { reportSupportTyping } from "#models/support-chat/typing.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { PERSON_CHAT_FORM, staffChatForm, staffChatPath, type ChatForm } from "#pages/support-chat.server.ts";
import { requireRole, requireUser } from "#server/auth.server.ts";
import { renderPage, renderPartial } from "#server/render.server.ts";

const PANEL_FRAME = "support_chat";

/** The support chat: signed-in people's conversations with platform support, answered from /admin. */
export function supportRouter(): Router {
  return (
    Router()
      .get("/support", showChat)
      .post("/support/messages", writeToSupport)
      // Typing notices (JSON posts with the CSRF header from the message box): 204, relayed to the other side.
      .post("/support/typing", personTyping)
      .post("/admin/support/:id/typing", staffTyping)
      .get("/admin/support/:id", showChatToStaff)
      .post("/admin/support/:id/messages", answerChat)
  );
}

// The chat button's panel loads this page's frame; without the frame header it is a page of its own.
async function showChat(req: Request, res: Response) {
  const chat = await supportChatFor(requirePerson(req));
  const panel = { chat, form: PERSON_CHAT_FORM };
  if (req.get("Turbo-Frame") === PANEL_FRAME) return res.type("html").send(await renderPartial(req, res, "support/_panel", panel));
  await renderPage(req, res, "support/show", { title: "Help", ...panel });
}

async function writeToSupport(req: Request, res: Response) {
  const user = requirePerson(req);
  const sent = await sendToSupport(user, req.body);
  const rerender = async () => {
    const page = { title: "Help", chat: await supportChatFor(user), form: PERSON_CHAT_FORM, ...refusal(req, sent) };
    await renderPage(req, res, "support/show", page, 422);
  };
  await answer(req, res, sent, { chat: { key: supportChatKey(user.id) }, ...PERSON_CHAT_FORM }, SUPPORT_CHAT_PATH, rerender);
}

async function personTyping(req: Request, res: Response) {
  const user = requirePerson(req);
  await reportSupportTyping(user.id, user);
  res.status(204).end();
}

async function staffTyping(req: Request, res: Response) {
  const staff = requireRole(req, "support");
  const chat = await requireSupportChat(req.params.id, { read: false });
  await reportSupportTyping(chat.person.id, staff);
  res.status(204).end();
}

async function showChatToStaff(req: Request, res: Response) {
  requireRole(req, "support");
  const chat = await requireSupportChat(req.params.id);
  await renderPage(req, res, "admin/support_chat", { title: `Chat with ${chat.person.name}`, chat, form: staffChatForm(chat) });
}

async function answerChat(req: Request, res: Response) {
  const staff = requireRole(req, "support");
  const chat = await requireSupportChat(req.params.id);
  const sent = await answerSupportChat(chat, staff, req.body);
  const form = staffChatForm(chat);
  const rerender = () => renderPage(req, res, "admin/support_chat", { title: `Chat with ${chat.person.name}`, chat, form, ...refusal(req, sent) }, 422);
  await answer(req, res, sent, { chat, ...form }, staffChatPath(chat), rerender);
}

/** Anyone signed in but support staff, who answer chats rather than have one. */
function requirePerson(req: Request): CurrentUser {
  const user = requireUser(req);
  if (user.role === "support") throw new HttpError(404, "Support staff answer chats in /admin");
  return user;
}

const refusal = (req: Request, sent: SentOutcome) => ({ errors: sent.ok ? {} : sent.errors, values: { body: typeof req.body?.body === "string" ? req.body.body : "" } });

type FormLocals = ChatForm & { chat: { key: string } };

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
