// Turbo's confirmations in our modal dialog instead of window.confirm. application.ts fetches this
// module the first time a form with data-turbo-confirm is submitted.

export const CONFIRM_LABEL = "Confirm";

/** The confirm button says what the form's own submit button says ("Cancel job"), else "Confirm". */
export function confirmLabel(form: HTMLFormElement, submitter?: HTMLElement | null): string {
  const button = submitter ?? form.querySelector<HTMLElement>("button[type=submit], button:not([type]), input[type=submit]");
  const label = button instanceof HTMLInputElement ? button.value : button?.textContent;
  return label?.trim() || CONFIRM_LABEL;
}

/** Opens a copy of the page's confirm template; true once its confirm button is pressed. */
export function confirmInModal(message: string, form: HTMLFormElement, submitter?: HTMLElement | null): Promise<boolean> {
  const template = document.querySelector<HTMLTemplateElement>("template#confirm-modal");
  const root = template?.content.firstElementChild?.cloneNode(true);
  if (!(root instanceof HTMLElement)) return Promise.resolve(window.confirm(message));
  root.querySelector(".modal-title")!.textContent = message;
  root.querySelector("[data-confirm-accept]")!.textContent = confirmLabel(form, submitter);
  return new Promise((resolve) => {
    let accepted = false;
    // Capture: the answer is known before the button's own action closes the modal.
    root.addEventListener("click", (event) => (accepted ||= Boolean((event.target as Element).closest("[data-confirm-accept]"))), { capture: true });
    root.addEventListener("modal:closed", () => (root.remove(), resolve(accepted)), { once: true });
    document.body.append(root);
  });
}
