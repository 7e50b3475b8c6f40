import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { seed } from "../../../prisma/seed.ts";
import { seedExtraCharges } from "../../../prisma/seeds/extra-charges.ts";
import { RECENT_DELIVERY_REFERENCE } from "../../../prisma/seeds/proof-review.ts";
import { signedInAgent } from "../../support/app.ts";

// The demo's extra charges: approved waiting time on Pennine's load delivered yesterday (with its
// delivery photo as evidence), pending waiting time on Severn's spot load, both still open to the
// invoice (their proofs await review). A second run adds nothing.

describe("demo extra charges", () => {
  it("puts one approved and one pending waiting-time charge on two delivered loads, once", async () => {
    await seed(db());
    await seedExtraCharges(db());
    await seedExtraCharges(db());
    const charges = await db().extraCharge.findMany({
      orderBy: { id: "asc" },
      select: { kind: true, minutes: true, amountPence: true, status: true, evidenceAttachmentId: true, load: { select: { id: true, status: true, proofStatus: true, job: { select: { reference: true } } } } },
    });
    // 195 minutes, 120 free, at Pennine's £45 an hour: 75 minutes = £56.25. 170 at Severn's £42: 50 minutes = £35.00.
    expect(charges.map(({ kind, minutes, amountPence, status }) => [kind, minutes, amountPence, status])).toEqual([
      ["waiting_time", 195, 5_625, "approved"],
      ["waiting_time", 170, 3_500, "pending"],
    ]);
    expect(charges[0]!.evidenceAttachmentId).not.toBeNull();
    expect(charges[1]!.load.job.reference).toBe(RECENT_DELIVERY_REFERENCE);
    for (const { load } of charges) expect([load.status, load.proofStatus]).toEqual(["delivered", "awaiting_review"]);

    const { browser } = await signedInAgent("shipper@example.com");
    const frame = (await browser.get(`/loads/${charges[1]!.load.id}/extra_charges`).expect(200)).text;
    expect(frame).toContain("<strong>Waiting time: £35.00</strong>");
    expect(frame).toContain("/approve");
  });
});
