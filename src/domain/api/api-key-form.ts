import { z } from "zod";
import { API_SCOPES, type ApiScope } from "./scopes.ts";

// The "Create an API key" form: a name to recognise it by, at least one scope, and an optional last
// day. Keys are shown once: `ll_live_` and 32 letters and digits, so a leaked one is recognisable.

export const KEY_PREFIX = "ll_live_";
export const KEY_BODY_LENGTH = 32;
/** What the list shows of a key: enough to tell keys apart, too little to use. */
export const SHOWN_PREFIX_LENGTH = 12;
export const MAX_KEY_NAME = 80;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function listOf(value: unknown): unknown {
  if (value === undefined || value === null || value === "") return [];
  return Array.isArray(value) ? value : [value];
}

function blankToUndefined(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : typeof value === "string" ? value.trim() : value;
}

/** The key stops working at the end of this day (UTC); a day already over is refused. */
function expiryOf(today: string) {
  return z.preprocess(
    blankToUndefined,
    z
      .string({ error: "Enter the expiry date as a date, for example 2027-03-31" })
      .regex(DATE, { error: "Enter the expiry date as a date, for example 2027-03-31" })
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), {
        error: "Enter a real date",
      })
      .refine((day) => day >= today, { error: "The expiry date must be today or later" })
      .optional(),
  );
}

export function apiKeyFormSchema(now: number) {
  const today = new Date(now).toISOString().slice(0, 10);
  return z
    .object({
      name: z.preprocess(
        blankToUndefined,
        z
          .string({ error: "Enter a name for the key" })
          .max(MAX_KEY_NAME, { error: `Keep the name to ${MAX_KEY_NAME} characters or fewer` }),
      ),
      scopes: z.preprocess(
        listOf,
        z
          .array(z.enum(API_SCOPES, { error: "Choose scopes from the list" }), { error: "Choose scopes from the list" })
          .min(1, { error: "Choose at least one scope" }),
      ),
      expires_on: expiryOf(today),
    })
    .transform(({ name, scopes, expires_on }) => ({
      name,
      scopes: [...new Set(scopes)] as ApiScope[],
      expiresAt: expires_on ? new Date(Date.parse(`${expires_on}T00:00:00Z`) + 86_400_000) : null,
    }));
}

export type ApiKeyInput = z.output<ReturnType<typeof apiKeyFormSchema>>;
