import type { Prisma } from "#generated/prisma/client.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { agreementOf, isAgreementInForce } from "#domain/invoices/self-billing.ts";

// Whether a shipper self-bills a carrier for a supply on a day: an agreement between them that was
// accepted, covers that UK day (from its start to its last day, or the day before it was ended),
// and was accepted under the VAT number the carrier has now (self-billing.ts).

export const agreementRowSelect = { id: true, status: true, startsOn: true, endsOn: true, carrierVatNumber: true, endedAt: true } as const;

/** The id of the agreement in force on the tax point's UK day, or null. `client`: the caller's transaction. */
export async function agreementInForce(client: Prisma.TransactionClient, shipperAccountId: number, carrierAccountId: number, taxPoint: Date): Promise<number | null> {
  const rows = await client.selfBillingAgreement.findMany({
    where: { shipperAccountId, carrierAccountId, status: { in: ["accepted", "ended"] } },
    select: agreementRowSelect,
    orderBy: { id: "desc" },
  });
  if (!rows.length) return null;
  const carrier = await client.billingDetails.findUnique({ where: { accountId: carrierAccountId }, select: { vatNumber: true } });
  const day = ukDate(taxPoint);
  const inForce = rows.find((row) => {
    const agreement = agreementOf(row);
    return agreement !== null && isAgreementInForce(agreement, day, carrier?.vatNumber ?? null);
  });
  return inForce?.id ?? null;
}
