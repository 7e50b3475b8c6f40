import { z } from "zod";

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const ACCOUNT_KINDS = ["shipper", "carrier"] as const;
export type SignupAccountKind = (typeof ACCOUNT_KINDS)[number];

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Enter your email address")
  .max(254, "Email address is too long")
  .pipe(z.email("Enter an email address like name@company.co.uk"));

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const SignupSchema = z.object({
  account_kind: z.enum(ACCOUNT_KINDS, "Choose shipper or carrier"),
  company_name: z.string().trim().min(1, "Enter your company name").max(120, "Company name is too long"),
  name: z.string().trim().min(1, "Enter your name").max(120, "Name is too long"),
  email,
  password: PasswordSchema,
});
export type SignupInput = z.infer<typeof SignupSchema>;

/** A support user made by the operator's command (there is no sign-up for support staff). */
export const SupportUserSchema = z.object({
  name: z.string().trim().min(1, "Enter the support user's name").max(120, "Name is too long"),
  email,
});
export type SupportUserInput = z.infer<typeof SupportUserSchema>;

export const LoginSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).default(""),
  password: z.string().max(PASSWORD_MAX_LENGTH).default(""),
});

export type FieldErrors = Record<string, string>;

/** The first message for each field, keyed by its dotted path, ready to show beside the field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "base";
    errors[key] ??= issue.message;
  }
  return errors;
}
