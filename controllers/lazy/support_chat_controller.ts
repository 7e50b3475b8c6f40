import { Controller } from "@hotwired/stimulus";
import { SUPPORT_CHAT_TOGGLE_DELAY_MS } from "#domain/support/chat.ts";

/**
 * The support chat button: opens or closes its panel 300 ms after a click (further clicks meanwhile
 * count once). The chat is fetched when first opened, and again on a later opening while the badge
 * shows unread answers (reading them is what clears it).
 */
export default class extends Controller<HTMLElement> {
  static targets = ["button", "panel", "frame"];
  declare readonly buttonTarget: HTMLButtonElement;
  declare readonly panelTarget: HTMLElement;
  declare readonly frameTarget: HTMLElement & { src: string | null; reload(): Promise<void> };
  private timer?: number;

  toggle() {
    if (this.timer !== undefined) return;
    this.timer = window.setTimeout(() => {
      this.timer = undefined;
      this.show(this.panelTarget.hidden);
    }, SUPPORT_CHAT_TOGGLE_DELAY_MS);
  }

  close() {
    if (!this.panelTarget.hidden) this.show(false);
  }

  focusBox() {
    if (!this.panelTarget.hidden) this.panelTarget.querySelector("textarea")?.focus();
  }

  disconnect() {
    window.clearTimeout(this.timer);
    this.timer = undefined;
  }

  private show(open: boolean) {
    this.panelTarget.hidden = !open;
    this.buttonTarget.setAttribute("aria-expanded", String(open));
    if (!open) return this.buttonTarget.focus();
    const unread = !document.getElementById("support_chat_badge")?.hidden;
    if (!this.frameTarget.src) this.frameTarget.src = this.frameTarget.dataset.src ?? "";
    else if (unread) void this.frameTarget.reload();
    this.focusBox();
  }
}
