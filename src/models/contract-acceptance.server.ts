import { db } from "#db/client.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { acceptanceSignedNotice } from "#domain/contracts/acceptance.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { ok, refusedBase, type Result } from "#lib/result.server.ts";
import { deliverNotifications } from "#models/notifications.server.ts";
import { officeUsers } from "#models/team.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A contract job's award is accepted by each winning carrier's office signing for it, once per
// accepted quote. The acceptance (name, time, drawn signature or the hosted provider's reference) is
// a document of the award: both the carrier and the shipper can download it. Signing on our own page
// (a drawn signature) is in contract-acceptance/drawn.server.ts, a hosted provider's confirmation in
// contract-acceptance/hosted.server.ts; both end in recordAcceptance.

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
  job: {
    select: {
      id: true, reference: true, contractDuration: true, startDate: true, endDate: true,
      shipperAccount: { select: { id: true, name: true } },
    },
  },
  _count: { select: { loads: true } },
  acceptance: { select: acceptanceSelect },
} as const satisfies Prisma.QuoteSelect;

export type Award = Prisma.QuoteGetPayload<{ select: typeof awardSelect }>;
export type Acceptance = NonNullable<Award["acceptance"]>;

/** The award of a contract job to this user's carrier account (its accepted quote); 404 for anyone else. */
export async function requireAwardToSign(user: CurrentUser, jobId: unknown): Promise<Award> {
  const id = recordId(jobId);
  found(isOfficeOf("carrier", user));
  const where = { jobId: id, carrierAccountId: user.accountId, status: "accepted", job: { jobType: "contract" } };
  return found(await db().quote.findFirst({ where, select: awardSelect }));
}

type SignedAward = Award & { acceptance: Acceptance };

/** The awards this person may see the acceptances of: their shipper's jobs', or their carrier's own. */
function sideOf(user: CurrentUser) {
  if (isOfficeOf("shipper", user)) return { job: { shipperAccountId: user.accountId } };
  return isOfficeOf("carrier", user) ? { carrierAccountId: user.accountId } : null;
}

/** A signed acceptance by its id, for either side of it (the carrier's office, the job's shipper); 404 for others. */
export async function requireAcceptanceFor(user: CurrentUser, acceptanceId: unknown): Promise<SignedAward> {
  const side = sideOf(user);
  const where = { acceptance: { id: recordId(acceptanceId) }, ...side };
  const quote = side ? await db().quote.findFirst({ where, select: awardSelect }) : null;
  return found(quote?.acceptance ? { ...quote, acceptance: quote.acceptance } : null);
}

/**
 * The signed acceptances of a contract job: all of them for its shipper, its own for a winning
 * carrier's office; 404 for anyone else.
 */
export async function requireAcceptancesOf(user: CurrentUser, jobId: unknown) {
  const id = recordId(jobId);
  const ownContract = { id, shipperAccountId: user.accountId, jobType: "contract" };
  if (isOfficeOf("shipper", user)) found((await db().job.count({ where: ownContract })) > 0);
  else await requireAwardToSign(user, id);
  const side = isOfficeOf("shipper", user) ? {} : { carrierAccountId: user.accountId };
  return db().contractAcceptance.findMany({
    where: { jobId: id, ...side },
    select: { id: true, signerName: true, signedAt: true, carrierAccount: { select: { name: true } } },
    orderBy: { id: "asc" },
  });
}

export const ALREADY_SIGNED = "This award has already been signed for";

export type Accepted = Result<{ acceptanceId: number }>;

export type AcceptanceRecord = {
  signerName: string; signedAt: Date; signedById: number;
  signatureBlobId: number | null; provider: "drawn" | "hosted"; providerReference: string | null;
};

/**
 * Stores the acceptance once per award (a second answers 409) and tells the shipper's office: every
 * way of signing ends here.
 */
export async function recordAcceptance(award: Award, record: AcceptanceRecord): Promise<Accepted> {
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

async function tellShipper(award: Award): Promise<void> {
  const userIds = await officeUsers([award.job.shipperAccount.id]);
  const notice = acceptanceSignedNotice({
    jobId: award.job.id, reference: award.job.reference, carrierName: award.carrierAccount.name, loads: award._count.loads,
  });
  await deliverNotifications(userIds.map((userId) => ({ userId, ...notice })));
}
