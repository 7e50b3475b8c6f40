import { Controller } from "@hotwired/stimulus";
import { postJson } from "./lib/http.ts";

/**
 * Sends `{name, data}` to /collect on page render and on the first click or hover of
 * each tracked link (`data-track-event`); nothing at all while support staff impersonate.
 */
export default class extends Controller<HTMLElement> {
  private sent = new WeakSet<Element>();

  connect() {
    if (this.impersonated) return;
    this.send("page_view", { path: location.pathname, title: document.title });
    this.element.addEventListener("click", this.track, true);
    this.element.addEventListener("mouseover", this.track, true);
  }

  disconnect() {
    this.element.removeEventListener("click", this.track, true);
    this.element.removeEventListener("mouseover", this.track, true);
  }

  private track = (event: Event) => {
    const link = (event.target as Element | null)?.closest<HTMLElement>("[data-track-event]");
    if (!link || this.sent.has(link)) return;
    this.sent.add(link);
    this.send(link.dataset.trackEvent!, { href: link.getAttribute("href"), via: event.type === "click" ? "click" : "hover" });
  };

  private get impersonated() {
    return document.body.dataset.impersonated === "true";
  }

  private send(name: string, data: Record<string, unknown>) {
    void postJson("/collect", { name, data }).catch(() => undefined);
  }
}
