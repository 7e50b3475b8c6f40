import { type JobFormData, type JobFormResult } from "#domain/jobs/form/parse.ts";

/** The data of a form that must be valid; a refusal fails the test with its messages. */
export function data(result: JobFormResult): JobFormData {
  if (!result.ok) throw new Error(`expected a valid form, got ${JSON.stringify(result.errors)}`);
  return result.data;
}

/** The messages of a form that must be refused. */
export function errors(result: JobFormResult): Record<string, string> {
  if (result.ok) throw new Error("expected the form to be refused");
  return result.errors;
}
