import { Controller } from "@hotwired/stimulus";
import { readMarkerAction } from "#domain/messaging/read-marker.ts";
import { sendJson } from "./lib/http.ts";
import { currentViewer, setBadgeCount } from "./lib/current-viewer.ts";

/**
 * One message (data-sgid, data-from-user-id, data-load-id). Its "New" marker is the unread
 * state: a message from another user (at the other company, or a colleague on the same account)
 * is reported read once the page is visible, then the conversation's badge goes to 0 and the
 * marker goes; the current user's own message is never reported, its marker simply removed.
 */
export default class extends Controller<HTMLElement> {
  static targets = ["marker"];
  declare readonly hasMarkerTarget: boolean;
  declare readonly markerTarget: HTMLElement;

  connect() {
    const viewer = currentViewer();
    const fromUserId = Number(this.element.dataset.fromUserId);
    const fromAccountId = Number(this.element.dataset.fromAccountId);
    this.element.classList.toggle("message-mine", fromAccountId === viewer.accountId);
    if (!this.hasMarkerTarget) return;
    const action = readMarkerAction({ fromUserId, currentUserId: viewer.userId });
    if (action === "remove") return this.markerTarget.remove();
    if (document.visibilityState === "visible") void this.markRead();
    else document.addEventListener("visibilitychange", this.whenVisible);
  }

  disconnect() {
    document.removeEventListener("visibilitychange", this.whenVisible);
  }

  private whenVisible = () => {
    if (document.visibilityState !== "visible") return;
    document.removeEventListener("visibilitychange", this.whenVisible);
    void this.markRead();
  };

  private async markRead() {
    const sgid = this.element.dataset.sgid ?? "";
    const response = await sendJson("PUT", `/api/v1/messages/${encodeURIComponent(sgid)}/read.json`, undefined).catch(() => null);
    if (!response?.ok) return;
    const { unread_count: unreadCount } = (await response.json()) as { unread_count?: number };
    setBadgeCount(this.element.closest("[data-conversation]")?.querySelector(".conversation-unread-badge"), 0);
    if (typeof unreadCount === "number") setBadgeCount(document.getElementById("nav_messages_badge"), unreadCount);
    if (this.hasMarkerTarget) this.markerTarget.remove();
  }
}
