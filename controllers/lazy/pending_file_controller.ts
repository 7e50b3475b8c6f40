import { Controller } from "@hotwired/stimulus";

/**
 * A file uploaded into a form but not sent yet (views/attachments/_pending.ejs). "Remove" takes it off
 * the form, hidden field and all; the focus goes to the next file's Remove (else the previous one's,
 * else the form's file picker), so someone on a keyboard or a screen reader is not left nowhere.
 */
export default class extends Controller<HTMLElement> {
  remove() {
    const neighbour = this.element.nextElementSibling ?? this.element.previousElementSibling;
    const form = this.element.closest("form");
    this.element.remove();
    const focus = neighbour?.querySelector("button") ?? form?.querySelector<HTMLInputElement>("input[type=file]");
    focus?.focus();
  }
}
