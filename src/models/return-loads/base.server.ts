import { db } from "#db/client.server.ts";
import type { Point } from "#domain/return-loads/geometry.ts";
import { pointOf } from "#geo/index.server.ts";

// A carrier's base, for "towards base" and the empty miles saved: its registered address (billing
// details), placed by the offline gazetteer (its postcode area or town). No billing details, or an
// address the gazetteer cannot place, and the carrier has no known base.

/** Where the carrier's registered address is, or null when it has none the gazetteer can place. */
export async function carrierBase(accountId: number): Promise<Point | null> {
  const details = await db().billingDetails.findUnique({ where: { accountId }, select: { registeredAddress: true } });
  if (!details?.registeredAddress.trim()) return null;
  return pointOf(details.registeredAddress);
}
