import { z } from "zod";
import { responseSchema } from "./registry.ts";

// Errors as RFC 9457 problem details (application/problem+json). `type` names the kind of problem
// (a link into the reference page, where each is explained), `title` is the same for every problem
// of that kind, `detail` says what happened this time; a refused input lists each field's message.

export const PROBLEM_TYPES = {
  400: { slug: "bad-request", title: "The request could not be read" },
  401: { slug: "unauthorized", title: "A valid API key is needed" },
  403: { slug: "forbidden", title: "This key may not do that" },
  404: { slug: "not-found", title: "Not found" },
  409: { slug: "conflict", title: "The request conflicts with the record's state" },
  413: { slug: "too-large", title: "The request is too large" },
  415: { slug: "unsupported-media-type", title: "Send JSON" },
  422: { slug: "invalid", title: "The request has problems" },
  429: { slug: "rate-limited", title: "Too many requests" },
  500: { slug: "server-error", title: "Something went wrong on our side" },
} as const;

export type ProblemStatus = keyof typeof PROBLEM_TYPES;

export const FieldErrorSchema = responseSchema("FieldError", z.object({ field: z.string(), message: z.string() }));

export const ProblemSchema = responseSchema(
  "Problem",
  z.object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    errors: z.array(FieldErrorSchema).optional(),
  }),
  "RFC 9457 problem details",
);

export type ProblemBody = z.output<typeof ProblemSchema>;
export type FieldError = z.output<typeof FieldErrorSchema>;

const knownStatus = (status: number): ProblemStatus => (status in PROBLEM_TYPES ? (status as ProblemStatus) : status >= 500 ? 500 : 400);

export function problemBody(status: number, detail: string, errors?: FieldError[]): ProblemBody {
  const kind = PROBLEM_TYPES[knownStatus(status)];
  return { type: `/developers#problem-${kind.slug}`, title: kind.title, status, detail, ...(errors?.length ? { errors } : {}) };
}

/** Field messages keyed by dotted path ("pickups.0.city", "base" for the whole) as the problem's list and detail. */
export function fromFieldErrors(errors: Record<string, string>): { detail: string; errors: FieldError[] } {
  const list = Object.entries(errors)
    .filter(([field]) => field !== "base")
    .map(([field, message]) => ({ field, message }));
  const detail = errors.base ?? (list.length === 1 ? list[0]!.message : `${list.length} fields have problems; see errors`);
  return { detail, errors: list };
}
