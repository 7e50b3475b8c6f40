import { Controller } from "@hotwired/stimulus";
import { badgeState, badgeText, HIGHLIGHTED_CLASS } from "#domain/messaging/badge.ts";

/** Unread badge: highlighted while the count is above 0, neutral otherwise. */
export default class extends Controller<HTMLElement> {
  static values = { count: Number };
  declare countValue: number;

  countValueChanged() {
    const count = this.countValue;
    this.element.textContent = badgeText(count);
    this.element.classList.toggle(HIGHLIGHTED_CLASS, badgeState(count) === "highlighted");
    this.dispatch("changed", { detail: { count } });
  }
}
