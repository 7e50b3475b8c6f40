import { db } from "#db/client.server.ts";
import type { AwardWinner } from "#domain/bidding/award-outcome.ts";

/**
 * The carriers whose quotes won the job's award, cheapest first, each with the loads it won (the
 * loads the award made against its quote) and its price. Empty before an award, after an auction
 * closed without a winner, and for a job its shipper's own fleet runs (no quotes).
 */
export async function awardWinners(jobId: number): Promise<AwardWinner[]> {
  const quotes = await db().quote.findMany({
    where: { jobId, status: "accepted" },
    select: { id: true, valueCents: true, securedNow: true, carrierAccount: { select: { name: true } } },
    orderBy: [{ valueCents: "asc" }, { updatedAt: "asc" }],
  });
  if (!quotes.length) return [];
  const loads = await db().load.groupBy({
    by: ["quoteId"],
    where: { jobId, quoteId: { in: quotes.map((q) => q.id) } },
    _count: { _all: true },
  });
  const won = new Map(loads.map((row) => [row.quoteId, row._count._all]));
  return quotes.map((q) => ({
    carrierName: q.carrierAccount.name, loads: won.get(q.id) ?? 0, valueCents: q.valueCents, securedNow: q.securedNow,
  }));
}
