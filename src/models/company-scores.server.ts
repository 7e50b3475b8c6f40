import { keptUntilWritten } from "#db/kept-until-written.server.ts";
import { averageDaysToPay, type PaidDays } from "#domain/invoices/days-to-pay.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { type CompanyScore, companyScore, NO_TIMELINE, ratingScore, type ScoredRating, type TimelineFigures } from "#domain/ratings/score.ts";
import { type FigureRow, figureRows } from "#models/company-scores/figures.server.ts";

// Companies' scores (src/domain/ratings/score.ts, docs/scores.md) for a page that shows many: their
// figures read in one statement (company-scores/figures.server.ts) and reduced here, so a list of
// quotes or jobs costs one statement for all its scores, however long.

export type { CompanyScore } from "#domain/ratings/score.ts";

type Gathered = { name: string; kind: string; createdAt: Date; ratings: ScoredRating[]; timeline: TimelineFigures; paid: PaidDays[] };

const KINDS = ["other", "carrier", "shipper"];

function gather(row: FigureRow, into: Gathered): void {
  if (row.kind === "account") Object.assign(into, { name: row.name ?? "", kind: KINDS[row.a] ?? "other", createdAt: row.t1! });
  if (row.kind === "rating") {
    into.ratings.push({ raterAccountId: row.other, averageCentistars: row.a, wouldAgain: row.b === 1, createdAt: row.t1!, hiddenAt: null, bothRated: row.c === 1, deliveredAt: row.t2 });
  }
  if (row.kind === "carried") {
    into.timeline = { ...into.timeline, completed: row.a, collectionsJudged: row.b, collectionsOnTime: row.c, deliveriesJudged: row.d, deliveriesOnTime: row.e, deliveredInYear: row.f };
  }
  if (row.kind === "sent") into.timeline = { ...into.timeline, completed: row.a, deliveredInYear: row.f, cancelledInYear: row.g };
  if (row.kind === "paid") into.paid.push({ taxPointDay: ukDate(row.t1!), paidDay: row.t2!.toISOString().slice(0, 10) });
}

// Every carrier on the board sees the same shippers, and their figures change only when a rating,
// load, job, invoice or account is written: scores asked for "now" are read once for all of them and
// kept until such a write, and for at most a minute, as the score's windows move with the clock.
const keptFigures = keptUntilWritten<readonly FigureRow[]>(["Account", "Rating", "Load", "Job", "Invoice"], { slowMs: Infinity, maxAgeMs: 60_000 });

function figuresNow(ids: readonly number[], now: Date): Promise<readonly FigureRow[]> {
  const key = [...ids].sort((a, b) => a - b).join(",");
  return keptFigures(key, async () => Object.freeze(await figureRows(ids, now)));
}

/**
 * Each of these companies' score (unknown ids are left out): one statement, or none while the same
 * companies' figures are kept. Given an instant `at`, the figures are read as at that instant.
 */
export async function companyScores(accountIds: readonly number[], at?: Date): Promise<Map<number, CompanyScore>> {
  const ids = [...new Set(accountIds)];
  if (!ids.length) return new Map();
  const now = at ?? new Date();
  const byId = new Map<number, Gathered>();
  for (const row of await (at ? figureRows(ids, at) : figuresNow(ids, now))) {
    const into = byId.get(row.account) ?? { name: "", kind: "other", createdAt: now, ratings: [], timeline: { ...NO_TIMELINE }, paid: [] };
    byId.set(row.account, into);
    gather(row, into);
  }
  const scores = [...byId].filter(([, g]) => g.kind !== "other").map(([accountId, g]) => companyScore({
    accountId, name: g.name, kind: g.kind, createdAt: g.createdAt, rating: ratingScore(g.ratings, now), timeline: g.timeline, daysToPay: averageDaysToPay(g.paid),
  }));
  return new Map(scores.map((score) => [score.accountId, score]));
}

/** One company's score, or null for an unknown or platform account. */
export async function scoreOf(accountId: number, at?: Date): Promise<CompanyScore | null> {
  return (await companyScores([accountId], at)).get(accountId) ?? null;
}
