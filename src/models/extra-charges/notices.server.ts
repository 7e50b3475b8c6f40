import { db } from "#db/client.server.ts";
import { extraChargeNotices } from "#domain/extra-charges/notices.ts";
import { loadStream } from "#domain/messaging/streams.ts";
import { broadcastTo } from "#lib/broadcast.server.ts";
import { logger } from "#lib/logger.server.ts";
import { refreshStream } from "#lib/turbo.server.ts";
import { deliverNotifications, noticesTo } from "#models/notifications.server.ts";
import { officeUsers } from "#models/team.server.ts";

// Who hears of an extra charge, once its write has committed: the shipper's office of one added (it
// decides it), the carrier's office of one decided. Open load pages refresh. A failure here is
// logged and never undoes the charge.

const factsOf = (chargeId: number) =>
  db().extraCharge.findUnique({
    where: { id: chargeId },
    select: {
      kind: true, minutes: true, amountPence: true, note: true, status: true, refusalReason: true,
      load: {
        select: {
          id: true, sequence: true, carrierAccountId: true, carrierAccount: { select: { name: true } },
          job: { select: { reference: true, shipperAccountId: true, shipperAccount: { select: { name: true } } } },
        },
      },
    },
  });

type Facts = NonNullable<Awaited<ReturnType<typeof factsOf>>>;

async function draftsFor(event: "added" | "decided", facts: Facts) {
  const { load, ...charge } = facts;
  const about = { loadId: load.id, sequence: load.sequence, reference: load.job.reference, charge };
  if (event === "added") {
    const content = extraChargeNotices.added({ ...about, carrierName: load.carrierAccount?.name ?? "The carrier" });
    return noticesTo(await officeUsers([load.job.shipperAccountId]), content);
  }
  const decision = { approved: charge.status === "approved", reason: charge.refusalReason, shipperName: load.job.shipperAccount.name };
  return noticesTo(await officeUsers(load.carrierAccountId ? [load.carrierAccountId] : []), extraChargeNotices.decided({ ...about, ...decision }));
}

/** After a charge was added ("added") or decided ("decided"): the other office is told, open load pages refreshed. */
export async function afterChargeChange(event: "added" | "decided", chargeId: number): Promise<void> {
  try {
    const facts = await factsOf(chargeId);
    if (!facts) return;
    await deliverNotifications(await draftsFor(event, facts));
    await broadcastTo(loadStream(facts.load.id), refreshStream());
  } catch (error) {
    logger().error({ err: error, chargeId, event }, "telling of an extra charge failed");
  }
}
