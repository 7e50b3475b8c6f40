import type { Prisma } from "#generated/prisma/client.ts";

// What a load's extra charges bring to its invoice: each approved charge not yet on an invoice is a
// line of its own; a charge still waiting for the shipper's decision holds a self-billed invoice
// back (it is raised once the last one is decided), since an issued invoice is never edited.

const KIND_TEXT: Record<string, string> = { waiting_time: "Waiting time", extra_drop: "Extra drop", other: "Extra charge" };

export type ExtraChargeLine = { extraChargeId: number; description: string; netPence: number };

export async function approvedChargeLines(tx: Prisma.TransactionClient, loadId: number, loadNumber: string): Promise<ExtraChargeLine[]> {
  const charges = await tx.extraCharge.findMany({
    where: { loadId, status: "approved" },
    select: { id: true, kind: true, note: true, amountPence: true },
    orderBy: { id: "asc" },
  });
  return charges.map((charge) => ({
    extraChargeId: charge.id,
    description: `${KIND_TEXT[charge.kind] ?? "Extra charge"}, load ${loadNumber}: ${charge.note}`,
    netPence: charge.amountPence,
  }));
}

export async function hasPendingCharges(tx: Prisma.TransactionClient, loadId: number): Promise<boolean> {
  return (await tx.extraCharge.count({ where: { loadId, status: "pending" } })) > 0;
}
