import { Controller } from "@hotwired/stimulus";
import type TomSelect from "tom-select";
import { MULTI_SELECT_MESSAGES, multiSelectSummary, multiSelectTexts } from "#domain/jobs/form/multi-select.ts";
import { ensureStylesheet } from "../../islands/lib/stylesheet.ts";

const SHARED = ["aria-invalid", "aria-describedby"];

/**
 * The searchable multi-select on a <select>, or on the select a `selector` value names
 * inside the element. Tom Select and its CSS load only on pages that use it.
 */
export default class extends Controller<HTMLElement> {
  static values = { selector: String, placeholder: String };
  declare selectorValue: string;
  declare placeholderValue: string;
  private widget?: TomSelect;
  private summary?: HTMLElement;
  private observer?: MutationObserver;

  async connect() {
    const select = this.select();
    const [{ default: TomSelectWidget }, { default: href }] = await Promise.all([import("tom-select"), import("tom-select/dist/css/tom-select.css?url")]);
    if (!this.element.isConnected || this.widget) return;
    ensureStylesheet(href);
    const texts = multiSelectTexts(document.documentElement.lang);
    this.widget = new TomSelectWidget(select, {
      plugins: ["remove_button"],
      maxOptions: 500,
      // The options are all on the page: filter on each keystroke, not 300 ms later (by when
      // the person may have moved on, and a late refresh would pull the focus back).
      refreshThrottle: 0,
      hidePlaceholder: true,
      placeholder: this.placeholderValue || undefined,
      render: {
        no_results: () => `<div class="no-results">${texts.noResults}</div>`,
        loading: () => `<div class="spinner" role="status">${texts.searching}</div>`,
      },
      onChange: () => this.summarise(),
      // Start the next search afresh once a value is chosen.
      onItemAdd: () => {
        this.widget?.setTextboxValue("");
        this.widget?.refreshOptions(false);
      },
    });
    this.summarise();
    const input = this.widget.control_input;
    this.shareState(select, input);
    // A group that hides or shows the select changes its required flag: follow it.
    this.observer = new MutationObserver(() => this.shareState(select, input));
    this.observer.observe(select, { attributes: true, attributeFilter: ["required", ...SHARED] });
  }

  /**
   * The <select> stays in the page (hidden) for the form: it keeps a name, the label Tom Select
   * moved to its own input. That input is what people reach, so it carries the select's required,
   * invalid and described-by state.
   */
  private shareState(select: HTMLSelectElement, input: HTMLElement) {
    const label = input.getAttribute("aria-labelledby");
    if (label) select.setAttribute("aria-labelledby", label);
    input.toggleAttribute("aria-required", select.required);
    if (select.required) input.setAttribute("aria-required", "true");
    for (const name of SHARED) {
      const value = select.getAttribute(name);
      if (value) input.setAttribute(name, value);
      else input.removeAttribute(name);
    }
  }

  disconnect() {
    this.observer?.disconnect();
    this.widget?.destroy();
    this.widget = undefined;
    this.summary = undefined;
  }

  private select(): HTMLSelectElement {
    const element = this.selectorValue ? this.element.querySelector(this.selectorValue) : this.element;
    if (!element) throw new Error(MULTI_SELECT_MESSAGES.noSelect);
    if (!(element instanceof HTMLSelectElement)) throw new Error(MULTI_SELECT_MESSAGES.notSelect);
    return element;
  }

  // Up to 50 chosen values are shown; beyond that, "N selected".
  private summarise() {
    const widget = this.widget;
    if (!widget) return;
    const text = multiSelectSummary(widget.items.length, document.documentElement.lang);
    widget.wrapper.classList.toggle("ts-summarised", text !== null);
    if (text === null) return this.summary?.remove();
    this.summary ??= Object.assign(document.createElement("span"), { className: "ts-summary" });
    this.summary.textContent = text;
    if (!this.summary.isConnected) widget.control.prepend(this.summary);
  }
}
