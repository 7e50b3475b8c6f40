import { z } from "zod";
import { formatNumber } from "#domain/format/count.ts";

export const MESSAGE_MAX_LENGTH = 5_000;

/** A record id in JSON: a positive integer, or its digits as a string (as `dataset` gives them). */
const IdSchema = z.union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9][0-9]{0,14}$/).transform(Number)]);

export const MessageSchema = z.object({
  body: z
    .string({ error: "Write a message first" })
    .trim()
    .min(1, "Write a message first")
    .max(MESSAGE_MAX_LENGTH, `Keep messages under ${formatNumber(MESSAGE_MAX_LENGTH)} characters`),
});

/** A typing notice: load_id (absent or null for a job's conversation), job_id, and to_account_id. */
export const TypingEventSchema = z.object({
  load_id: IdSchema.nullish().transform((id) => id ?? null),
  job_id: IdSchema,
  to_account_id: IdSchema,
});

export type TypingEvent = z.infer<typeof TypingEventSchema>;
