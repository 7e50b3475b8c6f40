import { db } from "#db/client.server.ts";
import { FINISHED_LOAD_STATUSES, canTransition, isLoadStatus } from "#domain/loads/status.ts";
import { loadStream } from "#domain/messaging/streams.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { ok, refused, refusedBase, type Result } from "#lib/result.server.ts";
import { refreshStream } from "#lib/turbo.server.ts";
import { actorOf } from "#models/loads/access.server.ts";
import type { LoadDetail } from "#models/loads.server.ts";
import { notifyAll } from "#models/notifications/after-commit.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { webhookEvent } from "#models/webhooks.server.ts";

// A load's status moves by the table in src/domain/loads/status.ts; the job follows its loads, both
// sides are told, and open load pages refresh.

export const PROOF_FIRST = "Record the proof of delivery to mark this load delivered";

/** A status change by the table in src/domain/loads/status.ts, for the actor this user is. */
export async function changeLoadStatus(load: LoadDetail, user: CurrentUser, status: unknown): Promise<Result> {
  if (!isLoadStatus(status) || !canTransition(load.status, status, actorOf(user))) {
    return refused({ status: `This load cannot be marked ${String(status).replaceAll("_", " ")} now` });
  }
  if (status === "delivered") return refused({ status: PROOF_FIRST });
  // A collection is recorded with its checks and its event by markCollected (loads/collection.server.ts).
  if (status === "collected") return refused({ status: "Mark the load collected from its page" });
  const outcome = await moveStatus(load, status, {}, [load.status]);
  if (outcome.ok) await afterStatusChange(load, status);
  return outcome;
}

/** What follows any change of a load's status: the job's own status, notifications, and open load pages refreshed. */
export async function afterStatusChange(load: { id: number; jobId: number }, status: string) {
  await progressJob(load.jobId, status);
  await notifyAll([{ kind: "load_status", loadId: load.id, status }]);
  if (status === "collected" || status === "delivered") await webhookEvent(`load.${status}`, load.id);
  await broadcastTo(loadStream(load.id), refreshStream());
}

type StatusData = Prisma.LoadUncheckedUpdateManyInput;
// Compare-and-set on the status read, so two people acting at once cannot both move the load.
export async function moveStatus(load: LoadDetail, status: string, data: StatusData, from: string[]): Promise<Result> {
  const where = { id: load.id, status: { in: from } };
  const { count } = await db().load.updateMany({ where, data: { ...data, status } });
  return count ? ok() : refusedBase("This load changed meanwhile; please reload and try again", 409);
}

const isFinished = (status: string) => (FINISHED_LOAD_STATUSES as readonly string[]).includes(status);

/** The job follows its loads: in progress at the first collection, completed when none is left to run. */
async function progressJob(jobId: number, status: string) {
  if (status === "collected") {
    await db().job.updateMany({ where: { id: jobId, status: "awarded" }, data: { status: "in_progress" } });
    return;
  }
  if (!isFinished(status)) return;
  const open = await db().load.count({ where: { jobId, status: { notIn: [...FINISHED_LOAD_STATUSES] } } });
  if (open > 0) return;
  // Completed only with something delivered: a job whose every load was cancelled is not.
  const where = { id: jobId, status: { in: ["awarded", "in_progress"] }, loads: { some: { status: "delivered" } } };
  await db().job.updateMany({ where, data: { status: "completed" } });
}
