import { Controller } from "@hotwired/stimulus";

/** Where a dismissed banner's id is remembered (one key per id, in this browser). */
export const dismissedKey = (id: string) => `dismissed:${id}`;

/**
 * A banner rendered `hidden` and shown here unless this browser has dismissed its id before;
 * dismissing hides it and remembers the id in local storage, so it never shows again.
 */
export default class extends Controller<HTMLElement> {
  static values = { id: String };
  declare idValue: string;

  connect() {
    this.element.hidden = this.isDismissed();
  }

  dismiss() {
    this.element.hidden = true;
    try {
      localStorage.setItem(dismissedKey(this.idValue), "1");
    } catch {
      // Storage may be full or switched off: the banner is hidden for this page at least.
    }
  }

  private isDismissed(): boolean {
    try {
      return localStorage.getItem(dismissedKey(this.idValue)) !== null;
    } catch {
      return false;
    }
  }
}
