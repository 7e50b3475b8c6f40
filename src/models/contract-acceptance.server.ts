import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { parseSigningReference, type AcceptanceInput, type HostedCompletion } from "#domain/contracts/acceptance.ts";
import { count } from "#domain/format/count.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import { ownStoredBlob } from "#models/attachments.server.ts";
import { deliverNotifications } from "#models/notifications.server.ts";
import { officeUsers } from "#models/notifications/notify.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";

// A contract job's award is accepted by each winning carrier's office signing for it, once per
// accepted quote. The acceptance (name, time, drawn signature or the hosted provider's reference) is
// a document of the award: both the carrier and the shipper can download it.

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

const awardSelect = {
  id: true,
  valueCents: true,
  carrierAccount: { select: { id: true, name: true } },
  job: { select: { id: true, reference: true, contractDuration: true, startDate: true, endDate: true, shipperAccount: { select: { id: true, name: true } } } },
  _count: { select: { loads: true } },
  acceptance: { select: acceptanceSelect },
} as const satisfies Prisma.QuoteSelect;

export type Award = Prisma.QuoteGetPayload<{ select: typeof awardSelect }>;
export type Acceptance = NonNullable<Award["acceptance"]>;

const isCarrierOffice = (user: CurrentUser) => isOfficeOf("carrier", user);
const isShipperOffice = (user: CurrentUser) => isOfficeOf("shipper", user);

/** The award of a contract job to this user's carrier account (its accepted quote); 404 for anyone else. */
export async function requireAwardToSign(user: CurrentUser, jobId: unknown): Promise<Award> {
  const id = recordId(jobId);
  const quote = isCarrierOffice(user)
    ? await db().quote.findFirst({ where: { jobId: id, carrierAccountId: user.accountId, status: "accepted", job: { jobType: "contract" } }, select: awardSelect })
    : null;
  return found(quote);
}

/** A signed acceptance by its id, for either side of it (the carrier's office, the job's shipper); 404 for others. */
export async function requireAcceptanceFor(user: CurrentUser, acceptanceId: unknown): Promise<Award & { acceptance: Acceptance }> {
  const side = isShipperOffice(user) ? { job: { shipperAccountId: user.accountId } } : isCarrierOffice(user) ? { carrierAccountId: user.accountId } : null;
  const quote = side ? await db().quote.findFirst({ where: { acceptance: { id: recordId(acceptanceId) }, ...side }, select: awardSelect }) : null;
  return found(quote?.acceptance ? { ...quote, acceptance: quote.acceptance } : null);
}

/**
 * The signed acceptances of a contract job: all of them for its shipper, its own for a winning
 * carrier's office; 404 for anyone else.
 */
export async function requireAcceptancesOf(user: CurrentUser, jobId: unknown) {
  const id = recordId(jobId);
  if (isShipperOffice(user)) found((await db().job.count({ where: { id, shipperAccountId: user.accountId, jobType: "contract" } })) > 0);
  else await requireAwardToSign(user, id);
  const side = isShipperOffice(user) ? {} : { carrierAccountId: user.accountId };
  return db().contractAcceptance.findMany({
    where: { jobId: id, ...side },
    select: { id: true, signerName: true, signedAt: true, carrierAccount: { select: { name: true } } },
    orderBy: { id: "asc" },
  });
}

const ALREADY_SIGNED = "This award has already been signed for";
const OFFICE_ROLES = ["admin", "member"];
const NOT_AWAITED = "No award is waiting for this signature";

/** Our own signing page's acceptance: the signer's name and their fresh drawn signature (422 without). */
export async function acceptAward(user: CurrentUser, award: Award, input: AcceptanceInput): Promise<Result<{ acceptanceId: number }>> {
  if (award.acceptance) return refusedBase(ALREADY_SIGNED, 409);
  const signature = await freshSignature(user, input.signature_signed_id);
  if (!signature) return refused({ signature: "Sign in the box to accept" });
  return recordAcceptance(award, { signerName: input.signer_name, signedAt: new Date(), signatureBlobId: signature.id, provider: "drawn", providerReference: null, signedById: user.id });
}

/**
 * A hosted provider's confirmation that a signing is complete (its signature already checked by the
 * caller; the carrier's browser is never believed). The reference names the award and the carrier
 * user who asked to sign: 404 unless that is an accepted quote of a contract job and the user is
 * still in its carrier's office; 409 when the award was signed for another way. A repeat of a
 * confirmation already recorded answers ok again: providers retry.
 */
export async function acceptHostedSigning(completion: HostedCompletion): Promise<Result<{ acceptanceId: number }>> {
  const named = found(parseSigningReference(completion.reference), NOT_AWAITED);
  const award = found(await db().quote.findFirst({ where: { id: named.quoteId, status: "accepted", job: { jobType: "contract" } }, select: awardSelect }), NOT_AWAITED);
  const isThisSigning = (acceptance: { provider: string; providerReference: string | null }) => acceptance.provider === "hosted" && acceptance.providerReference === completion.reference;
  if (award.acceptance && isThisSigning(award.acceptance)) return ok({ acceptanceId: award.acceptance.id });
  const signer = found(
    await db().user.findFirst({ where: { id: named.userId, accountId: award.carrierAccount.id, role: { in: OFFICE_ROLES }, removedAt: null }, select: { id: true } }),
    NOT_AWAITED,
  );
  const signedAt = completion.signed_at ? new Date(completion.signed_at) : new Date();
  const accepted = await recordAcceptance(award, { signerName: completion.signer_name, signedAt, signatureBlobId: null, provider: "hosted", providerReference: completion.reference, signedById: signer.id });
  if (accepted.ok || accepted.status !== 409) return accepted;
  // The same confirmation delivered twice at once: the other delivery recorded it.
  const recorded = await db().contractAcceptance.findUnique({ where: { quoteId: award.id }, select: { id: true, provider: true, providerReference: true } });
  return recorded && isThisSigning(recorded) ? ok({ acceptanceId: recorded.id }) : accepted;
}

type AcceptanceRecord = { signerName: string; signedAt: Date; signatureBlobId: number | null; provider: "drawn" | "hosted"; providerReference: string | null; signedById: number };

/** Stores the acceptance once per award (a second answers 409) and tells the shipper's office: every way of signing ends here. */
async function recordAcceptance(award: Award, record: AcceptanceRecord): Promise<Result<{ acceptanceId: number }>> {
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
  const title = `${award.carrierAccount.name} signed to accept ${award.job.reference}`;
  const body = `They accept ${count(award._count.loads, "load")} of the contract. The signed acceptance is on the job page.`;
  await deliverNotifications(userIds.map((userId) => ({ userId, kind: "awarded" as const, title, body, path: `/jobs/${award.job.id}` })));
}
