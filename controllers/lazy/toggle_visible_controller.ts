import { Controller } from "@hotwired/stimulus";

/**
 * Shows the groups inside the element (`data-visibility-group="name"`) that its `shown` value
 * names and hides the rest. The value lives in the HTML, so the server renders the first state
 * and any controller that decides visibility just sets it; `apply` catches up groups added since.
 */
export default class extends Controller<HTMLElement> {
  static values = { shown: Array };
  declare shownValue: string[];
  declare readonly hasShownValue: boolean;

  shownValueChanged() {
    this.apply();
  }

  apply() {
    if (!this.hasShownValue) return;
    const shown = new Set(this.shownValue);
    for (const group of this.element.querySelectorAll<HTMLElement>("[data-visibility-group]")) {
      const hidden = !shown.has(group.dataset.visibilityGroup ?? "");
      if (group.hidden !== hidden) group.hidden = hidden;
    }
  }
}
