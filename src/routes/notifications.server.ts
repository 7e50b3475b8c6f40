import { Router } from "express";
import { badgeView } from "#domain/messaging/badge.ts";
import { pageNumber } from "#lib/input.server.ts";
import { TURBO_STREAM, acceptsTurboStream, turboStream } from "#lib/turbo.server.ts";
import { latestNotifications, markAllNotificationsRead, markNotificationRead, notificationsFor, unreadNotificationCount } from "#models/notifications.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { renderPage, renderPartial } from "#server/render.server.ts";

export function notificationsRouter(): Router {
  const router = Router();

  router.get("/notifications", async (req, res) => {
    const user = requireUser(req);
    await renderPage(req, res, "notifications/index", { title: "Notifications", ...(await notificationsFor(user, pageNumber(req.query.page))) });
  });

  // The navigation's dropdown, loaded lazily into its turbo-frame.
  router.get("/notifications/tray", async (req, res) => {
    const user = requireUser(req);
    res.send(await renderPartial(req, res, "notifications/_tray", { notifications: await latestNotifications(user) }));
  });

  router.patch("/notifications/:id", async (req, res) => {
    const user = requireUser(req);
    const notification = await markNotificationRead(user, req.params.id);
    if (!acceptsTurboStream(req)) return res.redirect(303, "/notifications");
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
  });

  router.patch("/notifications", async (req, res) => {
    const user = requireUser(req);
    await markAllNotificationsRead(user);
    res.redirect(303, "/notifications");
  });

  return router;
}
