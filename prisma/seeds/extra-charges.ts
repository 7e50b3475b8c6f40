import type { PrismaClient } from "#generated/prisma/client.ts";
import { freeWaitingMinutesOf, waitingChargePence } from "#domain/extra-charges/waiting.ts";
import { RECENT_DELIVERY_REFERENCE } from "./proof-review.ts";

// Extra charges in the demo, on two delivered loads whose proofs await Northwind's review (so no
// invoice is issued yet): Pennine's load delivered yesterday carries waiting time Northwind has
// approved (Dave waited 3 h 15 min at dock 4; the photo of the delivery is the evidence), and
// Severn's spot load to Doncaster waiting time Northwind has still to decide. Priced by the rule
// from each job's terms, at the carrier's own rate where the job sets none. Runs after the proof
// reviews (seedProofReviews); a second run adds nothing (a load with charges is left as it is).

const HOUR = 3_600_000;
type Person = { id: number; email: string };

const loadSelect = {
  id: true, deliveredAt: true, carrierAccountId: true,
  job: { select: { freeWaitingMinutes: true, waitingRatePence: true } },
  attachments: { where: { kind: "photo" }, select: { id: true }, orderBy: { id: "asc" }, take: 1 },
} as const;

/** Delivered, its proof awaiting review, on no invoice and with no charges yet. */
const openForCharges = { status: "delivered", proofStatus: "awaiting_review", extraCharges: { none: {} } } as const;

type Load = { deliveredAt: Date | null; job: { freeWaitingMinutes: number | null; waitingRatePence: number | null } };

/** The whole wait priced by the rule: the job's free time and rate, or the carrier's rate when the job has none. */
const waiting = (load: Load, waitedMinutes: number, carrierRatePence: number) => ({
  kind: "waiting_time",
  minutes: waitedMinutes,
  amountPence: waitingChargePence({ waitedMinutes, freeMinutes: freeWaitingMinutesOf(load.job), ratePencePerHour: load.job.waitingRatePence ?? carrierRatePence }),
});

async function onNoInvoice(db: PrismaClient, loadId: number): Promise<boolean> {
  return (await db.invoiceLine.count({ where: { loadId } })) === 0;
}

export async function seedExtraCharges(db: PrismaClient): Promise<void> {
  const emails = ["shipper@example.com", "carrier@example.com", "carrier2@example.com"];
  const people: Person[] = await db.user.findMany({ where: { email: { in: emails } }, select: { id: true, email: true } });
  const [shipper, pennine, severn] = emails.map((email) => people.find((person) => person.email === email));
  if (!shipper || !pennine || !severn) return;
  const accountOf = async (person: Person) => (await db.user.findUniqueOrThrow({ where: { id: person.id }, select: { accountId: true } })).accountId;

  const yesterdays = await db.load.findFirst({ where: { ...openForCharges, carrierAccountId: await accountOf(pennine) }, select: loadSelect, orderBy: { deliveredAt: "desc" } });
  if (yesterdays?.deliveredAt && (await onNoInvoice(db, yesterdays.id))) {
    const added = new Date(yesterdays.deliveredAt.getTime() + HOUR);
    await db.extraCharge.create({
      data: {
        loadId: yesterdays.id, ...waiting(yesterdays, 195, 4_500), note: "Waited 3 h 15 min at dock 4 for a tipping slot (booked 08:00, tipped 11:15).",
        evidenceAttachmentId: yesterdays.attachments[0]?.id ?? null, status: "approved", addedById: pennine.id, createdAt: added,
        decidedById: shipper.id, decidedAt: new Date(added.getTime() + 2 * HOUR),
      },
    });
  }

  const spot = await db.load.findFirst({ where: { ...openForCharges, job: { reference: RECENT_DELIVERY_REFERENCE } }, select: loadSelect });
  if (spot?.deliveredAt && (await onNoInvoice(db, spot.id))) {
    await db.extraCharge.create({
      data: {
        loadId: spot.id, ...waiting(spot, 170, 4_200), note: "Held at the Leeds gate: the load was not ready until 10:50 (booked 08:00).",
        addedById: severn.id, createdAt: new Date(spot.deliveredAt.getTime() + 30 * 60_000),
      },
    });
  }
}
