// What the offices are told of extra charges: the shipper's office when the carrier adds one (it is
// to approve or refuse it), the carrier's office when the shipper decides one. Each leads to the load.

import { snippet, type NotificationContent } from "#domain/messaging/notification-content.ts";
import { chargeSummary } from "./charges.ts";

type Charge = { kind: string; minutes: number | null; amountPence: number };
type Load = { loadId: number; sequence: number; reference: string };

const loadName = (load: Load) => `load ${load.sequence} of ${load.reference}`;
/** A note or reason goes on after a colon (bodies are cut to a snippet): a closing full stop of its own is dropped. */
const words = (text: string) => text.trim().replace(/\.+$/, "");

export const extraChargeNotices = {
  /** To the shipper's office: a charge awaits its decision. */
  added: (f: Load & { charge: Charge & { note: string }; carrierName: string }): NotificationContent => ({
    kind: "extra_charge_added",
    title: `Extra charge to decide: ${loadName(f)}`,
    body: snippet(`${f.carrierName} added ${chargeSummary(f.charge)} for: ${words(f.charge.note)}. Approve or refuse it on the load page.`),
    path: `/loads/${f.loadId}`,
  }),
  /** To the carrier's office: the shipper approved or refused a charge (with its reason). */
  decided: (f: Load & { charge: Charge; shipperName: string; approved: boolean; reason: string | null }): NotificationContent => ({
    kind: "extra_charge_decided",
    title: `Extra charge ${f.approved ? "approved" : "refused"}: ${loadName(f)}`,
    body: f.approved
      ? `${f.shipperName} approved ${chargeSummary(f.charge)}. It goes on the load's invoice.`
      : snippet(`${f.shipperName} refused ${chargeSummary(f.charge)}: ${words(f.reason ?? "")}.`),
    path: `/loads/${f.loadId}`,
  }),
};
