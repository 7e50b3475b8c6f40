import { db } from "#db/client.server.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { isTimeToTellOverdue, latestDueDayToTell, overdueNoticeContent } from "#domain/invoices/overdue-notice.ts";
import { logger } from "#lib/logger.server.ts";
import { deliverNotifications, noticesTo } from "#models/notifications.server.ts";
import { officeUsers } from "#models/team.server.ts";

// Overdue notices: the morning after an issued invoice's due date (08:00 UK time, or the first sweep
// after it), both offices on it are told it is unpaid, once. Every process sweeps every minute; the
// notice is claimed by an update that only succeeds while overdueNotifiedAt is empty, so of two
// sweeps at once exactly one tells. The claim comes first: a notice that then fails to be delivered
// is logged and not sent again, because telling twice is worse than a missed reminder the list
// still shows. The e-mail path sends only for the kinds people can choose (docs/email.md), and an
// overdue invoice is not one of them: the notice is in the app only.

/** The most one sweep tells; the rest wait for the next minute. */
const SWEEP_LIMIT = 200;

const overdueSelect = {
  id: true, number: true, status: true, dueDate: true, grossPence: true, creditedPence: true, issuerAccountId: true, customerAccountId: true,
  issuerAccount: { select: { name: true } },
  customerAccount: { select: { name: true } },
} as const;

type Overdue = Awaited<ReturnType<typeof candidates>>[number];

/** Unpaid issued invoices not told yet whose due day is yesterday or before (the rule decides the hour). */
function candidates(now: Date) {
  const dueBy = new Date(`${latestDueDayToTell(ukDate(now))}T00:00:00Z`);
  return db().invoice.findMany({ where: { status: "issued", overdueNotifiedAt: null, dueDate: { lte: dueBy } }, select: overdueSelect, orderBy: { id: "asc" }, take: SWEEP_LIMIT });
}

/** Claims the notice for this sweep: true for exactly one of any sweeps at once, and only while unpaid. */
async function claim(invoiceId: number, now: Date): Promise<boolean> {
  const { count } = await db().invoice.updateMany({ where: { id: invoiceId, status: "issued", overdueNotifiedAt: null }, data: { overdueNotifiedAt: now } });
  return count === 1;
}

async function tell(invoice: Overdue): Promise<void> {
  const facts = { invoiceId: invoice.id, number: invoice.number ?? "", dueDate: invoice.dueDate, owedPence: Math.max(0, invoice.grossPence - invoice.creditedPence) };
  const [issuerOffice, customerOffice] = await Promise.all([officeUsers([invoice.issuerAccountId]), officeUsers([invoice.customerAccountId])]);
  await deliverNotifications([
    ...noticesTo(issuerOffice, overdueNoticeContent({ ...facts, counterpart: invoice.customerAccount.name, side: "issuer" })),
    ...noticesTo(customerOffice, overdueNoticeContent({ ...facts, counterpart: invoice.issuerAccount.name, side: "customer" })),
  ]);
}

/** Tells both offices of each invoice whose time has come, once; answers how many invoices it told. */
export async function sendOverdueNotices(now = new Date()): Promise<number> {
  let told = 0;
  for (const invoice of await candidates(now)) {
    const dueDay = invoice.dueDate.toISOString().slice(0, 10);
    if (!isTimeToTellOverdue({ status: invoice.status, dueDay, notified: false }, now) || !(await claim(invoice.id, now))) continue;
    told += 1;
    await tell(invoice).catch((err: unknown) => logger().error({ err, invoiceId: invoice.id }, "telling the offices an invoice is overdue failed"));
  }
  return told;
}

/** The minute sweep's call (src/server/start.server.ts): never throws, logs what it did. */
export async function overdueInvoiceSweep(now = new Date()): Promise<void> {
  try {
    const told = await sendOverdueNotices(now);
    if (told) logger().info({ told }, "offices told of overdue invoices");
  } catch (err) {
    logger().error({ err }, "telling offices of overdue invoices failed");
  }
}
