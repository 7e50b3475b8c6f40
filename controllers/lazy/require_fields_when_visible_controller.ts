import { Controller } from "@hotwired/stimulus";
import { syncGroupFields } from "../lib/form-groups.ts";

/**
 * Fields that count only while their group is visible: whenever the element's `hidden` attribute
 * changes (whoever changes it), its fields are disabled and unrequired, or given back their flags.
 */
export default class extends Controller<HTMLElement> {
  private observer = new MutationObserver(() => this.sync());

  connect() {
    this.sync();
    this.observer.observe(this.element, { attributes: true, attributeFilter: ["hidden"] });
  }

  disconnect() {
    this.observer.disconnect();
  }

  private sync() {
    syncGroupFields(this.element, !this.element.hidden);
  }
}
