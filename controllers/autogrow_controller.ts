import { Controller } from "@hotwired/stimulus";

/** A textarea that grows with its text (up to its CSS max-height). */
export default class extends Controller<HTMLTextAreaElement> {
  connect() {
    this.resize();
  }

  resize() {
    this.element.style.height = "auto";
    this.element.style.height = `${this.element.scrollHeight + 2}px`;
  }
}
