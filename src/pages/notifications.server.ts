import { notificationsFor } from "#models/notifications.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { pageLinks, withQuery } from "#pages/pagination.server.ts";

// The notifications page: a page of the person's notices, newest first, and the link to the older ones.

export const NOTIFICATIONS_PATH = "/notifications";

/** Page `page` of the list, with `olderHref` for "Show older notifications" (null on the last page). */
export async function notificationsPage(user: CurrentUser, page: number) {
  const list = await notificationsFor(user, page);
  const links = pageLinks(list.page, { pages: list.pages }, (n) => withQuery(NOTIFICATIONS_PATH, { page: n }));
  return { ...list, olderHref: links.nextHref };
}
