import { db } from "#db/client.server.ts";
import { OFFICE_ROLES } from "#domain/accounts/team.ts";
import { parseSigningReference, type HostedCompletion } from "#domain/contracts/acceptance.ts";
import { found } from "#lib/errors.server.ts";
import { ok, refusedBase, type Result } from "#lib/result.server.ts";
import { workRefusalFor } from "#models/compliance/work-refusal.server.ts";
import { awardSelect, recordAcceptance } from "#models/contract-acceptance.server.ts";

// A signing on a hosted provider's page is recorded only from the provider's own confirmation, sent
// server to server (src/routes/signature-callback.server.ts checks its signature first).

const NOT_AWAITED = "No award is waiting for this signature";

type SigningOf = { provider: string; providerReference: string | null };

/**
 * A hosted provider's confirmation that a signing is complete (its signature already checked by the
 * caller; the carrier's browser is never believed). The reference names the award and the carrier
 * user who asked to sign: 404 unless that is an accepted quote of a contract job and the user is
 * still in its carrier's office; 409 when the award was signed for another way. A repeat of a
 * confirmation already recorded answers ok again: providers retry.
 */
export async function acceptHostedSigning(completion: HostedCompletion): Promise<Result<{ acceptanceId: number }>> {
  const named = found(parseSigningReference(completion.reference), NOT_AWAITED);
  const where = { id: named.quoteId, status: "accepted", job: { jobType: "contract" } };
  const award = found(await db().quote.findFirst({ where, select: awardSelect }), NOT_AWAITED);
  const isThisSigning = (acceptance: SigningOf) =>
    acceptance.provider === "hosted" && acceptance.providerReference === completion.reference;
  if (award.acceptance && isThisSigning(award.acceptance)) return ok({ acceptanceId: award.acceptance.id });
  const signer = found(
    await db().user.findFirst({
      where: { id: named.userId, accountId: award.carrierAccount.id, role: { in: [...OFFICE_ROLES] }, removedAt: null },
      select: { id: true },
    }),
    NOT_AWAITED,
  );
  // Documents that count: a carrier whose licence or insurance lapsed cannot accept by any way.
  const lapsed = await workRefusalFor(award.carrierAccount.id, { minimumCargoCoverPence: null }, "accept this award");
  if (lapsed) return refusedBase(lapsed);
  const signedAt = completion.signed_at ? new Date(completion.signed_at) : new Date();
  const accepted = await recordAcceptance(award, {
    signerName: completion.signer_name,
    signedAt,
    signatureBlobId: null,
    provider: "hosted",
    providerReference: completion.reference,
    signedById: signer.id,
  });
  if (accepted.ok || accepted.status !== 409) return accepted;
  // The same confirmation delivered twice at once: the other delivery recorded it.
  const recorded = await db().contractAcceptance.findUnique({
    where: { quoteId: award.id },
    select: { id: true, provider: true, providerReference: true },
  });
  return recorded && isThisSigning(recorded) ? ok({ acceptanceId: recorded.id }) : accepted;
}
