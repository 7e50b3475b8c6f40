import { Controller } from "@hotwired/stimulus";
import { SCROLL_RESIZE_DELAY_MS } from "#domain/messaging/timing.ts";

/** Message list: keeps the newest entry in view, on load, on arrival and after a resize settles. */
export default class extends Controller<HTMLElement> {
  private observer?: MutationObserver;
  private resizeTimer?: number;

  connect() {
    this.scrollToEnd();
    this.observer = new MutationObserver(() => this.scrollToEnd());
    this.observer.observe(this.element, { childList: true });
    window.addEventListener("resize", this.resized);
  }

  disconnect() {
    this.observer?.disconnect();
    window.removeEventListener("resize", this.resized);
    window.clearTimeout(this.resizeTimer);
  }

  scrollToEnd() {
    this.element.scrollTop = this.element.scrollHeight;
  }

  private resized = () => {
    window.clearTimeout(this.resizeTimer);
    this.resizeTimer = window.setTimeout(() => this.scrollToEnd(), SCROLL_RESIZE_DELAY_MS);
  };
}
