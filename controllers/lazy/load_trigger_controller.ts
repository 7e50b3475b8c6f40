import { Controller } from "@hotwired/stimulus";

/**
 * A link or button that follows itself once it scrolls into view (a "show more" link that loads the
 * next page as you reach it). It stays an ordinary link, for the keyboard and without JavaScript.
 */
export default class extends Controller<HTMLElement> {
  private observer?: IntersectionObserver;

  connect() {
    this.observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      this.observer?.disconnect();
      this.element.click();
    });
    this.observer.observe(this.element);
  }

  disconnect() {
    this.observer?.disconnect();
  }
}
