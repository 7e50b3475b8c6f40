import { Controller } from "@hotwired/stimulus";
import { stripRequired } from "../lib/form-groups.ts";

/**
 * A list whose items are added from a <template> and removed in place: an item with a
 * destroy field is marked destroyed and hidden (so the server deletes it), else it is deleted.
 * Positions follow the visible order; remove buttons hide when fewer than 2 items remain, and the
 * add button hides once the list holds `max` items (the server refuses more with a message).
 */
export default class extends Controller<HTMLElement> {
  static targets = ["items", "template", "item", "position", "number", "removeButton", "addButton"];
  static values = { placeholder: { type: String, default: "NEW_RECORD" }, max: { type: Number, default: 0 } };
  declare readonly itemsTarget: HTMLElement;
  declare readonly templateTarget: HTMLTemplateElement;
  declare readonly itemTargets: HTMLElement[];
  declare placeholderValue: string;
  declare maxValue: number;
  declare readonly hasAddButtonTarget: boolean;
  declare readonly addButtonTarget: HTMLElement;
  private added = 0;

  connect() {
    this.renumber();
  }

  add() {
    const key = `${Date.now()}${this.added++}`;
    this.itemsTarget.insertAdjacentHTML("beforeend", this.templateTarget.innerHTML.replaceAll(this.placeholderValue, key));
    this.renumber();
    this.dispatch("changed");
    this.itemTargets.at(-1)?.querySelector<HTMLElement>("input:not([type=hidden]), select")?.focus();
  }

  remove(event: Event) {
    const item = this.itemTargets.find((candidate) => candidate.contains(event.target as Node));
    if (!item) return;
    const destroy = item.querySelector<HTMLInputElement>('input[name$="[_destroy]"]');
    if (destroy) {
      destroy.value = "1";
      item.hidden = true;
      item.dataset.removed = "";
      stripRequired(item);
    } else {
      item.remove();
    }
    this.renumber();
    this.dispatch("changed");
    this.focusAfterRemoving(item);
  }

  // The focus was on the remove button, now gone: it moves to the first field of the block before
  // the removed one, or else to the add button (or the next block's first field when that is hidden).
  private focusAfterRemoving(removed: HTMLElement) {
    const visible = this.itemTargets.filter((item) => item.dataset.removed === undefined && item !== removed);
    const before = visible.filter((item) => item.compareDocumentPosition(removed) & Node.DOCUMENT_POSITION_FOLLOWING).at(-1);
    const addButton = this.hasAddButtonTarget && !this.addButtonTarget.hidden ? this.addButtonTarget : undefined;
    const target = (before && firstField(before)) ?? addButton ?? (visible[0] && firstField(visible[0]));
    target?.focus();
  }

  private renumber() {
    const visible = this.itemTargets.filter((item) => item.dataset.removed === undefined);
    visible.forEach((item, index) => {
      const position = item.querySelector<HTMLInputElement>("[data-repeatable-list-target~=position]");
      if (position) position.value = String(index);
      const number = item.querySelector<HTMLElement>("[data-repeatable-list-target~=number]");
      if (number) number.textContent = String(index + 1);
    });
    for (const item of visible) {
      for (const button of item.querySelectorAll<HTMLElement>("[data-repeatable-list-target~=removeButton]")) button.hidden = visible.length < 2;
    }
    if (this.hasAddButtonTarget) this.addButtonTarget.hidden = this.maxValue > 0 && visible.length >= this.maxValue;
  }
}

const FIELDS = "input:not([type=hidden]):not(:disabled), select:not(:disabled), textarea:not(:disabled)";

function firstField(item: HTMLElement): HTMLElement | undefined {
  return Array.from(item.querySelectorAll<HTMLElement>(FIELDS)).find((field) => !field.closest("[hidden]"));
}
