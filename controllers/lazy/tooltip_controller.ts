import { Controller } from "@hotwired/stimulus";
import type { Instance, Props } from "tippy.js";
import { ensureStylesheet } from "../../islands/lib/stylesheet.ts";

/** How every tooltip behaves: shown 150 ms after hover or focus, and kept open while the pointer is on it. */
export const TOOLTIP_OPTIONS = {
  delay: 150,
  interactive: true,
  allowHTML: true,
  maxWidth: 350,
  offset: [0, 10],
  zIndex: 9999,
  duration: [300, 250],
  trigger: "mouseenter focus",
  // Screen readers read the explanation with the badge (tippy leaves this off for interactive ones);
  // no aria-expanded, which a badge (a span, not a button) may not carry.
  aria: { content: "describedby", expanded: false },
  appendTo: () => document.body,
} satisfies Partial<Props>;

/**
 * A tooltip on the element, its content from `data-tooltip-content-value`: plain text or HTML the
 * server has escaped (it is rendered as HTML, so never put unescaped user text in it). The element
 * is made focusable, so the tooltip opens from the keyboard too. tippy.js and its CSS load only on
 * pages that show a tooltip.
 */
export default class extends Controller<HTMLElement> {
  static values = { content: String };
  declare contentValue: string;
  private tooltip?: Instance;

  async connect() {
    const [{ default: tippy }, { default: href }] = await Promise.all([import("tippy.js"), import("tippy.js/dist/tippy.css?url")]);
    if (!this.element.isConnected || this.tooltip) return;
    ensureStylesheet(href);
    if (this.element.tabIndex < 0) this.element.tabIndex = 0;
    this.tooltip = tippy(this.element, { ...TOOLTIP_OPTIONS, content: this.contentValue });
    // Focused or pointed at while tippy was still downloading: the event has passed, so show it now.
    if (this.element.matches(":focus, :hover")) this.tooltip.show();
  }

  contentValueChanged() {
    this.tooltip?.setContent(this.contentValue);
  }

  disconnect() {
    this.tooltip?.destroy();
    this.tooltip = undefined;
  }
}
