import { Controller } from "@hotwired/stimulus";

const KEY = "arrival-focus";

/**
 * Focus that follows a form to the page it leads to. On a form, `next` names the id of the element
 * that shows the outcome; after a successful Turbo submission that id is kept for the next page
 * (sessionStorage, this tab only). On that element, connecting takes the focus when its id is the
 * one kept, so after "Place quote" the focus lands on the quote just placed, not on <body>.
 * `enter` hands a focus the element itself receives (a link to `#bid-form` followed by Turbo, which
 * focuses the link's target) on to its first field; not one from a click inside it (`point`).
 */
export default class extends Controller<HTMLElement> {
  static values = { next: String };
  declare nextValue: string;
  private pointing = false;

  connect() {
    if (!this.element.id || sessionStorage.getItem(KEY) !== this.element.id) return;
    sessionStorage.removeItem(KEY);
    if (!this.element.hasAttribute("tabindex")) this.element.tabIndex = -1;
    this.element.focus();
  }

  enter(event: FocusEvent) {
    if (event.target !== this.element || this.pointing) return;
    this.element.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")?.focus();
  }

  // A click on the element's own text focuses it too: that focus stays where it is.
  point() {
    this.pointing = true;
    window.setTimeout(() => (this.pointing = false));
  }

  remember(event: CustomEvent<{ success: boolean }>) {
    if (event.detail.success && this.nextValue) sessionStorage.setItem(KEY, this.nextValue);
    else sessionStorage.removeItem(KEY);
  }
}
