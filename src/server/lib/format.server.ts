// Formatting for views: money, dates and small HTML helpers. Views get these as locals.
const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });
const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "Europe/London" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "Europe/London" });

export const money = (pence: number | null | undefined) => (pence === null || pence === undefined ? "—" : gbp.format(pence / 100));
export const date = (value: Date | null | undefined) => (value ? dateFormat.format(value) : "—");
export const dateTime = (value: Date | null | undefined) => (value ? dateTimeFormat.format(value) : "—");
export const isoDate = (value: Date | null | undefined) => (value ? value.toISOString().slice(0, 10) : "");
export const humanize = (value: string | null | undefined) => (value ? value.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase()) : "");
export const pluralize = (count: number, singular: string, plural = `${singular}s`) => `${count} ${count === 1 ? singular : plural}`;
/** `class` attribute value from a map of class → condition. */
export const classNames = (classes: Record<string, unknown>) =>
  Object.entries(classes)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .join(" ");
