import { Controller } from "@hotwired/stimulus";
import { visit } from "@hotwired/turbo";

// setTimeout fires at once for a wait longer than this; a page open that long reloads anyway.
const LONGEST_TIMER = 2 ** 31 - 1;

/**
 * Reloads the page (a Turbo refresh: what changed is morphed in, the scroll kept) when the moment
 * in `data-reload-trigger-at-value` (ISO 8601) passes, or at once without one.
 */
export default class extends Controller<HTMLElement> {
  static values = { at: String };
  declare atValue: string;
  private timer?: ReturnType<typeof setTimeout>;

  connect() {
    const wait = this.atValue ? Date.parse(this.atValue) - Date.now() : 0;
    if (Number.isNaN(wait) || wait > LONGEST_TIMER) return;
    this.timer = setTimeout(() => visit(window.location.href, { action: "replace" }), Math.max(0, wait));
  }

  disconnect() {
    clearTimeout(this.timer);
  }
}
