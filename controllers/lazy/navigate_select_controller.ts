import { Controller } from "@hotwired/stimulus";
import { visit } from "@hotwired/turbo";

/** A select whose option values are URLs: choosing one visits it with Turbo. */
export default class extends Controller<HTMLSelectElement> {
  visit() {
    if (this.element.value) visit(this.element.value);
  }
}
