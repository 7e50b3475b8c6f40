import { Controller } from "@hotwired/stimulus";

/**
 * Replaces the browser's address with `data-replace-history-href-value` when the element appears
 * (e.g. in a frame's answer), without a visit and without a new history entry. Turbo's own state
 * is kept, so back and forward still work.
 */
export default class extends Controller<HTMLElement> {
  static values = { href: String };
  declare hrefValue: string;

  connect() {
    const url = new URL(this.hrefValue, window.location.href);
    if (url.origin === window.location.origin && url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
  }
}
