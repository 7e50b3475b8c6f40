import { z } from "zod";
import { count } from "#domain/format/count.ts";
import type { NotificationContent } from "#domain/messaging/notification-content.ts";

// The acceptance form of a contract award, as the signing page filled it (the server's check), the
// reference a signing is known by, and what a hosted signing provider reports when a signing is
// complete. What the signing page reports in the browser is in signing-events.ts.

export const SIGNER_NAME_MAX = 100;

const signerName = z.string({ error: "Enter your full name" }).trim().min(1, "Enter your full name").max(SIGNER_NAME_MAX, `Keep the name under ${SIGNER_NAME_MAX} characters`);

/** The acceptance form as our own signing page filled it. */
export const AcceptanceSchema = z.object({
  signer_name: signerName,
  signature_signed_id: z.string().trim().max(2_000).catch(""),
});
export type AcceptanceInput = z.infer<typeof AcceptanceSchema>;

const REFERENCE_PREFIX = "loadline-acceptance-";
// Both ids are database keys: positive and within a 32-bit integer column.
const ID_MAX = 2_147_483_647;

/**
 * The reference a hosted signing is known by: the accepted quote and the carrier user who asked to
 * sign, so the provider's confirmation says whose acceptance it is (an acceptance names who signed it).
 */
export const signingReference = (quoteId: number, userId: number) => `${REFERENCE_PREFIX}${quoteId}-${userId}`;

/** The quote and user a signing reference names, or null for anything signingReference never makes. */
export function parseSigningReference(reference: string): { quoteId: number; userId: number } | null {
  const match = /^loadline-acceptance-([1-9]\d{0,9})-([1-9]\d{0,9})$/.exec(reference);
  if (!match) return null;
  const [quoteId, userId] = [Number(match[1]), Number(match[2])];
  return quoteId <= ID_MAX && userId <= ID_MAX ? { quoteId, userId } : null;
}

/** A hosted provider's signing page for this signing: its URL template with {reference} filled in. */
export const hostedSigningUrl = (template: string, reference: string) => template.replaceAll("{reference}", encodeURIComponent(reference));

/**
 * What the hosted provider posts to us, server to server, once a signing is complete (its signature
 * is checked before this is read). `signed_at` is when the signer signed; without it, on arrival.
 */
export const HostedCompletionSchema = z.object({
  event: z.literal("completed", { error: 'must be "completed"' }),
  reference: z.string({ error: "must be a signing's reference" }).max(200, "must be a signing's reference"),
  signer_name: signerName,
  signed_at: z.iso.datetime({ offset: true, error: "must be an ISO 8601 time" }).optional(),
});
export type HostedCompletion = z.infer<typeof HostedCompletionSchema>;

/** What the shipper's office hears once a winning carrier has signed: who, for which job, and where the acceptance is. */
export function acceptanceSignedNotice(f: { jobId: number; reference: string; carrierName: string; loads: number }): NotificationContent {
  return {
    kind: "awarded",
    title: `${f.carrierName} signed to accept ${f.reference}`,
    body: `They accept ${count(f.loads, "load")} of the contract. The signed acceptance is on the job page.`,
    path: `/jobs/${f.jobId}`,
  };
}
