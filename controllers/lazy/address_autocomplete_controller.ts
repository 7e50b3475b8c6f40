import { Controller } from "@hotwired/stimulus";
import type { AutocompleteItem } from "#domain/geo/address-result.ts";
import { selectionText, type AutocompleteSelection } from "#domain/geo/autocomplete-selection.ts";
import { AUTOCOMPLETE_MIN_LENGTH, HIDE_ON_BLUR_MS, mergeSuggestions } from "#domain/geo/merge-suggestions.ts";

const TYPING_PAUSE_MS = 120;

/**
 * Address suggestions: shown on focus, the page's own default items first, then
 * the server's for what is typed, each label once; hidden 200 ms after blur. A failed call simply
 * gives no suggestions. Choosing one puts its text (its plain `value`, else its label) in the input
 * and dispatches `address-autocomplete:selected` with the item.
 */
export default class extends Controller<HTMLElement> {
  static targets = ["input", "list"];
  static values = { url: String, defaults: Array };
  declare readonly inputTarget: HTMLInputElement;
  declare readonly listTarget: HTMLUListElement;
  declare urlValue: string;
  declare defaultsValue: AutocompleteItem[];
  private items: AutocompleteSelection[] = [];
  private active = -1;
  private request = 0;
  private typingTimer?: number;
  private hideTimer?: number;

  disconnect() {
    window.clearTimeout(this.typingTimer);
    window.clearTimeout(this.hideTimer);
  }

  open() {
    window.clearTimeout(this.hideTimer);
    void this.suggest(this.inputTarget.value);
  }

  search() {
    window.clearTimeout(this.typingTimer);
    this.typingTimer = window.setTimeout(() => void this.suggest(this.inputTarget.value), TYPING_PAUSE_MS);
  }

  close() {
    window.clearTimeout(this.hideTimer);
    this.hideTimer = window.setTimeout(() => this.hide(), HIDE_ON_BLUR_MS);
  }

  navigate(event: KeyboardEvent) {
    if (this.listTarget.hidden || this.items.length === 0) return;
    // Tab leaves the field as it would without suggestions: the list closes at once, it never takes the focus.
    if (event.key === "Tab") return this.hide();
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      this.highlight((this.active + step + this.items.length) % this.items.length);
    } else if (event.key === "Enter" && this.active >= 0) {
      event.preventDefault();
      this.choose(this.active);
    } else if (event.key === "Escape") {
      this.hide();
    }
  }

  private async suggest(text: string) {
    if (text.length < AUTOCOMPLETE_MIN_LENGTH) return;
    const request = ++this.request;
    const remote = text.trim() ? await this.fetchItems(text) : [];
    if (request !== this.request || document.activeElement !== this.inputTarget) return;
    this.render(mergeSuggestions(this.defaultsFor(text), remote));
  }

  private defaultsFor(text: string): AutocompleteItem[] {
    const needle = text.trim().toLocaleLowerCase("en-GB");
    return this.defaultsValue.filter((item) => !needle || item.label.toLocaleLowerCase("en-GB").includes(needle));
  }

  private async fetchItems(text: string): Promise<AutocompleteSelection[]> {
    try {
      const url = new URL(this.urlValue, window.location.href);
      url.searchParams.set("q", text);
      const response = await fetch(url, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      if (!response.ok) return [];
      const body: unknown = await response.json();
      return Array.isArray(body) ? body.filter((item): item is AutocompleteSelection => typeof item?.label === "string") : [];
    } catch {
      return [];
    }
  }

  private render(items: AutocompleteSelection[]) {
    this.items = items;
    this.active = -1;
    const options = items.map((item, index) => {
      const option = document.createElement("li");
      option.id = `${this.listTarget.id}_${index}`;
      option.setAttribute("role", "option");
      option.className = "suggestion";
      option.textContent = item.label;
      // mousedown, not click: it comes before the input's blur, so the list is still there.
      option.addEventListener("mousedown", (event) => {
        event.preventDefault();
        this.choose(index);
      });
      return option;
    });
    this.listTarget.replaceChildren(...options);
    this.listTarget.hidden = items.length === 0;
    this.inputTarget.setAttribute("aria-expanded", String(items.length > 0));
  }

  private highlight(index: number) {
    this.active = index;
    Array.from(this.listTarget.children).forEach((option, i) => option.setAttribute("aria-selected", String(i === index)));
    this.inputTarget.setAttribute("aria-activedescendant", `${this.listTarget.id}_${index}`);
  }

  private choose(index: number) {
    const item = this.items[index];
    if (!item) return;
    this.inputTarget.value = selectionText(item);
    this.hide();
    this.dispatch("selected", { detail: { item } });
  }

  private hide() {
    this.request++;
    this.listTarget.hidden = true;
    this.listTarget.replaceChildren();
    this.items = [];
    this.active = -1;
    this.inputTarget.setAttribute("aria-expanded", "false");
    this.inputTarget.removeAttribute("aria-activedescendant");
  }
}
