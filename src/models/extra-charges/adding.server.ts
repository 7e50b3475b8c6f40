import { db } from "#db/client.server.ts";
import type { ExtraChargeInput } from "#domain/extra-charges/charges.ts";
import { addingProblem } from "#domain/extra-charges/window.ts";
import { ok, refusedBase, type Result } from "#lib/result.server.ts";
import { invoiceIssued, requireChargeSide, type ChargedLoad } from "#models/extra-charges/access.server.ts";
import { afterChargeChange } from "#models/extra-charges/notices.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The carrier's office adds a charge to a delivered load, until the load's invoice is issued. The
// charge waits for the shipper's decision ("pending"); the shipper's office is told.

/**
 * Adds the charge (input read by extraChargeSchema against the load's terms): 409 with a sentence
 * when the load is not delivered or its invoice is issued. The window is checked in the same
 * transaction as the charge is written.
 */
export async function addExtraCharge(user: CurrentUser, load: ChargedLoad, input: ExtraChargeInput): Promise<Result<{ chargeId: number }>> {
  requireChargeSide(load, user, "carrier");
  const outcome = await db().$transaction(async (tx) => {
    const current = await tx.load.findUniqueOrThrow({ where: { id: load.id }, select: { status: true } });
    const problem = addingProblem({ loadStatus: current.status, invoiceIssued: await invoiceIssued(tx, load.id) });
    if (problem) return refusedBase(problem, 409);
    const { kind, minutes, amountPence, note, evidenceAttachmentId } = input;
    const data = { loadId: load.id, kind, minutes, amountPence, note, evidenceAttachmentId, addedById: user.id };
    const charge = await tx.extraCharge.create({ data, select: { id: true } });
    return ok({ chargeId: charge.id });
  });
  if (outcome.ok) await afterChargeChange("added", outcome.chargeId);
  return outcome;
}
