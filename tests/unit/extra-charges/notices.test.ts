import { describe, expect, it } from "vitest";
import { extraChargeNotices } from "#domain/extra-charges/notices.ts";

// What each office is told of a charge, and where it leads.

const load = { loadId: 12, sequence: 2, reference: "Crisps to Bristol" };
const waiting = { kind: "waiting_time", minutes: 150, amountPence: 2_250 };

describe("the notices", () => {
  it.each([
    {
      content: extraChargeNotices.added({ ...load, carrierName: "Pennine Haulage", charge: { ...waiting, note: "Held at the gate." } }),
      kind: "extra_charge_added", title: "Extra charge to decide: load 2 of Crisps to Bristol",
      body: "Pennine Haulage added Waiting time, 2 hours 30 minutes: £22.50 for: Held at the gate. Approve or refuse it on the load page.",
    },
    {
      content: extraChargeNotices.decided({ ...load, shipperName: "Crunch Foods", charge: waiting, approved: true, reason: null }),
      kind: "extra_charge_decided", title: "Extra charge approved: load 2 of Crisps to Bristol",
      body: "Crunch Foods approved Waiting time, 2 hours 30 minutes: £22.50. It goes on the load's invoice.",
    },
    {
      content: extraChargeNotices.decided({ ...load, shipperName: "Crunch Foods", charge: waiting, approved: false, reason: "You were late." }),
      kind: "extra_charge_decided", title: "Extra charge refused: load 2 of Crisps to Bristol",
      body: "Crunch Foods refused Waiting time, 2 hours 30 minutes: £22.50: You were late.",
    },
  ])("$title", ({ content, kind, title, body }) => {
    expect(content).toEqual({ kind, title, body, path: "/loads/12" });
  });

  it("cuts a long note to a snippet", () => {
    const content = extraChargeNotices.added({ ...load, carrierName: "Pennine Haulage", charge: { ...waiting, note: "x".repeat(500) } });
    expect(content.body.length).toBeLessThanOrEqual(141);
    expect(content.body.endsWith("…")).toBe(true);
  });
});
