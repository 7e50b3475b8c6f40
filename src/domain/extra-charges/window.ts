// When a load's extra charges may change: from its delivery until its invoice is issued. A carrier's
// draft invoice is not issued (its lines are read again when the carrier sends it), so charges are
// still added and decided while it is a draft; once the invoice is issued (then paid or credited), it
// is never edited, so nothing on the load's charges changes any more. Each charge is decided once.

import type { ExtraChargeStatus } from "./charges.ts";

export const CHARGE_WINDOW_MESSAGES = {
  notDelivered: "Extra charges can be added once the load is delivered",
  invoiced: "The load's invoice has been issued: its extra charges can no longer change",
  /** "This charge has already been approved". */
  decided: (status: string) => `This charge has already been ${status === "approved" ? "approved" : "refused"}`,
  changedMeanwhile: "This charge changed meanwhile; please reload and try again",
} as const;

/** An invoice counts as issued in every status but a draft (issued, paid, credited). */
export const isIssuedInvoiceStatus = (status: string): boolean => status !== "draft";

export type ChargeWindow = { loadStatus: string; invoiceIssued: boolean };

/** Why no charge can be added to the load now, or null when one can. */
export function addingProblem({ loadStatus, invoiceIssued }: ChargeWindow): string | null {
  if (loadStatus !== "delivered") return CHARGE_WINDOW_MESSAGES.notDelivered;
  return invoiceIssued ? CHARGE_WINDOW_MESSAGES.invoiced : null;
}

/** Why the charge cannot be approved or refused now, or null when it can. */
export function decidingProblem({ invoiceIssued, chargeStatus }: { invoiceIssued: boolean; chargeStatus: string }): string | null {
  if (invoiceIssued) return CHARGE_WINDOW_MESSAGES.invoiced;
  return chargeStatus === ("pending" satisfies ExtraChargeStatus) ? null : CHARGE_WINDOW_MESSAGES.decided(chargeStatus);
}
