// What every view may use to format: the same formatters the browser code uses, so a date or a sum
// reads the same on the first render, in a Turbo Stream and in an island.
import { formatDate, formatDateTime, formatMonthYear } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";

export { addressLine } from "#domain/format/address.ts";
export { locationFacts } from "#domain/jobs/form/facts.ts";
export { count, formatNumber } from "#domain/format/count.ts";
export { fileSize } from "#domain/format/file-size.ts";
export { acceptFor } from "#domain/files/uploads.ts";
export { formatCo2e as co2e } from "#domain/maps/emissions.ts";

export const money = (pence: number | null | undefined) => (pence === null || pence === undefined ? "—" : formatMoney(pence));
export const date = (value: Date | null | undefined) => (value ? formatDate(value) : "—");
export const dateTime = (value: Date | null | undefined) => (value ? formatDateTime(value) : "—");
/** A calendar date kept as UTC midnight → "March 2027". */
export const monthYear = (value: Date | null | undefined) => (value ? formatMonthYear(value.toISOString().slice(0, 7)) : "—");
export const isoDate = (value: Date | null | undefined) => (value ? value.toISOString().slice(0, 10) : "");
export const humanize = (value: string | null | undefined) => (value ? value.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase()) : "");
/** `class` attribute value from a map of class → condition. */
export const classNames = (classes: Record<string, unknown>) =>
  Object.entries(classes)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .join(" ");
export { certificationBadge, statusBadge } from "#domain/jobs/status-explanations.ts";

type ErrorSummaryLocals = {
  errors?: Record<string, unknown> | null;
  fields?: readonly string[] | null;
  idFor?: ((key: string) => string | null) | null;
  fieldIds?: Record<string, string | null> | null;
  summaryId?: string | null;
};

/**
 * What views/shared/_error_summary.ejs shows: one line per message, in the form's order (`fields`,
 * then the others as they come), each with the id of the field it links to, or null for none.
 * A field's id is `fieldIds[key]` when named there, else `idFor(key)` when given, else
 * "field_<key>" for a listed key (views/shared/_field.ejs's id); "base" links nowhere unless named.
 */
export function errorSummary(locals: ErrorSummaryLocals) {
  const errors = locals.errors || {};
  const fields = locals.fields || [];
  const order = [...fields, ...Object.keys(errors).filter((key) => !fields.includes(key))].filter((key) => errors[key]);
  const listed = (key: string) => !locals.fields || fields.includes(key);
  const byRule = (key: string) => (listed(key) ? "field_" + key.replace(/[^\w]+/g, "_") : null);
  const named = locals.fieldIds || {};
  const linkOf = (key: string) => {
    if (Object.hasOwn(named, key)) return named[key] ?? null;
    if (locals.idFor) return locals.idFor(key);
    return key === "base" ? null : byRule(key);
  };
  const id = locals.summaryId || "error-summary";
  return { id, titleId: id + "-title", lines: order.map((key) => ({ message: errors[key], id: linkOf(key) })) };
}
