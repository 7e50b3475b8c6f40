import { Controller } from "@hotwired/stimulus";

export const UNSAVED_CHANGES_MESSAGE = "You have unsaved changes. Are you sure you want to leave this page?";

/** Dirty on any input, clean on submit; leaving while dirty asks first (Turbo visits and unload). */
export default class extends Controller<HTMLFormElement> {
  static values = { message: { type: String, default: UNSAVED_CHANGES_MESSAGE }, dirty: Boolean };
  declare messageValue: string;
  declare dirtyValue: boolean;

  connect() {
    window.addEventListener("beforeunload", this.beforeUnload);
    document.addEventListener("turbo:before-visit", this.beforeVisit);
  }

  disconnect() {
    window.removeEventListener("beforeunload", this.beforeUnload);
    document.removeEventListener("turbo:before-visit", this.beforeVisit);
  }

  dirty() {
    this.dirtyValue = true;
  }

  clean() {
    this.dirtyValue = false;
  }

  private beforeVisit = (event: Event) => {
    if (this.dirtyValue && !window.confirm(this.messageValue)) event.preventDefault();
  };

  private beforeUnload = (event: BeforeUnloadEvent) => {
    if (!this.dirtyValue) return;
    event.preventDefault();
    event.returnValue = this.messageValue;
  };
}
