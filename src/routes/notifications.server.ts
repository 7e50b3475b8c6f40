import { Router, type Request, type Response } from "express";
import { badgeView } from "#domain/messaging/badge.ts";
import { pageNumber } from "#lib/input.server.ts";
import { TURBO_STREAM, acceptsTurboStream, turboStream } from "#lib/turbo.server.ts";
import { latestNotifications, markAllNotificationsRead, markNotificationRead, unreadNotificationCount } from "#models/notifications.server.ts";
import { NOTIFICATIONS_PATH, notificationsPage } from "#pages/notifications.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { renderPage, renderPartial } from "#server/render.server.ts";

/** Appended by "Mark all as read": a reloading frame refreshes the page it was pressed on, in place. */
const RELOAD_PAGE = '<turbo-frame id="notifications_reload" data-controller="reloading-frame"></turbo-frame>';

export function notificationsRouter(): Router {
  return Router()
    .get("/notifications", showNotifications)
    .get("/notifications/tray", showTray)
    .patch("/notifications/:id", readNotification)
    .patch("/notifications", readAllNotifications);
}

// A Turbo Stream asks for the next page only: appended to the list, with the next "older" link.
async function showNotifications(req: Request, res: Response) {
  const user = requireUser(req);
  const list = await notificationsPage(user, pageNumber(req.query.page));
  if (!acceptsTurboStream(req)) return renderPage(req, res, "notifications/index", { title: "Notifications", ...list });
  const [items, more] = await Promise.all([
    Promise.all(list.notifications.map((notification) => renderPartial(req, res, "notifications/_notification", { notification, variant: "item" }))),
    renderPartial(req, res, "notifications/_more", list),
  ]);
  res.type(TURBO_STREAM).send(turboStream("append", "notifications", items.join("")) + turboStream("replace", "notifications_more", more));
}

// The navigation's dropdown, fetched by its lazy stream loader (a plain GET gets a turbo-frame).
async function showTray(req: Request, res: Response) {
  const user = requireUser(req);
  const [notifications, unread] = await Promise.all([latestNotifications(user), unreadNotificationCount(user.id)]);
  const frame = !acceptsTurboStream(req);
  const tray = await renderPartial(req, res, "notifications/_tray", { notifications, unread, frame });
  if (frame) return res.send(tray);
  res.type(TURBO_STREAM).send(turboStream("update", "notifications_tray", tray));
}

async function readNotification(req: Request, res: Response) {
  const user = requireUser(req);
  const notification = await markNotificationRead(user, req.params.id);
  if (!acceptsTurboStream(req)) return res.redirect(303, NOTIFICATIONS_PATH);
  const [item, tray, badge] = await Promise.all([
    renderPartial(req, res, "notifications/_notification", { notification, variant: "item" }),
    renderPartial(req, res, "notifications/_notification", { notification, variant: "tray" }),
    renderPartial(req, res, "notifications/_nav_badge", { badge: badgeView(await unreadNotificationCount(user.id)) }),
  ]);
  res.type(TURBO_STREAM).send(
    turboStream("replace", `notification_${notification.id}`, item) +
      turboStream("replace", `tray_notification_${notification.id}`, tray) +
      turboStream("remove", `notification_card_${notification.id}`) +
      turboStream("replace", "nav_notifications_badge", badge),
  );
}

async function readAllNotifications(req: Request, res: Response) {
  const user = requireUser(req);
  await markAllNotificationsRead(user);
  if (!acceptsTurboStream(req)) return res.redirect(303, NOTIFICATIONS_PATH);
  res.type(TURBO_STREAM).send(turboStream("append", "notifications_tray", RELOAD_PAGE));
}
