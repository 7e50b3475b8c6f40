// Small helpers for modal dialogs (controllers/lazy/modal_controller.ts).

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** Keeps Tab and Shift+Tab cycling through the dialog's own controls. */
export function trapTab(dialog: HTMLElement, event: KeyboardEvent) {
  const controls = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return event.preventDefault();
  const inside = dialog.contains(document.activeElement);
  if (event.shiftKey && (!inside || document.activeElement === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Puts `#anchor` in the address bar (or takes the hash away) without a history entry: Turbo's
 * restoration state is kept, so Back still goes to the previous page.
 */
export function replaceHash(anchor: string) {
  const url = new URL(location.href);
  url.hash = anchor;
  history.replaceState(history.state, "", url.href);
}
