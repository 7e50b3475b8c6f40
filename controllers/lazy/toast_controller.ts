import { Controller } from "@hotwired/stimulus";

/** How long a toast stays, then how long it takes to fade away. */
export const TOAST_LIFETIME_MS = 3_000;
export const TOAST_FADE_MS = 200;

/**
 * A toast (flash messages, "Copied to Clipboard"): shown for 3 s, then it fades for 200 ms and is
 * hidden. Its text stays in the page, so the message remains readable by assistive technology's
 * history and by anything that inspects the page; before Turbo caches the page it is removed, so a
 * page restored from the cache does not repeat it.
 */
export default class extends Controller<HTMLElement> {
  private timers: ReturnType<typeof setTimeout>[] = [];

  connect() {
    this.timers = [
      setTimeout(() => this.element.classList.add("toast-fading"), TOAST_LIFETIME_MS),
      setTimeout(() => (this.element.hidden = true), TOAST_LIFETIME_MS + TOAST_FADE_MS),
    ];
  }

  disconnect() {
    this.timers.forEach(clearTimeout);
  }

  remove() {
    this.element.remove();
  }
}
