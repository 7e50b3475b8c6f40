// Hidden form groups have their inputs disabled and `required` removed; the original flag
// is remembered on the field and restored when the group is shown again.

const FIELDS = "input, select, textarea";

export function showGroup(group: HTMLElement, shown: boolean): void {
  group.hidden = !shown;
  for (const field of group.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(FIELDS)) {
    if (shown) enable(field);
    else disable(field);
  }
}

function disable(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): void {
  if (!field.disabled) {
    field.disabled = true;
    field.dataset.disabledByGroup = "";
  }
  if (field.required) {
    field.required = false;
    field.dataset.requiredWas = "";
  }
}

function enable(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): void {
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
  for (const field of container.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(FIELDS)) {
    field.required = false;
    field.setCustomValidity("");
    delete field.dataset.requiredWas;
  }
}
