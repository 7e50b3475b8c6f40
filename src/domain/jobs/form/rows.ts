// How a row of the job field table (fields.ts) is written: everything a row may say, and the kinds
// of row most fields are (a choice, a choice of several, a whole number). See docs/job-form.md.

import type { z } from "zod";
import { toDateTimeLocalValue, zonedDateTimeToUtc } from "#domain/format/dates.ts";
import { labelFor, type Option } from "../catalogue.ts";
import { storedList } from "../stored-values.ts";
import { choice, choices, wholeNumber } from "./checks.ts";
import type { GroupName } from "./visibility.ts";

/** How a posted value is read before it is checked: trimmed text, a list of texts, or a checkbox. */
export type InputKind = "text" | "list" | "flag" | "estimates";

/** Each kind of input with nothing in it: what a hidden group's field is emptied to. */
export const BLANK: Record<InputKind, unknown> = {
  text: undefined, list: [], flag: false, estimates: { load_estimates: [] },
};

/** Whether a read value is blank, by how it is read (a list or a breakdown with no rows is blank). */
export function isBlank(kind: InputKind, value: unknown): boolean {
  if (kind === "list") return Array.isArray(value) && value.length === 0;
  if (kind === "estimates") return (value as { load_estimates: readonly unknown[] }).load_estimates.length === 0;
  return value === BLANK[kind];
}

/** What a field's value may depend on besides itself (read once per form, passed to every field). */
export type FormContext = {
  timezone: string; jobType: string; startDate?: string; contractDuration?: string; firstCollection?: string;
};

/** What loading a stored value back may depend on: the form's time zone, and when the job was published (or a draft saved). */
export type LoadContext = { timezone: string; since?: Date | null };

/** A row of the job page: the field's label and its value as text; null hides the row. */
export type Fact = {
  label: string | ((job: { jobType: string }) => string);
  section: "schedule" | "load";
  text: (value: unknown) => string | null;
};

/** The message beside a required field left blank; a function when it names what the form is about. */
export type RequiredMessage = string | ((job: { readonly [name: string]: unknown }) => string);

export type FieldSpec<K extends string, I extends InputKind, S extends z.ZodType, D, C = D, Col extends string = K> = {
  /** Key in the validated data, and the Job column unless `column` names another. */
  key: K;
  input: I;
  check: S;
  group?: GroupName;
  /** Asked for on publishing whenever its group shows (always, with no group); a draft may leave it blank. */
  required?: RequiredMessage;
  /** The options a select or a set of checkboxes offers. */
  options?: readonly Option[];
  column?: Col;
  /** The checked value as data (default: the value, or null when blank). */
  read?: (value: z.output<S>, context: FormContext) => D;
  /** The data as the column stores it (default: as is). */
  store?: (value: D, context: FormContext) => C;
  /** The stored column as the form posts it (default: its text). */
  load?: (stored: never, context: LoadContext) => unknown;
  fact?: Fact;
  /** Not a Job column: the model saves it beside the row (set by `elsewhere`); `column` names what loads it back. */
  elsewhere?: true;
  /** Carry the data and column types for JobFieldData and JobColumns; never set. */
  readonly __data?: D;
  readonly __column?: [Col, C];
};

type Blankless<S extends z.ZodType> = Exclude<z.output<S>, undefined> | (undefined extends z.output<S> ? null : never);

export function field<
  const K extends string, const I extends InputKind, S extends z.ZodType, D = Blankless<S>, C = D, const Col extends string = K,
>(
  spec: FieldSpec<K, I, S, D, C, Col>,
): FieldSpec<K, I, S, D, C, Col> {
  return spec;
}

/** A row the model saves beside the Job row (a relation, or a column worked out when publishing). */
export const elsewhere = <F extends object>(spec: F) => ({ ...spec, elsewhere: true as const });

/** A fact's text: the option's label. */
export const labelOf = (list: readonly Option[]) => (value: unknown) => (value ? labelFor(list, String(value)) : null);
const labels = (list: readonly Option[], none: string) => (value: unknown) =>
  Array.isArray(value) && value.length ? value.map((item) => labelFor(list, String(item))).join(", ") : none;
const listColumn = {
  store: (value: readonly string[]) => JSON.stringify(value),
  load: (stored: string) => storedList(stored),
};

/** A wall-clock time in the form's time zone, stored as an instant. */
export const instantColumn = {
  read: (local: string | undefined, context: FormContext) =>
    (local ? zonedDateTimeToUtc(local, context.timezone) : null),
  load: (stored: Date | null, context: { timezone: string }) =>
    (stored ? toDateTimeLocalValue(stored, context.timezone) : undefined),
};

type Shown = { group?: GroupName; fact?: { label: string; section: Fact["section"] }; required?: true };

/**
 * A choice of one option, shown on the job page by its label. `required`: publishing asks for it
 * (while its group shows) with the same message a wrong choice gets.
 */
export function optionField<const K extends string, const T extends readonly Option[]>(
  key: K, list: T, message: string, shown: Shown = {},
) {
  const fact = shown.fact && { ...shown.fact, text: labelOf(list) };
  const required = shown.required ? message : undefined;
  const check = choice(list, message).optional();
  return field({ key, input: "text", check, group: shown.group, fact, required, options: list });
}

type ListShown = { label: string; none: string; required?: string };

/** A choice of several options, kept as a JSON list and shown by their labels (or `none`). */
export function listField<const K extends string, const T extends readonly Option[]>(
  key: K, list: T, message: string, group: GroupName, shown: ListShown,
) {
  const fact = { label: shown.label, section: "load" as const, text: labels(list, shown.none) };
  const check = choices(list, message);
  return field({ key, input: "list", check, group, ...listColumn, fact, required: shown.required, options: list });
}

export type NumberMessages = { notNumber: string; notWhole: string };
export type NumberBounds = { min: number; max: number; tooSmall: string; tooBig: string };

/** An optional whole number with its own messages. */
export function numberField<const K extends string>(
  key: K, group: GroupName, messages: NumberMessages, bounds: NumberBounds, shown: { fact?: Fact; required?: RequiredMessage } = {},
) {
  return field({ key, input: "text", group, check: wholeNumber(messages, bounds).optional(), ...shown });
}
