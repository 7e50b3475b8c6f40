import type { z } from "zod";
import { fieldErrors } from "#domain/auth/account-forms.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";

/** Posted input read by its schema: the data, or the messages to show beside each field (422). */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): Result<{ data: z.output<T> }> {
  const parsed = schema.safeParse(input ?? {});
  return parsed.success ? ok({ data: parsed.data }) : refused(fieldErrors(parsed.error));
}

const MAX_PAGE = 10_000;

/** `?page=` as a page number from 1 to 10,000; anything unreadable is the first page. */
export function pageNumber(value: unknown): number {
  const page = typeof value === "string" && /^[0-9]{1,5}$/.test(value) ? Number(value) : 1;
  return Math.min(Math.max(page, 1), MAX_PAGE);
}
