// What every view may use to format: the same formatters the browser code uses, so a date or a sum
// reads the same on the first render, in a Turbo Stream and in an island.
import { formatDate, formatDateTime, formatMonthYear } from "#domain/format/dates.ts";
import { formatMoney } from "#domain/format/money.ts";

export { addressLine } from "#domain/format/address.ts";
export { locationFacts } from "#domain/jobs/job-view.ts";
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
