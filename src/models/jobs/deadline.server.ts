import { db } from "#db/client.server.ts";
import { OUT_FOR_QUOTES_STATUSES } from "#domain/jobs/status.ts";
import { notifyAll, refreshJobPages } from "#models/notifications/after-commit.server.ts";

// An invited tender's quote deadline: when it passes, the shipper's office is told once, with the
// quotes it has (and that quoting has closed, when the shipper chose to close at the deadline).
// Closing itself needs no write: placing or changing a quote reads the deadline against the clock
// (#domain/bidding/quote-deadline). Every process sweeps (background/market-steps); each notice is
// claimed by a conditional update on deadlineNotifiedAt, so exactly one process sends it.

const DUE_PAGE = 100;

/** Tells the shipper of each job still out for quotes whose deadline has passed by `now`; answers the jobs told. */
export async function passDeadlinesDue(now: Date): Promise<number[]> {
  const told: number[] = [];
  let afterId = 0;
  for (let due = await dueDeadlines(now, afterId); due.length; due = await dueDeadlines(now, afterId)) {
    for (const job of due) {
      const { count } = await db().job.updateMany({ where: { id: job.id, deadlineNotifiedAt: null }, data: { deadlineNotifiedAt: now } });
      if (count !== 1) continue;
      await notifyAll([{ kind: "quote_deadline", jobId: job.id }]);
      // Open quote forms give way to "quotes closed" on the carriers' pages.
      if (job.closeAtDeadline) await refreshJobPages(job.id);
      told.push(job.id);
    }
    afterId = due.at(-1)!.id;
  }
  return told;
}

/** Awarded or cancelled before the deadline, a job has no deadline left to tell of. */
function dueDeadlines(now: Date, afterId: number) {
  return db().job.findMany({
    where: { status: { in: [...OUT_FOR_QUOTES_STATUSES] }, quoteDeadline: { lte: now }, deadlineNotifiedAt: null, id: { gt: afterId } },
    select: { id: true, closeAtDeadline: true },
    orderBy: { id: "asc" },
    take: DUE_PAGE,
  });
}
