// Pages refresh themselves when someone else changes what they show (a broadcast Turbo refresh,
// morphed into the page in place). A morph sets every field back to the value the server wrote,
// which would wipe a price or a message half typed. So a field typed into since the page arrived,
// or since its form was last sent, keeps its value (and checked or selected state) through a morph;
// sending the form hands the field back to the server, whose answer then shows what was saved.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const KEPT_ATTRIBUTES = new Set(["value", "checked", "selected"]);
const typed = new WeakSet<Element>();

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

/** The field a morphed attribute belongs to: an option's state is its select's. */
const fieldOf = (target: EventTarget | null) => (target instanceof HTMLOptionElement ? target.closest("select") : target);

export function keepTypedValues(): void {
  document.addEventListener("input", (event) => {
    if (isField(event.target)) typed.add(event.target);
  }, true);
  document.addEventListener("turbo:submit-start", (event) => {
    if (event.target instanceof HTMLFormElement) for (const field of Array.from(event.target.elements)) typed.delete(field);
  });
  document.addEventListener("turbo:before-morph-attribute", (event) => {
    const { attributeName } = (event as CustomEvent<{ attributeName: string }>).detail;
    const field = fieldOf(event.target);
    if (KEPT_ATTRIBUTES.has(attributeName) && field instanceof Element && typed.has(field)) event.preventDefault();
  });
}
