// What every model write answers: success with what the caller needs, or messages keyed by the field
// they belong beside ("base" for the form as a whole). `status` says when a refusal is a conflict
// (the record changed meanwhile) rather than bad input.

export type FieldErrors = Record<string, string>;
export type Refusal = { ok: false; errors: FieldErrors; status: 409 | 422 };
export type Result<T extends object = object> = ({ ok: true } & T) | Refusal;

export function ok(): { ok: true };
export function ok<T extends object>(value: T): { ok: true } & T;
export function ok(value: object = {}) {
  return { ok: true as const, ...value };
}

export function refused(errors: FieldErrors, status: 409 | 422 = 422): Refusal {
  return { ok: false, errors, status };
}

/** Refused as a whole, not because of one field. */
export const refusedBase = (message: string, status: 409 | 422 = 422) => refused({ base: message }, status);

/** Not done yet: the person is asked again, with these warnings, and may send the form once more to go on (422). */
export type Warned = Refusal & { warnings: string[] };
export const warned = (warnings: string[]): Warned => ({ ok: false, errors: {}, status: 422, warnings });
export const isWarned = (outcome: Result | Warned): outcome is Warned => !outcome.ok && "warnings" in outcome;
