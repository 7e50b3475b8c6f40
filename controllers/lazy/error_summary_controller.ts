import { Controller } from "@hotwired/stimulus";

/**
 * The error summary of a refused form: focused as soon as it appears (also when Turbo renders the
 * 422 answer into the page, where `autofocus` alone may not act), so a screen reader reads it
 * first. Its links move the focus into their field, not just the scroll position, and bring the
 * field's label or legend into view with it; a field a widget replaced (Tom Select leaves its
 * <select> hidden) hands the focus to the widget's own input.
 */
export default class extends Controller<HTMLElement> {
  connect() {
    if (document.activeElement !== this.element) this.element.focus();
  }

  follow(event: Event) {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[href^='#']");
    if (!link) return;
    const id = decodeURIComponent(link.hash.slice(1));
    const field = document.getElementById(`${id}-ts-control`) ?? document.getElementById(id);
    if (!field) return;
    event.preventDefault();
    const caption = field.closest("fieldset")?.querySelector("legend") ?? document.querySelector(`label[for="${CSS.escape(field.id)}"]`);
    (caption ?? field).scrollIntoView({ block: "start" });
    field.focus({ preventScroll: true });
  }
}
