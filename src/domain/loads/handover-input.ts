import { z } from "zod";
import type { Point } from "./handover-checks.ts";

// What the hand-over forms (mark collected, confirm delivery) post besides their own fields: the
// phone's position when it gave one (both coordinates or neither), and `confirmed=1` once the person
// has read the app's warnings (src/domain/loads/handover-checks.ts) and goes on anyway.

export const POSITION_OFF_EARTH = "The position is not a place on Earth";
export const POSITION_HALVED = "The position needs both coordinates";

const coordinate = (limit: number) =>
  z
    .union([z.string().max(40), z.number()])
    .optional()
    .transform((value) => (value === undefined || value === "" ? undefined : Number(value)))
    .refine((value) => value === undefined || (Number.isFinite(value) && Math.abs(value) <= limit), POSITION_OFF_EARTH);

export const handoverFields = {
  latitude: coordinate(90),
  longitude: coordinate(180),
  confirmed: z.unknown().optional().transform((value) => value === "1" || value === 1 || value === true || value === "true"),
};

/** Adds the "both coordinates or neither" message to a schema holding handoverFields. */
export function bothCoordinates(input: { latitude?: number; longitude?: number }, ctx: z.RefinementCtx): void {
  if ((input.latitude === undefined) !== (input.longitude === undefined)) ctx.addIssue({ code: "custom", path: ["latitude"], message: POSITION_HALVED });
}

/** Marking a load collected: only the hand-over fields. */
export const CollectionInputSchema = z.object(handoverFields).superRefine(bothCoordinates);
export type CollectionInput = z.output<typeof CollectionInputSchema>;

/** The phone's position from the posted fields, when it gave one. */
export function positionOf(input: { latitude?: number; longitude?: number }): Point | null {
  return input.latitude === undefined || input.longitude === undefined ? null : { latitude: input.latitude, longitude: input.longitude };
}
