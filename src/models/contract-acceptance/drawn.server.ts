import { db } from "#db/client.server.ts";
import type { AcceptanceInput } from "#domain/contracts/acceptance.ts";
import { refused, refusedBase } from "#lib/result.server.ts";
import { type Accepted, type Award, ALREADY_SIGNED, recordAcceptance } from "#models/contract-acceptance.server.ts";
import { workRefusalFor } from "#models/compliance/work-refusal.server.ts";
import { ownStoredBlob } from "#models/uploads/owned.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Signing on our own signing page: the signer's name and a signature drawn there, uploaded just
// before the form is sent.

/** The award is past quoting: only the documents count here, not a job's minimum cover. */
const NO_MINIMUM_COVER = { minimumCargoCoverPence: null };

/**
 * Our own signing page's acceptance: the signer's name and their fresh drawn signature (422 without);
 * refused (422) while the carrier's documents do not count.
 */
export async function acceptAward(user: CurrentUser, award: Award, input: AcceptanceInput): Promise<Accepted> {
  if (award.acceptance) return refusedBase(ALREADY_SIGNED, 409);
  const lapsed = await workRefusalFor(award.carrierAccount.id, NO_MINIMUM_COVER, "accept this award");
  if (lapsed) return refusedBase(lapsed);
  const signature = await freshSignature(user, input.signature_signed_id);
  if (!signature) return refused({ signature: "Sign in the box to accept" });
  return recordAcceptance(award, {
    signerName: input.signer_name,
    signedAt: new Date(),
    signatureBlobId: signature.id,
    provider: "drawn",
    providerReference: null,
    signedById: user.id,
  });
}

/** The user's own just-drawn signature, not yet used for anything else. */
async function freshSignature(user: CurrentUser, signedId: string) {
  const blob = signedId ? await ownStoredBlob(user, signedId) : null;
  if (!blob || blob.use !== "signature") return null;
  const uses = [{ attachments: { some: {} } }, { signatureOf: { some: {} } }, { acceptanceSignatureOf: { some: {} } }];
  const used = await db().fileBlob.count({ where: { id: blob.id, OR: uses } });
  return used ? null : blob;
}
