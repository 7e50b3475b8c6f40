/** Who is looking at the page, from <body data-current-user-id data-current-account-id>. */
export function currentViewer(): { userId: number; accountId: number } {
  const { currentUserId, currentAccountId } = document.body.dataset;
  return { userId: Number(currentUserId) || 0, accountId: Number(currentAccountId) || 0 };
}

/** Sets an unread badge's count; its unread-badge controller restyles it. */
export function setBadgeCount(badge: Element | null | undefined, count: number): void {
  badge?.setAttribute("data-unread-badge-count-value", String(count));
}
