// A hidden form group asks for nothing and sends nothing: its fields are disabled and lose
// `required`. Each flag is remembered on the field, so showing the group again gives back exactly
// what the markup asked for, and never enables a field that was disabled for another reason.

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const FIELDS = "input, select, textarea";

/** Disables (shown false) or restores (shown true) every field inside the group. */
export function syncGroupFields(group: HTMLElement, shown: boolean): void {
  for (const field of group.querySelectorAll<Field>(FIELDS)) {
    if (shown) enable(field);
    else disable(field);
  }
}

function disable(field: Field): void {
  if (!field.disabled) {
    field.disabled = true;
    field.dataset.disabledByGroup = "";
  }
  if (field.required) {
    field.required = false;
    field.dataset.requiredWas = "";
  }
}

function enable(field: Field): void {
  if (field.dataset.disabledByGroup !== undefined) {
    field.disabled = false;
    delete field.dataset.disabledByGroup;
  }
  if (field.dataset.requiredWas !== undefined) {
    field.required = true;
    delete field.dataset.requiredWas;
  }
}

/**
 * A removed list item no longer asks for anything, now or when its groups show again, and
 * a problem flagged on it (an address not found) no longer holds the form back.
 */
export function stripRequired(container: HTMLElement): void {
  for (const field of container.querySelectorAll<Field>(FIELDS)) {
    field.required = false;
    field.setCustomValidity("");
    delete field.dataset.requiredWas;
  }
}
