import { Controller } from "@hotwired/stimulus";

/**
 * The navigation's notifications dropdown. Its list is filled by a lazy stream loader when first
 * opened, which then carries the `complete` marker; before Turbo caches the page the marker is
 * cleared, so a page restored from the cache fetches a fresh list instead of a stale one.
 */
export default class extends Controller<HTMLDetailsElement> {
  static targets = ["frame"];
  declare readonly frameTarget: HTMLElement;

  beforeCache() {
    this.frameTarget.removeAttribute("complete");
    this.element.open = false;
  }

  closeOutside(event: Event) {
    if (this.element.open && !this.element.contains(event.target as Node)) this.element.open = false;
  }
}
