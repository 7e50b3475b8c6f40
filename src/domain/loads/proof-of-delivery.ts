import { z } from "zod";
import { bothCoordinates, handoverFields } from "./handover-input.ts";

// Proof of delivery: who received the goods, and at least one photo or their signature drawn on the
// phone; the position if the phone gave it (both coordinates or neither), and `confirmed` once the
// driver has read the warnings and delivers anyway. The time is the server's.

export const PROOF_MISSING = "Add at least one photo or the recipient's signature";
export const RECIPIENT_MISSING = "Enter the name of the person who received the goods";
export const MAX_PROOF_PHOTOS = 20;

const signedId = z.string().trim().max(4096);

export const ProofInputSchema = z
  .object({
    recipient_name: z.string().trim().min(1, RECIPIENT_MISSING).max(100, "Keep the name to 100 characters"),
    signature_signed_id: signedId.optional().transform((value) => value || undefined),
    blob_signed_ids: z
      .array(signedId)
      .max(MAX_PROOF_PHOTOS, `Add at most ${MAX_PROOF_PHOTOS} photos`)
      .optional()
      .transform((ids) => (ids ?? []).filter(Boolean)),
    ...handoverFields,
  })
  .superRefine((input, ctx) => {
    if (!input.signature_signed_id && input.blob_signed_ids.length === 0) ctx.addIssue({ code: "custom", path: ["base"], message: PROOF_MISSING });
    bothCoordinates(input, ctx);
  });
export type ProofInput = z.infer<typeof ProofInputSchema>;
