import { db } from "#db/client.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { acceptanceSignedNotice, type AcceptanceInput } from "#domain/contracts/acceptance.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import { ownStoredBlob } from "#models/uploads/owned.server.ts";
import { deliverNotifications } from "#models/notifications.server.ts";
import { officeUsers } from "#models/team.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A contract job's award is accepted by each winning carrier's office signing for it, once per
// accepted quote. The acceptance (name, time, drawn signature or the hosted provider's reference) is
// a document of the award: both the carrier and the shipper can download it. A hosted provider's
// confirmation of a signing is in contract-acceptance/hosted.server.ts.

const acceptanceSelect = {
  id: true,
  signerName: true,
  signedAt: true,
  provider: true,
  providerReference: true,
  signatureBlobId: true,
  signature: { select: { key: true, contentType: true } },
  signedBy: { select: { name: true, email: true } },
} as const satisfies Prisma.ContractAcceptanceSelect;

export const awardSelect = {
  id: true,
  valueCents: true,
  carrierAccount: { select: { id: true, name: true } },
  job: { select: { id: true, reference: true, contractDuration: true, startDate: true, endDate: true, shipperAccount: { select: { id: true, name: true } } } },
  _count: { select: { loads: true } },
  acceptance: { select: acceptanceSelect },
} as const satisfies Prisma.QuoteSelect;

export type Award = Prisma.QuoteGetPayload<{ select: typeof awardSelect }>;
export type Acceptance = NonNullable<Award["acceptance"]>;

/** The award of a contract job to this user's carrier account (its accepted quote); 404 for anyone else. */
export async function requireAwardToSign(user: CurrentUser, jobId: unknown): Promise<Award> {
  const id = recordId(jobId);
  const quote = isOfficeOf("carrier", user)
    ? await db().quote.findFirst({ where: { jobId: id, carrierAccountId: user.accountId, status: "accepted", job: { jobType: "contract" } }, select: awardSelect })
    : null;
  return found(quote);
}

/** A signed acceptance by its id, for either side of it (the carrier's office, the job's shipper); 404 for others. */
export async function requireAcceptanceFor(user: CurrentUser, acceptanceId: unknown): Promise<Award & { acceptance: Acceptance }> {
  const side = isOfficeOf("shipper", user) ? { job: { shipperAccountId: user.accountId } } : isOfficeOf("carrier", user) ? { carrierAccountId: user.accountId } : null;
  const quote = side ? await db().quote.findFirst({ where: { acceptance: { id: recordId(acceptanceId) }, ...side }, select: awardSelect }) : null;
  return found(quote?.acceptance ? { ...quote, acceptance: quote.acceptance } : null);
}

/**
 * The signed acceptances of a contract job: all of them for its shipper, its own for a winning
 * carrier's office; 404 for anyone else.
 */
export async function requireAcceptancesOf(user: CurrentUser, jobId: unknown) {
  const id = recordId(jobId);
  if (isOfficeOf("shipper", user)) found((await db().job.count({ where: { id, shipperAccountId: user.accountId, jobType: "contract" } })) > 0);
  else await requireAwardToSign(user, id);
  const side = isOfficeOf("shipper", user) ? {} : { carrierAccountId: user.accountId };
  return db().contractAcceptance.findMany({
    where: { jobId: id, ...side },
    select: { id: true, signerName: true, signedAt: true, carrierAccount: { select: { name: true } } },
    orderBy: { id: "asc" },
  });
}

const ALREADY_SIGNED = "This award has already been signed for";

/** Our own signing page's acceptance: the signer's name and their fresh drawn signature (422 without). */
export async function acceptAward(user: CurrentUser, award: Award, input: AcceptanceInput): Promise<Result<{ acceptanceId: number }>> {
  if (award.acceptance) return refusedBase(ALREADY_SIGNED, 409);
  const signature = await freshSignature(user, input.signature_signed_id);
  if (!signature) return refused({ signature: "Sign in the box to accept" });
  return recordAcceptance(award, { signerName: input.signer_name, signedAt: new Date(), signatureBlobId: signature.id, provider: "drawn", providerReference: null, signedById: user.id });
}

export type AcceptanceRecord = { signerName: string; signedAt: Date; signatureBlobId: number | null; provider: "drawn" | "hosted"; providerReference: string | null; signedById: number };

/** Stores the acceptance once per award (a second answers 409) and tells the shipper's office: every way of signing ends here. */
export async function recordAcceptance(award: Award, record: AcceptanceRecord): Promise<Result<{ acceptanceId: number }>> {
  if (award.acceptance) return refusedBase(ALREADY_SIGNED, 409);
  try {
    const created = await db().contractAcceptance.create({
      data: { quoteId: award.id, jobId: award.job.id, carrierAccountId: award.carrierAccount.id, ...record },
      select: { id: true },
    });
    await tellShipper(award);
    return ok({ acceptanceId: created.id });
  } catch (error) {
    if ((error as { code?: unknown })?.code === "P2002") return refusedBase(ALREADY_SIGNED, 409);
    throw error;
  }
}

/** The user's own just-drawn signature, not yet used for anything else. */
async function freshSignature(user: CurrentUser, signedId: string) {
  const blob = signedId ? await ownStoredBlob(user, signedId) : null;
  if (!blob || blob.use !== "signature") return null;
  const used = await db().fileBlob.count({ where: { id: blob.id, OR: [{ attachments: { some: {} } }, { signatureOf: { some: {} } }, { acceptanceSignatureOf: { some: {} } }] } });
  return used ? null : blob;
}

async function tellShipper(award: Award): Promise<void> {
  const userIds = await officeUsers([award.job.shipperAccount.id]);
  const notice = acceptanceSignedNotice({ jobId: award.job.id, reference: award.job.reference, carrierName: award.carrierAccount.name, loads: award._count.loads });
  await deliverNotifications(userIds.map((userId) => ({ userId, ...notice })));
}
