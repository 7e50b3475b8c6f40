import { db } from "#db/client.server.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { RATING_WINDOW_DAYS } from "#domain/ratings/rules.ts";
import { scoreText } from "#domain/ratings/score.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { hasBlocked } from "#models/company-blocks.server.ts";
import { scoreOf } from "#models/company-scores.server.ts";
import { standingsOf } from "#models/compliance.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { companyPath, scoreView } from "#pages/company-score-view.server.ts";

// A company's profile (`/companies/:id`, views/companies/show.ejs), for any signed-in user: its
// score (docs/scores.md), its recent ratings with their replies, and for carriers its documents and
// fleet. Only shipper and carrier companies have one: a platform or unknown account is 404.

/** How many of the latest ratings the profile lists. */
export const RECENT_RATINGS = 20;
const DAY_MS = 86_400_000;

type Kind = "shipper" | "carrier";

/** The latest ratings of a company that anyone may see: not hidden, and revealed (both sides rated, or 30 days since delivery). */
async function recentRatings(accountId: number, now: Date) {
  const closedBefore = new Date(now.getTime() - RATING_WINDOW_DAYS * DAY_MS);
  const ratings = await db().rating.findMany({
    where: {
      ratedAccountId: accountId, hiddenAt: null,
      load: { OR: [{ deliveredAt: { lte: closedBefore } }, { ratings: { some: { raterAccountId: accountId } } }] },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: RECENT_RATINGS,
    select: {
      id: true, side: true, averageCentistars: true, wouldAgain: true, comment: true, reply: true, repliedAt: true, createdAt: true,
      load: { select: { carrierAccount: { select: { id: true, name: true } }, job: { select: { shipperAccount: { select: { id: true, name: true } } } } } },
    },
  });
  return ratings.map(({ load, ...rating }) => {
    const rater = rating.side === "shipper" ? load.job.shipperAccount : load.carrierAccount;
    return { ...rating, stars: scoreText(rating.averageCentistars), raterName: rater?.name ?? "A former company", raterPath: rater ? companyPath(rater.id) : null };
  });
}

/** The block button an office of the other kind sees: block, or lift its own block. */
async function blockControl(viewer: CurrentUser, account: { id: number; kind: Kind }) {
  const otherKind: Kind = account.kind === "carrier" ? "shipper" : "carrier";
  if (!isOfficeOf(otherKind, viewer)) return null;
  const blocked = await hasBlocked(viewer.accountId, account.id);
  return { action: `${companyPath(account.id)}/block`, blocked };
}

/** Everything the profile shows, or 404. */
export async function companyProfileFor(viewer: CurrentUser, id: unknown, now = new Date()) {
  const accountId = recordId(id);
  const account = found(await db().account.findFirst({ where: { id: accountId, kind: { in: ["shipper", "carrier"] } }, select: { id: true, name: true, kind: true, createdAt: true } }));
  const typed = { ...account, kind: account.kind as Kind };
  const carrier = typed.kind === "carrier";
  const [score, ratings, standings, fleetSize, block] = await Promise.all([
    scoreOf(accountId, now),
    recentRatings(accountId, now),
    carrier ? standingsOf([accountId], now) : null,
    carrier ? db().vehicle.count({ where: { accountId } }) : null,
    blockControl(viewer, typed),
  ]);
  return {
    title: account.name,
    account: typed,
    carrier,
    own: viewer.accountId === accountId,
    score: scoreView(found(score)),
    // Support staff reach each rating's moderation page (to hide an abusive one) from here.
    ratings: ratings.map((rating) => ({ ...rating, moderatePath: viewer.role === "support" ? `/ratings/${rating.id}` : null })),
    documents: standings?.get(accountId) ?? null,
    fleetSize,
    block,
  };
}

export type CompanyProfile = Awaited<ReturnType<typeof companyProfileFor>>;
