import { z } from "zod";

// The acceptance form of a contract award, as the signing page filled it (the server's check), and
// the reference a signing is known by. What the signing page reports is in signing-events.ts.

export const SIGNER_NAME_MAX = 100;

/** The acceptance form as the signing page filled it. */
export const AcceptanceSchema = z.object({
  signer_name: z.string({ error: "Enter your full name" }).trim().min(1, "Enter your full name").max(SIGNER_NAME_MAX, `Keep the name under ${SIGNER_NAME_MAX} characters`),
  signature_signed_id: z.string().trim().max(2_000).catch(""),
  reference: z.string().trim().max(200).catch(""),
});
export type AcceptanceInput = z.infer<typeof AcceptanceSchema>;

/** The reference a signing is known by, to a hosted provider too: one per accepted quote. */
export const signingReference = (quoteId: number) => `loadline-acceptance-${quoteId}`;

/** A hosted provider's signing page for this signing: its URL template with {reference} filled in. */
export const hostedSigningUrl = (template: string, reference: string) => template.replaceAll("{reference}", encodeURIComponent(reference));
