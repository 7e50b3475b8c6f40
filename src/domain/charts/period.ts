// The dashboard's period: this month, the last 3 or 12 months (each ending with this month), or
// chosen months. It travels in the URL (?period=last_3_months, or ?period=custom&from=2026-01&to=
// 2026-06) so a view can be shared. An unknown period falls back to the default; chosen months
// that cannot be read, run backwards or span more than two years are refused with a reason.

import { MONTH_PATTERN, monthsBetween, monthsEndingWith, monthOfInstant, shortMonthLabel } from "./months.ts";

export const PERIOD_KEYS = ["this_month", "last_3_months", "last_12_months", "custom"] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];
export const DEFAULT_PERIOD: PeriodKey = "last_12_months";
export const MAX_PERIOD_MONTHS = 24;
const EARLIEST_YEAR = 2000;

export const PERIOD_LABELS: Record<PeriodKey, string> = {
  this_month: "This month",
  last_3_months: "Last 3 months",
  last_12_months: "Last 12 months",
  custom: "Choose months",
};

export type Period = { key: PeriodKey; from: string; to: string; months: string[]; label: string; query: string };
export type PeriodInput = { period?: unknown; from?: unknown; to?: unknown };
export type PeriodResult = { ok: true; period: Period } | { ok: false; period: Period; errors: Record<string, string>; values: { from: string; to: string } };

const RELATIVE_MONTHS: Record<Exclude<PeriodKey, "custom">, number> = { this_month: 1, last_3_months: 3, last_12_months: 12 };

function relative(key: Exclude<PeriodKey, "custom">, now: Date): Period {
  const months = monthsEndingWith(monthOfInstant(now), RELATIVE_MONTHS[key]);
  return { key, from: months[0]!, to: months.at(-1)!, months, label: PERIOD_LABELS[key], query: `period=${key}` };
}

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
const readMonth = (value: string) => (MONTH_PATTERN.test(value) && Number(value.slice(0, 4)) >= EARLIEST_YEAR ? value : null);

/** The period a request asks for; `errors` name the fields (from, to) when chosen months are unusable. */
export function parsePeriod(input: PeriodInput, now = new Date()): PeriodResult {
  const key = text(input.period);
  if (key !== "custom") return { ok: true, period: relative((PERIOD_KEYS as readonly string[]).includes(key) ? (key as Exclude<PeriodKey, "custom">) : (DEFAULT_PERIOD as "last_12_months"), now) };
  const values = { from: text(input.from), to: text(input.to) };
  const [from, to] = [readMonth(values.from), readMonth(values.to)];
  const errors: Record<string, string> = {};
  if (!from) errors.from = "Enter the first month as yyyy-mm";
  if (!to) errors.to = "Enter the last month as yyyy-mm";
  else if (from && to < from) errors.to = "The last month cannot be before the first";
  const months = from && to && !errors.to ? monthsBetween(from, to) : [];
  if (months.length > MAX_PERIOD_MONTHS) errors.to = `Choose at most ${MAX_PERIOD_MONTHS} months`;
  if (Object.keys(errors).length) return { ok: false, period: relative(DEFAULT_PERIOD as "last_12_months", now), errors, values };
  const label = from === to ? shortMonthLabel(from!) : `${shortMonthLabel(from!)} to ${shortMonthLabel(to!)}`;
  return { ok: true, period: { key: "custom", from: from!, to: to!, months, label, query: `period=custom&from=${from}&to=${to}` } };
}
