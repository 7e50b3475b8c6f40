import { db } from "#db/client.server.ts";
import type { ExtraChargeStatus } from "#domain/extra-charges/charges.ts";
import { CHARGE_WINDOW_MESSAGES, decidingProblem } from "#domain/extra-charges/window.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { ok, refusedBase, type Result } from "#lib/result.server.ts";
import { invoiceAfterChargesDecided } from "#models/invoices/issue.server.ts";
import { invoiceIssued, requireChargeSide, type ChargedLoad } from "#models/extra-charges/access.server.ts";
import { afterChargeChange } from "#models/extra-charges/notices.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The shipper's office approves or refuses (with a reason) each pending charge, once, until the
// load's invoice is issued. The decision is compare-and-set on the charge's status, so two people
// never both decide it. The carrier's office is told; once the load has no pending charge left, its
// invoice is (re)made with the approved ones (invoiceAfterChargesDecided).

export type Decision = { approve: true } | { approve: false; reason: string };

/** The load's charge (404 for a charge of another load, or none), for the shipper's office only. */
export async function requireChargeToDecide(user: CurrentUser, load: ChargedLoad, chargeId: unknown) {
  requireChargeSide(load, user, "shipper");
  const where = { id: recordId(chargeId), loadId: load.id };
  return found(await db().extraCharge.findFirst({ where, select: { id: true, status: true } }));
}

/** Decides the charge: 409 with a sentence when it is decided already or the invoice is issued. */
export async function decideExtraCharge(
  user: CurrentUser, load: ChargedLoad, charge: { id: number }, decision: Decision,
): Promise<Result<{ status: ExtraChargeStatus; pendingLeft: number }>> {
  const status: ExtraChargeStatus = decision.approve ? "approved" : "refused";
  const data = { status, refusalReason: decision.approve ? null : decision.reason, decidedById: user.id, decidedAt: new Date() };
  const outcome = await db().$transaction(async (tx) => {
    const current = await tx.extraCharge.findUniqueOrThrow({ where: { id: charge.id }, select: { status: true } });
    const problem = decidingProblem({ invoiceIssued: await invoiceIssued(tx, load.id), chargeStatus: current.status });
    if (problem) return refusedBase(problem, 409);
    const { count } = await tx.extraCharge.updateMany({ where: { id: charge.id, status: "pending" }, data });
    if (!count) return refusedBase(CHARGE_WINDOW_MESSAGES.changedMeanwhile, 409);
    return ok({ status, pendingLeft: await tx.extraCharge.count({ where: { loadId: load.id, status: "pending" } }) });
  });
  if (!outcome.ok) return outcome;
  // The last decision lets the invoice go ahead: a held self-billed invoice is raised, a draft re-read.
  if (outcome.pendingLeft === 0) await invoiceAfterChargesDecided(load.id);
  await afterChargeChange("decided", charge.id);
  return outcome;
}
