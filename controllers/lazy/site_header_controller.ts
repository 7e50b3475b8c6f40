import { Controller } from "@hotwired/stimulus";

/** The address of a page without its fragment: a change of fragment is not a new page. */
const pageKey = () => location.href.split("#")[0] ?? "";

let lastPage = "";

/**
 * After a Turbo visit to another page, say the new title in the polite live region and move the
 * keyboard to the page's main heading, as a full page load would for a screen reader. Nothing
 * happens when the page is the same one refreshed (a morph refresh, or a form that answers with
 * the same address). The focus stays put when the address targets an anchor or when something on
 * the new page (a dialog, an autofocus field, the outcome a form sent the focus to) already has it.
 */
function announceVisit() {
  const page = pageKey();
  if (page === lastPage) return;
  lastPage = page;
  const region = document.getElementById("page_announcer");
  if (region) region.textContent = document.title;
  const active = document.activeElement;
  if (location.hash || (active && active !== document.body)) return;
  const heading = document.querySelector<HTMLElement>("main h1");
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  }
}

/**
 * The site header: the phone "Menu" button that shows and hides the navigation, and Escape, which
 * closes whatever is open in the header (the menu or the notifications tray) and gives the focus
 * back to the button that opened it. Its first connection also starts the visit announcer, which
 * then stays for the life of the document (the header itself is replaced on every visit).
 */
export default class extends Controller<HTMLElement> {
  static targets = ["button"];
  declare readonly buttonTarget: HTMLButtonElement;
  declare readonly hasButtonTarget: boolean;

  connect() {
    if (lastPage) return;
    lastPage = pageKey();
    document.addEventListener("turbo:load", announceVisit);
  }

  toggle() {
    this.setOpen(this.buttonTarget.getAttribute("aria-expanded") !== "true");
  }

  escape(event: KeyboardEvent) {
    const tray = this.element.querySelector<HTMLDetailsElement>("details[open]");
    if (tray) {
      tray.open = false;
      tray.querySelector("summary")?.focus();
    } else if (this.hasButtonTarget && this.buttonTarget.getAttribute("aria-expanded") === "true") {
      this.setOpen(false);
      this.buttonTarget.focus();
    } else {
      return;
    }
    event.preventDefault();
  }

  private setOpen(open: boolean) {
    this.buttonTarget.setAttribute("aria-expanded", String(open));
  }
}
