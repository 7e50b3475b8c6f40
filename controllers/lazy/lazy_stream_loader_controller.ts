import { Controller } from "@hotwired/stimulus";
import { renderStreamMessage } from "@hotwired/turbo";

export const TURBO_STREAM_ACCEPT = "text/vnd.turbo-stream.html";

/**
 * Fills a placeholder from `data-lazy-stream-loader-src-value`: once the element is on screen (so a
 * closed dropdown or a section below the fold costs nothing), it GETs the path asking for a Turbo
 * Stream and renders the answer as one. Like a lazy turbo-frame, it then carries a `complete`
 * marker and does not load again until `reload` (e.g. after a morphing page refresh, which puts
 * the placeholder back) or until a new copy of the element connects without the marker.
 */
export default class extends Controller<HTMLElement> {
  static values = { src: String };
  declare srcValue: string;
  private observer?: IntersectionObserver;

  connect() {
    if (!this.element.hasAttribute("complete")) this.loadWhenVisible();
  }

  disconnect() {
    this.observer?.disconnect();
  }

  reload() {
    this.element.removeAttribute("complete");
    this.loadWhenVisible();
  }

  private loadWhenVisible() {
    this.observer?.disconnect();
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void this.load();
    });
    this.observer.observe(this.element);
  }

  private async load() {
    this.observer?.disconnect();
    this.element.setAttribute("aria-busy", "true");
    try {
      const response = await fetch(this.srcValue, { headers: { Accept: TURBO_STREAM_ACCEPT }, credentials: "same-origin" });
      if (!response.ok || !this.element.isConnected) return;
      renderStreamMessage(await response.text());
      this.element.setAttribute("complete", "");
    } finally {
      this.element.removeAttribute("aria-busy");
    }
  }
}
