import { Controller } from "@hotwired/stimulus";

/**
 * A live notification card: it stays until dismissed (or the next page visit). A page that
 * refreshes itself (a Turbo morph) keeps it: the server's copy of the page has no cards, so the
 * morph would remove the very card that says why the page changed.
 */
export default class extends Controller<HTMLElement> {
  connect() {
    this.element.addEventListener("turbo:before-morph-element", this.keepThroughMorph);
  }

  disconnect() {
    this.element.removeEventListener("turbo:before-morph-element", this.keepThroughMorph);
  }

  dismiss() {
    this.element.remove();
  }

  private keepThroughMorph = (event: Event) => {
    if (event.target === this.element) event.preventDefault();
  };
}
