import { db } from "#db/client.server.ts";

// A load's extra charges as its page lists them, oldest first, with who added and who decided each.

const chargeSelect = {
  id: true, kind: true, note: true, minutes: true, amountPence: true, evidenceAttachmentId: true, status: true,
  refusalReason: true, addedById: true, decidedById: true, decidedAt: true, createdAt: true,
} as const;

/** The people named on the charges, by id (one query for them all). */
async function namesOf(ids: readonly (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const people = await db().user.findMany({ where: { id: { in: wanted } }, select: { id: true, name: true } });
  return new Map(people.map((person) => [person.id, person.name]));
}

/** The load's charges, each with the names of who added and who decided it ("" for someone gone). */
export async function chargesOf(loadId: number) {
  const charges = await db().extraCharge.findMany({ where: { loadId }, select: chargeSelect, orderBy: { id: "asc" } });
  const names = await namesOf(charges.flatMap((charge) => [charge.addedById, charge.decidedById]));
  return charges.map((charge) => ({
    ...charge,
    addedBy: names.get(charge.addedById) ?? "",
    decidedBy: charge.decidedById === null ? "" : (names.get(charge.decidedById) ?? ""),
  }));
}
export type ListedCharge = Awaited<ReturnType<typeof chargesOf>>[number];
