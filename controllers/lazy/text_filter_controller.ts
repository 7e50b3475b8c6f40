import { Controller } from "@hotwired/stimulus";

/** A text filter over a list, with a not-found message naming what was typed. */
export default class extends Controller<HTMLElement> {
  static targets = ["input", "item", "empty"];
  static values = { message: { type: String, default: "Nothing matches “%{query}”." } };
  declare readonly inputTarget: HTMLInputElement;
  declare readonly itemTargets: HTMLElement[];
  declare readonly emptyTarget: HTMLElement;
  declare messageValue: string;

  filter() {
    const query = this.inputTarget.value.trim();
    const needle = query.toLocaleLowerCase("en-GB");
    let shown = 0;
    for (const item of this.itemTargets) {
      const match = !needle || (item.textContent ?? "").toLocaleLowerCase("en-GB").includes(needle);
      item.hidden = !match;
      if (match) shown++;
    }
    this.emptyTarget.hidden = shown > 0;
    this.emptyTarget.textContent = shown > 0 ? "" : this.messageValue.replace("%{query}", query);
  }
}
