import { db } from "#db/client.server.ts";
import type { BankDetails } from "#domain/billing/details.ts";
import { accountNumberEnding } from "#domain/billing/labels.ts";
import { bankDetailsChangedLetter } from "#domain/billing/letters.ts";
import { logger } from "#lib/logger.server.ts";
import { sendMail } from "#lib/mailer.server.ts";
import { audit } from "#models/audit.server.ts";
import { checkCredentials } from "#models/users/credentials.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A carrier's bank details are what invoice-redirection fraud changes: a change needs the password
// of whoever makes it (a session left open is not enough), is written to the audit log, and every
// admin of the account is e-mailed at once.

/** Whether `password` is this person's own: the sign-in check, so a wrong one costs the same time. */
export async function passwordConfirmed(user: CurrentUser, password: string): Promise<boolean> {
  if (!password) return false;
  const found = await checkCredentials(user.email, password);
  return found !== null && found !== "unconfirmed" && found.user.id === user.id;
}

/**
 * After a change of bank details is saved: the audit row (the numbers are not logged, only the
 * account's last four digits), then a letter to each admin still on the account. A letter that
 * cannot be sent is logged rather than undoing the saved change; the audit row stands either way.
 */
export async function recordBankChange(user: CurrentUser, bank: BankDetails, link: string, now: Date): Promise<void> {
  const accountEnding = accountNumberEnding(bank.accountNumber);
  const logged = { accountId: user.accountId, accountEnding: accountEnding || null };
  await audit("billing.bank_details_changed", user.id, null, logged);
  const admins = await db().user.findMany({
    where: { accountId: user.accountId, role: "admin", removedAt: null },
    select: { name: true, email: true },
    orderBy: { id: "asc" },
  });
  const change = { company: user.account.name, changedBy: user.name, changedAt: now, accountEnding, link };
  for (const admin of admins) {
    await sendMail({ to: admin.email, ...bankDetailsChangedLetter(admin.name, change) }).catch((err: unknown) =>
      logger().error({ err, accountId: user.accountId }, "bank details change e-mail failed"),
    );
  }
}
