import { z } from "zod";

// Proof of delivery: who received the goods, and at least one photo or their signature drawn on the
// phone; the position if the phone gave it (both coordinates or neither). The time is the server's.

export const PROOF_MISSING = "Add at least one photo or the recipient's signature";
export const RECIPIENT_MISSING = "Enter the name of the person who received the goods";
export const MAX_PROOF_PHOTOS = 20;

const signedId = z.string().trim().max(4096);
const coordinate = (limit: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => (value === undefined || value === "" ? undefined : Number(value)))
    .refine((value) => value === undefined || (Number.isFinite(value) && Math.abs(value) <= limit), "The position is not a place on Earth");

export const ProofInputSchema = z
  .object({
    recipient_name: z.string().trim().min(1, RECIPIENT_MISSING).max(100, "Keep the name to 100 characters"),
    signature_signed_id: signedId.optional().transform((value) => value || undefined),
    blob_signed_ids: z
      .array(signedId)
      .max(MAX_PROOF_PHOTOS, `Add at most ${MAX_PROOF_PHOTOS} photos`)
      .optional()
      .transform((ids) => (ids ?? []).filter(Boolean)),
    latitude: coordinate(90),
    longitude: coordinate(180),
  })
  .superRefine((input, ctx) => {
    if (!input.signature_signed_id && input.blob_signed_ids.length === 0) ctx.addIssue({ code: "custom", path: ["base"], message: PROOF_MISSING });
    if ((input.latitude === undefined) !== (input.longitude === undefined)) ctx.addIssue({ code: "custom", path: ["latitude"], message: "The position needs both coordinates" });
  });
export type ProofInput = z.infer<typeof ProofInputSchema>;
