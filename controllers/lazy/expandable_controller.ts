import { Controller } from "@hotwired/stimulus";
import { EXPANDABLE_MAX_HEIGHT_PX } from "#domain/messaging/timing.ts";

/** Content clamped to a maximum height (256 px by default) with a "Show more" toggle when it overflows. */
export default class extends Controller<HTMLElement> {
  static targets = ["content", "toggle"];
  static values = { maxHeight: { type: Number, default: EXPANDABLE_MAX_HEIGHT_PX }, expanded: Boolean };
  declare readonly contentTarget: HTMLElement;
  declare readonly toggleTarget: HTMLButtonElement;
  declare readonly hasContentTarget: boolean;
  declare readonly hasToggleTarget: boolean;
  declare maxHeightValue: number;
  declare expandedValue: boolean;
  // Content laid out later (a closed dropdown opening) is measured again when its size changes.
  private observer?: ResizeObserver;

  connect() {
    if (!this.hasContentTarget) return;
    this.observer = new ResizeObserver(() => this.apply());
    this.observer.observe(this.contentTarget);
    this.apply();
  }

  disconnect() {
    this.observer?.disconnect();
  }

  toggle() {
    this.expandedValue = !this.expandedValue;
  }

  expandedValueChanged() {
    this.apply();
  }

  private apply() {
    if (!this.hasContentTarget || !this.hasToggleTarget) return;
    this.contentTarget.style.maxHeight = this.expandedValue ? "none" : `${this.maxHeightValue}px`;
    this.toggleTarget.hidden = !this.expandedValue && this.contentTarget.scrollHeight <= this.maxHeightValue;
    this.toggleTarget.textContent = this.expandedValue ? "Show less" : "Show more";
    this.toggleTarget.setAttribute("aria-expanded", String(this.expandedValue));
  }
}
