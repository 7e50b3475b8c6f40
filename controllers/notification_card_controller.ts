import { Controller } from "@hotwired/stimulus";

/**
 * A live notification card: it stays until dismissed (or the next page visit). A page that
 * refreshes itself (a Turbo morph) keeps it: the server's copy of the page has no cards, so the
 * morph would remove the very card that says why the page changed.
 */
export default class extends Controller<HTMLElement> {
  connect() {
    // A new message in the conversation open on this page is already in front of the person (and
    // read by being shown): its card would only repeat it.
    if (this.isAboutOpenConversation()) return this.element.remove();
    this.element.addEventListener("turbo:before-morph-element", this.keepThroughMorph);
  }

  disconnect() {
    this.element.removeEventListener("turbo:before-morph-element", this.keepThroughMorph);
  }

  dismiss() {
    this.element.remove();
  }

  private isAboutOpenConversation(): boolean {
    const path = this.element.dataset.kind === "message" ? this.element.querySelector(".notification-title")?.getAttribute("href") : null;
    return Boolean(path) && [...document.querySelectorAll<HTMLElement>("[data-conversation-path]")].some((conversation) => conversation.dataset.conversationPath === path);
  }

  private keepThroughMorph = (event: Event) => {
    if (event.target === this.element) event.preventDefault();
  };
}
