import { db } from "#db/client.server.ts";
import { inOfficeOf } from "#domain/accounts/team.ts";
import {
  DECISION_STATUS,
  autoAcceptAt,
  proofMoveRefusal,
  type ProofReviewInput,
  type ProofStatus,
} from "#domain/loads/proof-review.ts";
import { loadStream } from "#domain/messaging/streams.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { found } from "#lib/errors.server.ts";
import { ok, refusedBase, type Result } from "#lib/result.server.ts";
import { refreshStream } from "#lib/turbo.server.ts";
import { invoiceAfterAcceptance } from "#models/invoices.server.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import { notifyAll } from "#models/notifications/after-commit.server.ts";
import type { NotifyEvent } from "#models/notifications/notify.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { webhookEvent } from "#models/webhooks.server.ts";

// The shipper's review of a delivered load's proof (the rules: src/domain/loads/proof-review.ts).
// Its office accepts or disputes; a dispute tells the carrier's office, which answers on the load
// page; a proof nobody reviews within 5 working days of delivery is accepted by itself. Each move is
// compare-and-set on the proof's status, so two people (or two processes) never both make it.

const CHANGED_MEANWHILE = "This proof changed meanwhile; please reload and try again";

/** Only the office of the shipper whose job it is reviews a load's proof. */
export const mayReviewProof = (load: Pick<LoadDetail, "job">, user: CurrentUser) =>
  inOfficeOf("shipper", load.job.shipperAccountId, user);

/** 404, exactly as for a load one cannot see, for anyone else (the carrier, its driver, another shipper). */
export function requireProofReviewer(load: Pick<LoadDetail, "job">, user: CurrentUser): void {
  found(mayReviewProof(load, user) || null);
}

const latestReviewSelect = { decision: true, reason: true, note: true, decidedById: true, createdAt: true } as const;

/** The load's proof status now, its acceptance, and its latest review (who, why, when). */
export function proofReviewStateOf(loadId: number) {
  return db().load.findUnique({
    where: { id: loadId },
    select: {
      proofStatus: true,
      proofAcceptedAt: true,
      deliveredAt: true,
      proofReviews: { select: latestReviewSelect, orderBy: { id: "desc" }, take: 1 },
    },
  });
}
export type ProofReviewState = NonNullable<Awaited<ReturnType<typeof proofReviewStateOf>>>;

type Review = { reason: string | null; note: string | null; decidedById: number | null };
type Reviewed = Exclude<ProofStatus, "awaiting_review">;
type Move = { loadId: number; from: ProofStatus; to: Reviewed; at: Date; review: Review };

/** The proof's status and its review row, in one transaction; false when another move came first. */
function moveProof({ loadId, from, to, at, review }: Move): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const accepted = to === "accepted" ? { proofAcceptedAt: at } : {};
    const where = { id: loadId, proofStatus: from };
    const { count } = await tx.load.updateMany({ where, data: { proofStatus: to, ...accepted } });
    if (!count) return false;
    await tx.proofReview.create({ data: { loadId, decision: to, ...review } });
    return true;
  });
}

/** After a move has committed: an accepted proof's load is invoiced, the carrier's office told, open load pages refreshed. */
async function afterProofMove(loadId: number, event: NotifyEvent) {
  if (event.kind === "proof_accepted") await webhookEvent("proof.accepted", loadId);
  if (event.kind === "proof_accepted") await invoiceAfterAcceptance(loadId);
  await notifyAll([event]);
  await broadcastTo(loadStream(loadId), refreshStream());
}

/** The shipper's office accepts or disputes the proof: 409 with a sentence for a move the rules refuse. */
export async function reviewProof(load: LoadDetail, user: CurrentUser, input: ProofReviewInput): Promise<Result<{ proofStatus: Reviewed }>> {
  requireProofReviewer(load, user);
  const to = DECISION_STATUS[input.decision];
  // Only a delivered load's proof is reviewed (a load moved back from delivered keeps no review).
  const from = load.status === "delivered" ? ((await proofReviewStateOf(load.id))?.proofStatus ?? null) : null;
  const refusal = proofMoveRefusal(from, to);
  if (refusal) return refusedBase(refusal, 409);
  const review = { reason: input.reason, note: input.note, decidedById: user.id };
  const moved = await moveProof({ loadId: load.id, from: from as ProofStatus, to, at: new Date(), review });
  if (!moved) return refusedBase(CHANGED_MEANWHILE, 409);
  const disputed = { kind: "proof_disputed", loadId: load.id } as const;
  const accepted = { kind: "proof_accepted", loadId: load.id, automatic: false } as const;
  await afterProofMove(load.id, to === "disputed" ? disputed : accepted);
  return ok({ proofStatus: to });
}

/**
 * Accepts every proof still awaiting review 5 working days after its delivery, as of that moment
 * (the rule's time, not the sweep's). Every process runs it every minute: the compare-and-set lets
 * one of them accept each proof, and only that one records it and tells the carrier. Answers how
 * many it accepted.
 */
export async function acceptOverdueProofs(now = new Date()): Promise<number> {
  // 5 working days are never under 4 days (a Sunday's delivery is due on Friday, an hour sooner when
  // the clocks go forward between): only loads delivered before that are read and checked.
  const candidates = await db().load.findMany({
    where: { proofStatus: "awaiting_review", deliveredAt: { lte: new Date(now.getTime() - 4 * 86_400_000) } },
    select: { id: true, deliveredAt: true },
    orderBy: { id: "asc" },
  });
  let accepted = 0;
  for (const { id, deliveredAt } of candidates) {
    const due = autoAcceptAt(deliveredAt!);
    if (due > now) continue;
    const review = { reason: null, note: null, decidedById: null };
    if (!(await moveProof({ loadId: id, from: "awaiting_review", to: "accepted", at: due, review }))) continue;
    accepted += 1;
    await afterProofMove(id, { kind: "proof_accepted", loadId: id, automatic: true });
  }
  return accepted;
}
