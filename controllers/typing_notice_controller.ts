import { Controller } from "@hotwired/stimulus";
import { typingNoticeAction } from "#domain/messaging/read-marker.ts";
import { TYPING_NOTICE_LIFETIME_MS } from "#domain/messaging/timing.ts";
import { currentViewer } from "./lib/current-viewer.ts";

/** "… is typing": removes itself after 10 s, at once when it is about the current user. */
export default class extends Controller<HTMLElement> {
  static values = { userId: Number };
  declare userIdValue: number;
  private timer?: number;

  connect() {
    if (typingNoticeAction(this.userIdValue, currentViewer().userId) === "remove") return this.element.remove();
    this.timer = window.setTimeout(() => this.element.remove(), TYPING_NOTICE_LIFETIME_MS);
  }

  disconnect() {
    window.clearTimeout(this.timer);
  }
}
