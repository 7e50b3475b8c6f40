// The rules of a rating's life, pure so the browser and the tests read them the same:
// - the window: a load may be rated from its delivery until 30 days after it;
// - an edit: the author's office may change its rating for 48 hours after making it, then it stands;
// - blind: neither side sees the other's rating of a load until both have rated or the window ends,
//   so neither answers the other's score;
// - the reply: the rated company's office may answer a rating it can see, once, publicly;
// - the average: the mean of the answers given, in hundredths of a star, rounded half up.

export const RATING_WINDOW_DAYS = 30;
export const EDIT_WINDOW_HOURS = 48;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The last instant a load delivered at `deliveredAt` may be rated (exclusive): 30 days after delivery. */
export const windowClosesAt = (deliveredAt: Date): Date => new Date(deliveredAt.getTime() + RATING_WINDOW_DAYS * DAY_MS);

export type WindowState = "not_delivered" | "open" | "closed";

/** Where a load stands for rating: not delivered yet, open (delivery ≤ now < 30 days later) or closed. */
export function windowState(load: { status: string; deliveredAt: Date | null }, now: Date): WindowState {
  if (load.status !== "delivered" || !load.deliveredAt) return "not_delivered";
  return now.getTime() < windowClosesAt(load.deliveredAt).getTime() ? "open" : "closed";
}

/** Until when the author may change a rating made at `createdAt` (exclusive). */
export const editableUntil = (createdAt: Date): Date => new Date(createdAt.getTime() + EDIT_WINDOW_HOURS * HOUR_MS);

/** A rating may be changed for 48 hours after it was made. */
export const isEditable = (createdAt: Date, now: Date): boolean => now.getTime() < editableUntil(createdAt).getTime();

/** Both sides' ratings are seen once both have rated, or once the 30 days are over. */
export function isRevealed(facts: { bothRated: boolean; deliveredAt: Date | null }, now: Date): boolean {
  if (facts.bothRated) return true;
  return facts.deliveredAt !== null && now.getTime() >= windowClosesAt(facts.deliveredAt).getTime();
}

export type ReplyCheck = "may_reply" | "not_theirs" | "replied";

/** The rated company's office may reply to a rating it can see (revealed, not hidden), once. */
export function replyCheck(rating: { ratedAccountId: number; reply: string | null; hiddenAt: Date | null }, viewer: { accountId: number; office: boolean }, revealed: boolean): ReplyCheck {
  if (!viewer.office || viewer.accountId !== rating.ratedAccountId || !revealed || rating.hiddenAt) return "not_theirs";
  return rating.reply === null ? "may_reply" : "replied";
}

/** The mean of the answers ×100, rounded half up, in whole numbers only: [4, 5] → 450, [4, 4, 5] → 433, [5, 5, 4] → 467. */
export function averageCentistars(answers: readonly number[]): number {
  if (!answers.length) throw new RangeError("A rating needs at least one answer");
  const sum = answers.reduce((total, answer) => total + answer, 0);
  return Math.floor((200 * sum + answers.length) / (2 * answers.length));
}

/** "4.5" from 450, "4.33" from 433: the average as stars, for people. */
export function starsText(centistars: number): string {
  return (centistars / 100).toFixed(2).replace(/0$/, "").replace(/\.0$/, "");
}
