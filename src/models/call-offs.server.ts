import { db } from "#db/client.server.ts";
import { inOfficeOf, isOfficeOf } from "#domain/accounts/team.ts";
import { lockRow } from "#db/row-lock.server.ts";
import { callOffDeviationPercent, callOffVariance, type CallOffMonth } from "#domain/charts/call-offs.ts";
import { monthOfInstant } from "#domain/charts/months.ts";
import { formatMonthYear } from "#domain/format/dates.ts";
import { storedLoadEstimates } from "#domain/jobs/stored-values.ts";
import { notificationContent } from "#domain/messaging/notification-content.ts";
import { officeUsers } from "#models/team.server.ts";
import { pushNotifications, pushedNotificationSelect } from "#models/notifications/push.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// A contract job's loads called off each month against the month's estimate. A load is called off
// in the month of its collection day; cancelled loads are not counted.

type ContractJob = { id: number; reference: string; additionalData: string };

type FollowedJob = { id: number; shipperAccountId: number; jobType: string };

/** Whether this user's side may follow the job's call-offs: its shipper, or a carrier running its loads. */
export async function followsCallOffs(user: CurrentUser, job: FollowedJob): Promise<boolean> {
  if (job.jobType !== "contract") return false;
  if (inOfficeOf("shipper", job.shipperAccountId, user)) return true;
  if (!isOfficeOf("carrier", user)) return false;
  return (await db().load.count({ where: { jobId: job.id, carrierAccountId: user.accountId } })) > 0;
}

/** Each estimated month with the loads called off in it (one grouped query by collection day). */
export async function callOffMonths(job: ContractJob): Promise<CallOffMonth[]> {
  const days = await db().load.groupBy({
    by: ["pickupDate"],
    where: { jobId: job.id, status: { not: "cancelled" }, pickupDate: { not: null } },
    _count: { _all: true },
  });
  const calledOff = new Map<string, number>();
  for (const day of days) {
    const month = day.pickupDate!.toISOString().slice(0, 7);
    calledOff.set(month, (calledOff.get(month) ?? 0) + day._count._all);
  }
  return storedLoadEstimates(job.additionalData)
    .sort((a, b) => a.month.localeCompare(b.month))
    .map(({ month, numberOfLoads }) => {
      const loads = calledOff.get(month) ?? 0;
      const variance = callOffVariance(numberOfLoads, loads);
      return { month, label: formatMonthYear(month), estimate: numberOfLoads, calledOff: loads, variance };
    });
}

const CHECKED_STATUSES = ["awarded", "in_progress", "completed"];

/**
 * Tells both sides of each running contract about every finished month whose call-offs ran more
 * than 20% off its estimate, once per job and month: the notification's path names the job and the
 * month, and it is looked for and written in one transaction holding the job's row, so a restart,
 * a second run the same day or another process's run at the same moment finds it and sends nothing.
 * Once that transaction has committed, the new notices are pushed to their users' open pages like
 * every other notification (a notice whose check found it already written is not pushed again).
 * Returns how many job-months were notified.
 */
export async function sendCallOffNotices(now = new Date()): Promise<number> {
  const thisMonth = monthOfInstant(now);
  const jobs = await db().job.findMany({
    where: { jobType: "contract", status: { in: CHECKED_STATUSES } },
    select: { id: true, reference: true, additionalData: true, shipperAccountId: true },
  });
  let sent = 0;
  for (const job of jobs) {
    const months = await callOffMonths(job);
    const finished = months.filter((month) => month.month < thisMonth && month.variance !== "within");
    if (!finished.length) continue;
    const carriers = await db().load.findMany({
      where: { jobId: job.id, carrierAccountId: { not: null } },
      select: { carrierAccountId: true },
      distinct: ["carrierAccountId"],
    });
    const recipients = await officeUsers([job.shipperAccountId, ...carriers.map((c) => c.carrierAccountId!)]);
    for (const month of finished) if (await notifyOnce(job, month, recipients)) sent += 1;
  }
  return sent;
}

async function notifyOnce(job: ContractJob, month: CallOffMonth, userIds: number[]): Promise<boolean> {
  const content = notificationContent.callOff({
    jobId: job.id,
    reference: job.reference,
    month: month.month,
    label: month.label,
    estimate: month.estimate,
    calledOff: month.calledOff,
    deviationPercent: callOffDeviationPercent(month.estimate, month.calledOff),
  });
  const created = await db().$transaction(async (tx) => {
    await lockRow(tx, "Job", job.id);
    const where = { kind: content.kind, path: content.path };
    const sent = await tx.notification.findFirst({ where, select: { id: true } });
    if (sent) return null;
    const data = userIds.map((userId) => ({ userId, ...content }));
    return tx.notification.createManyAndReturn({ data, select: pushedNotificationSelect });
  });
  if (!created) return false;
  await pushNotifications(created);
  return true;
}
