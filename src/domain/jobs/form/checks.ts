// The checks one value of the job form can have, as zod builders, for text already trimmed (blank →
// undefined, see input.ts). Each failure carries the plain-English message shown beside the field.

import { z } from "zod";
import { penceFromWholePounds } from "#domain/format/money.ts";
import { penceFromPounds } from "#domain/invoices/credit-notes.ts";
import { parseDateInput, parseDateTimeLocal, parseTimeOfDay } from "#domain/format/date-input.ts";
import { valuesOf, type Option, type ValueOf } from "../catalogue.ts";

type Bounds = { min: number; max: number; tooSmall: string; tooBig: string };
type NumberMessages = { missing?: string; notNumber: string; notWhole?: string };

function numberError(messages: NumberMessages) {
  return (issue: { input?: unknown }) => (issue.input === undefined && messages.missing ? messages.missing : messages.notNumber);
}

export function requiredText(missing: string, max: number, tooLong: string) {
  return z.string({ error: missing }).max(max, { error: tooLong });
}

export function optionalText(max: number, tooLong: string) {
  return z.string().max(max, { error: tooLong }).optional();
}

export function choice<const T extends readonly Option[]>(options: T, message: string) {
  return z.enum(valuesOf(options), { error: message });
}

/** A multi-select; one message for the whole list so it shows beside the field, not beside an item. */
export function choices<const T extends readonly Option[]>(options: T, message: string) {
  const allowed = new Set<string>(valuesOf(options));
  return z
    .array(z.string())
    .refine((values): values is ValueOf<T>[] => values.every((value) => allowed.has(value)), { error: message });
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** Numbers as text become numbers ("1,200" → 1200) so the checks can say "whole number" precisely. */
function numberFromText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const cleaned = value.replaceAll(",", "");
  return NUMERIC.test(cleaned) ? Number(cleaned) : value;
}

/** Required; add `.optional()` where a blank is fine. */
export function wholeNumber(messages: NumberMessages, bounds: Bounds) {
  return z.preprocess(
    numberFromText,
    z
      .number({ error: numberError(messages) })
      .int({ error: messages.notWhole ?? messages.notNumber })
      .min(bounds.min, { error: bounds.tooSmall })
      .max(bounds.max, { error: bounds.tooBig }),
  );
}

export function decimal(messages: NumberMessages, bounds: Bounds) {
  return z.preprocess(
    numberFromText,
    z.number({ error: numberError(messages) }).min(bounds.min, { error: bounds.tooSmall }).max(bounds.max, { error: bounds.tooBig }),
  );
}

function parsed(read: (text: string) => string | null, message: string) {
  return z
    .string()
    .transform((text, ctx) => {
      const value = read(text);
      if (value === null) ctx.addIssue({ code: "custom", message });
      return value ?? z.NEVER;
    })
    .optional();
}

/** yyyy-mm-dd from a date input, or dd/mm/yyyy typed; answers yyyy-mm-dd. */
export const calendarDate = () => parsed(parseDateInput, "Enter a real date, like 14/03/2027");
export const timeOfDay = () => parsed(parseTimeOfDay, "Enter a time on the 24-hour clock, like 09:30");
export const dateTimeLocal = () => parsed(parseDateTimeLocal, "Enter a date and time, like 14/03/2027 09:30");

/** Prices are whole pounds × 100. */
export function wholePounds(notWhole: string, bounds: Bounds) {
  return z
    .string()
    .transform((text, ctx) => {
      const pence = penceFromWholePounds(text);
      if (pence === null) ctx.addIssue({ code: "custom", message: notWhole });
      return pence ?? z.NEVER;
    })
    .pipe(z.number().min(bounds.min * 100, { error: bounds.tooSmall }).max(bounds.max * 100, { error: bounds.tooBig }))
    .optional();
}

/** An amount in pounds and pence ("45.00", "£45", "45.5") as pence, within bounds given in pence. */
export function poundsAndPence(unreadable: string, bounds: { minPence: number; maxPence: number; tooSmall: string; tooBig: string }) {
  return z
    .string()
    .transform((text, ctx) => {
      const pence = penceFromPounds(text);
      if (pence === null) ctx.addIssue({ code: "custom", message: unreadable });
      return pence ?? z.NEVER;
    })
    .pipe(z.number().min(bounds.minPence, { error: bounds.tooSmall }).max(bounds.maxPence, { error: bounds.tooBig }))
    .optional();
}

type IssueLike = { path?: readonly PropertyKey[] | undefined };

/** Refinement option: run only when none of `fields` has failed already (other failures do not stop it). */
export function unlessFailed(...fields: string[]) {
  return { when: (payload: { issues: readonly IssueLike[] }) => !payload.issues.some((issue) => fields.includes(String(issue.path?.[0]))) };
}
