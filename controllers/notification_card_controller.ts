import { Controller } from "@hotwired/stimulus";

/** A live notification card: it stays until dismissed (or the next page visit). */
export default class extends Controller<HTMLElement> {
  dismiss() {
    this.element.remove();
  }
}
