import { count } from "#domain/format/count.ts";
import { formatMoney } from "#domain/format/money.ts";

// What a shipper is told when its job is awarded (by itself, or by the auction clock when an
// auction closes): who won, how many loads at what price, and what happens next. The job page and
// the notification say it in the same words.

/** A carrier whose quote won loads in the award, with the loads it won and its price per load. */
export type AwardWinner = { carrierName: string; loads: number; valueCents: number; securedNow: boolean };

/** "Pennine Haulage Ltd: 2 loads at £450.00 a load" (", secured now" when it took the secure-now price). */
export function winnerLine(winner: AwardWinner): string {
  return `${winner.carrierName}: ${count(winner.loads, "load")} at ${formatMoney(winner.valueCents)} a load${winner.securedNow ? " (secured now)" : ""}`;
}

/** Every winner on one line: "Won by Pennine Haulage Ltd: 2 loads at £450.00 a load; Severn …". */
export function winnersSentence(winners: readonly AwardWinner[]): string {
  return `Won by ${winners.map(winnerLine).join("; ")}.`;
}

/** After an award the carriers put drivers on their loads; the shipper hears as they do. */
export const AFTER_AWARD =
  "Next, each carrier puts a driver on its loads; you are told as it does, and you can follow every load on your Loads page.";

/** An auction that closed with no quote able to win a load: what the shipper can do about it. */
export const NO_WINNER = "The auction closed without a winner: no quote could win any loads. Edit the job to run the auction again with new times, or cancel it.";

/** The shipper's notification text when an auction ends: the outcome and the next step. */
export function auctionOutcomeText(winners: readonly AwardWinner[]): string {
  return winners.length ? `${winnersSentence(winners)} ${AFTER_AWARD}` : NO_WINNER;
}
