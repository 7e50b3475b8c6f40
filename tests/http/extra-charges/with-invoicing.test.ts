import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { addCharge, approve, framePath, scene, type Signed } from "./charge-fixtures.ts";

// With the real invoicing: once the shipper accepts the proof the carrier's invoice is a draft, so
// charges still come and go; the last decision re-reads the draft, which then carries each approved
// charge as a line of its own beside the carriage.

const acceptProof = (who: Signed, loadId: number) =>
  who.browser.post(`/loads/${loadId}/proof_review`).type("form").send({ _csrf: who.csrf, decision: "accept" });

describe("extra charges and the carrier's draft invoice", () => {
  it("are added while the invoice is a draft, and an approved one becomes its own line when decided", async () => {
    const s = await scene({ waitingRatePence: 4_500 });
    await acceptProof(s.shipperOffice, s.loadId).expect(303);
    const draft = await db().invoiceLine.findUniqueOrThrow({ where: { loadId: s.loadId }, select: { invoice: { select: { id: true, status: true } } } });
    expect(draft.invoice.status).toBe("draft");

    await addCharge(s.carrierOffice, s.loadId, { kind: "waiting_time", minutes: "150", note: "Held at the gate" }).expect(303);
    const charge = await db().extraCharge.findFirstOrThrow({ where: { loadId: s.loadId } });
    await approve(s.shipperOffice, s.loadId, charge.id).expect(303);

    const lines = await db().invoiceLine.findMany({ where: { invoiceId: draft.invoice.id }, orderBy: { id: "asc" }, select: { loadId: true, extraChargeId: true, netPence: true, description: true } });
    expect(lines.map((line) => [line.loadId, line.extraChargeId, line.netPence])).toEqual([[s.loadId, null, 40_000], [null, charge.id, 2_250]]);
    expect(lines[1]!.description).toBe("Waiting time, load Crisps to Bristol · 1: Held at the gate");
    // The draft is not issued: the frame still takes charges.
    expect((await s.carrierOffice.browser.get(framePath(s.loadId)).expect(200)).text).toContain("extra-charge-form");
  });
});
