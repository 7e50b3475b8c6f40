import { Controller } from "@hotwired/stimulus";

/**
 * "Show as table": swaps a chart's drawing for the table of its figures and back. The table is
 * always in the page (visually hidden), so screen readers have it either way.
 */
export default class extends Controller<HTMLElement> {
  static targets = ["toggle", "table", "drawing"];
  declare toggleTarget: HTMLButtonElement;
  declare tableTarget: HTMLElement;
  declare drawingTarget: HTMLElement;

  toggle() {
    const showTable = this.toggleTarget.getAttribute("aria-expanded") !== "true";
    this.toggleTarget.setAttribute("aria-expanded", String(showTable));
    this.toggleTarget.textContent = showTable ? "Show as chart" : "Show as table";
    this.tableTarget.classList.toggle("visually-hidden", !showTable);
    this.drawingTarget.hidden = showTable;
  }
}
