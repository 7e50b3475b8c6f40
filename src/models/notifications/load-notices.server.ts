import { db } from "#db/client.server.ts";
import { notificationContent as content } from "#domain/messaging/notification-content.ts";
import { noticesTo as to, type NotificationDraft } from "#models/notifications.server.ts";
import type { NotifyEvent } from "#models/notifications/notify.server.ts";
import { officeUsers } from "#models/team.server.ts";

// Who hears of a load's events: the carrier's office of a load given to it, the driver and the
// shipper of a driver put on it, both offices of the lorry's arrival, the shipper of its progress.

const loadFacts = (loadId: number) =>
  db().load.findUnique({
    where: { id: loadId },
    select: {
      id: true,
      sequence: true,
      carrierAccountId: true,
      driver: { select: { id: true, name: true } },
      carrierAccount: { select: { name: true } },
      job: { select: { id: true, reference: true, shipperAccountId: true } },
    },
  });

type LoadEvent = Extract<NotifyEvent, { kind: "load_assigned" | "driver_assigned" | "load_status" | "arrived" }>;

export async function loadDrafts(event: LoadEvent): Promise<NotificationDraft[]> {
  const load = await loadFacts(event.loadId);
  if (!load) return [];
  const facts = { jobId: load.job.id, reference: load.job.reference, loadId: load.id, sequence: load.sequence };
  const carrier = load.carrierAccountId ? [load.carrierAccountId] : [];
  if (event.kind === "load_assigned") return to(await officeUsers([event.carrierAccountId]), content.loadAssigned(facts));
  if (event.kind === "driver_assigned") {
    if (!load.driver || event.driverId === null) return [];
    const carrierName = load.carrierAccount?.name ?? "The carrier";
    const shipper = content.driverAssignedToShipper({ ...facts, driverName: load.driver.name, carrierName });
    return [...to([load.driver.id], content.driverAssignedToDriver(facts)), ...to(await officeUsers([load.job.shipperAccountId]), shipper)];
  }
  // Both sides wait to hear the lorry is there: the shipper's office and the carrier's.
  if (event.kind === "arrived") {
    const driverName = load.driver?.name ?? "The driver";
    const arrived = content.arrived({ ...facts, stopKind: event.stopKind, place: event.place, driverName });
    return to(await officeUsers([load.job.shipperAccountId, ...carrier]), arrived);
  }
  // Drivers and the carrier's office move a load along; the shipper is the one waiting to hear.
  const recipients = event.status === "cancelled" ? [load.job.shipperAccountId, ...carrier] : [load.job.shipperAccountId];
  const driver = event.status === "cancelled" && load.driver ? [load.driver.id] : [];
  return to([...(await officeUsers(recipients)), ...driver], content.loadStatus({ ...facts, status: event.status }));
}
