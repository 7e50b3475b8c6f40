import { z } from "zod";

// A carrier's compliance documents: its operator licence (number, type, expiry) and its
// goods-in-transit insurance (insurer, cover in whole pounds, expiry). A carrier is "current" when
// it has both and neither has expired; it is reminded 30 and 7 days before each expiry.

export const COMPLIANCE_KINDS = ["operator_licence", "goods_in_transit"] as const;
export type ComplianceKind = (typeof COMPLIANCE_KINDS)[number];
export const COMPLIANCE_LABELS: Record<ComplianceKind, string> = { operator_licence: "Operator licence", goods_in_transit: "Goods-in-transit insurance" };

export const LICENCE_TYPES = { standard_national: "Standard national", standard_international: "Standard international", restricted: "Restricted" } as const;
export type LicenceType = keyof typeof LICENCE_TYPES;

/** Days before an expiry on which the carrier is reminded. */
export const REMINDER_DAYS = [30, 7] as const;
export type ReminderDay = (typeof REMINDER_DAYS)[number];

const DAY_MS = 86_400_000;
const MAX_COVER_POUNDS = 10_000_000;

const expiryDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter the expiry date")
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, "Enter a real date")
  .transform((value) => new Date(`${value}T00:00:00Z`));
const certificate = z.string().trim().max(4096).optional().transform((value) => value || undefined);

export const OperatorLicenceSchema = z.object({
  reference: z.string().trim().toUpperCase().regex(/^[A-Z]{1,2}\d{6,8}$/, "Enter the licence number, for example OB1234567"),
  licence_type: z.enum(Object.keys(LICENCE_TYPES) as [LicenceType, ...LicenceType[]], { message: "Choose the licence type" }),
  expires_on: expiryDate,
  certificate_signed_id: certificate,
});

export const InsuranceSchema = z.object({
  reference: z.string().trim().min(1, "Enter the insurer").max(100, "Keep the insurer to 100 characters"),
  cover: z
    .string()
    .trim()
    .regex(/^£?\s*\d{1,3}(,?\d{3})*$/, "Enter the cover in whole pounds, for example 50,000")
    .transform((value) => Number(value.replace(/[£,\s]/g, "")))
    .refine((pounds) => pounds >= 1 && pounds <= MAX_COVER_POUNDS, "Enter a cover between £1 and £10,000,000"),
  expires_on: expiryDate,
  certificate_signed_id: certificate,
});

export const COMPLIANCE_SCHEMAS = { operator_licence: OperatorLicenceSchema, goods_in_transit: InsuranceSchema } as const;

export type StoredDocument = { kind: string; expiresOn: Date };
export type Standing = { state: "current" | "expired" | "missing"; expiringSoon: boolean; label: string };

const startOfDay = (now: Date) => Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
/** Whole days from today until the expiry (0 on the day itself, negative once past). */
export const daysUntil = (expiresOn: Date, now: Date) => Math.round((startOfDay(expiresOn) - startOfDay(now)) / DAY_MS);

/** Whether a carrier's documents are all there and in date (a document is good through its expiry day). */
export function standingOf(documents: readonly StoredDocument[], now: Date): Standing {
  const byKind = COMPLIANCE_KINDS.map((kind) => documents.find((document) => document.kind === kind));
  if (byKind.some((document) => !document)) return { state: "missing", expiringSoon: false, label: "Documents missing" };
  const days = byKind.map((document) => daysUntil(document!.expiresOn, now));
  if (days.some((left) => left < 0)) return { state: "expired", expiringSoon: false, label: "Documents expired" };
  return { state: "current", expiringSoon: days.some((left) => left <= REMINDER_DAYS[0]), label: "Documents current" };
}

/** The reminder due now for a document (the nearest one not yet sent), or null. */
export function reminderDue(document: { expiresOn: Date; reminded30At: Date | null; reminded7At: Date | null }, now: Date): ReminderDay | null {
  const left = daysUntil(document.expiresOn, now);
  if (left < 0) return null;
  if (left <= 7 && !document.reminded7At) return 7;
  if (left <= 30 && left > 7 && !document.reminded30At) return 30;
  return null;
}
