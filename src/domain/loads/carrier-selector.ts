import { z } from "zod";
import { parseDateInput } from "#domain/format/date-input.ts";

// POST /loads_carrier_selector: {job_id, carrier_account_id, address: {city, country}, date},
// sent when the window date or location fields change; the answer replaces the selector's content.

const optionalId = z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().positive().optional());
const text = (max: number) => z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string().trim().max(max));

export function CarrierSelectorRequestSchema() {
  return z.object({
    job_id: z.coerce.number({ error: "job_id must be a job id" }).int().positive(),
    carrier_account_id: optionalId,
    address: z.preprocess((v) => v ?? {}, z.object({ city: text(120), country: text(80) })),
    date: z.preprocess(
      (v) => (v === null || v === undefined || v === "" ? null : v),
      z.string().nullable().transform((v, ctx) => {
        if (v === null) return null;
        const day = parseDateInput(v);
        if (!day) ctx.addIssue({ code: "custom", message: "date must be yyyy-mm-dd or dd/mm/yyyy" });
        return day;
      }),
    ),
  });
}

export type CarrierSelectorRequest = z.output<ReturnType<typeof CarrierSelectorRequestSchema>>;

/** Same place for the selector's hint: city names compared without case or spacing, country codes likewise. */
export function isSamePlace(a: { city: string | null; country: string | null }, b: { city: string; country: string }): boolean {
  const norm = (s: string | null) => (s ?? "").trim().toLowerCase().replace(/\s+/g, " ");
  if (!norm(b.city) || norm(a.city) !== norm(b.city)) return false;
  return !norm(b.country) || norm(a.country) === norm(b.country);
}
