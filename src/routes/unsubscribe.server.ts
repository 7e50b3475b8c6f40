import { Router } from "express";
import { EMAIL_KIND_LABELS } from "#domain/email/kinds.ts";
import { found } from "#lib/errors.server.ts";
import { readUnsubscribeToken, unsubscribe } from "#models/email-preferences.server.ts";
import { renderPage } from "#server/render.server.ts";

/**
 * `GET`/`POST /unsubscribe/:token`, the link in every e-mail's List-Unsubscribe header and footer.
 * Mail clients post it on their own (RFC 8058 one-click, body `List-Unsubscribe=One-Click`) with no
 * session or CSRF token: the signed token is the permission, so this is mounted before sessions and
 * CSRF (src/server/app.server.ts). GET only shows a button that posts it, so a link scanner opening
 * the link turns nothing off. A token that is not genuine is a 404.
 */
export function unsubscribeRouter(): Router {
  return Router()
    .get("/unsubscribe/:token", async (req, res) => {
      const { kind } = found(await readUnsubscribeToken(req.params.token));
      await renderPage(req, res, "unsubscribe/show", { title: "Stop these e-mails?", token: req.params.token, about: EMAIL_KIND_LABELS[kind].about });
    })
    .post("/unsubscribe/:token", async (req, res) => {
      const { kind } = found(await unsubscribe(req.params.token));
      await renderPage(req, res, "unsubscribe/done", { title: "You have unsubscribed", about: EMAIL_KIND_LABELS[kind].about });
    });
}
