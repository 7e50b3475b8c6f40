import { formatDateTime } from "#domain/format/dates.ts";
import type { Letter } from "#domain/email/letters.ts";

// The e-mail every admin of a carrier gets when its bank details change. Changed bank details are
// how invoice-redirection fraud works, so the people who run the account hear at once, whoever
// made the change. It is a security notice: sent whatever the e-mail choices, with no unsubscribe.

export const BANK_DETAILS_CHANGED_SUBJECT = "Your bank details on Loadline were changed";

export type BankChange = {
  /** The company whose details changed, and who changed them. */
  company: string;
  changedBy: string;
  changedAt: Date;
  /** "ending 6819", or "" when the details were removed. */
  accountEnding: string;
  /** The billing page, to check the details. */
  link: string;
};

/** The letter to one admin (`name`) about a change of the account's bank details. */
export function bankDetailsChangedLetter(name: string, change: BankChange): Letter {
  const what = change.accountEnding
    ? `Payments to ${change.company} now go to the account ${change.accountEnding}.`
    : `${change.company} has no bank details on Loadline now.`;
  const text =
    `Hello ${name},\n\n` +
    `The bank details of ${change.company} on Loadline were changed by ${change.changedBy} ` +
    `on ${formatDateTime(change.changedAt)} (UK time).\n` +
    `${what}\n\n` +
    `If you did not expect this change, check the details now and tell your bank: ${change.link}\n` +
    `Invoices paid into the new account say for 30 days that the bank details changed.\n`;
  return { subject: BANK_DETAILS_CHANGED_SUBJECT, text };
}
