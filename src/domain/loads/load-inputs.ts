import { z } from "zod";
import { parseDateInput } from "#domain/format/date-input.ts";

// What the load page's forms post. Ids arrive as text; a blank choice means "none".

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** A record id typed as text ("12"); anything else gets `message`. */
export const idText = (message: string) => z.string({ error: message }).trim().regex(/^[1-9][0-9]{0,14}$/, { error: message }).transform(Number);

export const DriverChoiceSchema = z.object({
  driver_id: z.preprocess((value) => (blank(value) ? null : value), idText("Choose one of your drivers").nullable()),
});

export const LoadStatusChangeSchema = z.object({
  status: z.string({ error: "Choose what happened to the load" }).trim().max(40, { error: "Choose what happened to the load" }),
});

const pickupDate = z.string({ error: "Enter a real date" }).transform((text, ctx) => {
  const day = parseDateInput(text);
  if (!day) ctx.addIssue({ code: "custom", message: "Enter a real date" });
  return day ? new Date(`${day}T00:00:00Z`) : z.NEVER;
});

export const LoadMoveSchema = z
  .object({
    carrier_account_id: idText("Choose a carrier whose quote you accepted"),
    pickup_date: z.preprocess((value) => (blank(value) ? null : value), pickupDate.nullable()),
  })
  .transform((input) => ({ carrierAccountId: input.carrier_account_id, pickupDate: input.pickup_date }));
