import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { autoAcceptAt } from "#domain/loads/proof-review.ts";
import { seed } from "../../../prisma/seed.ts";
import { RECENT_DELIVERY_REFERENCE } from "../../../prisma/seeds/proof-review.ts";
import { signedInAgent } from "../../support/app.ts";

// The demo's proofs of delivery: two await Northwind's review (Pennine's yesterday, Severn's two days
// ago), and every older delivery was settled by the rule, as if the app had been running.

describe("demo proof reviews", () => {
  it("leave two proofs awaiting the shipper's review and every older one accepted by itself when due; a second run adds nothing", async () => {
    await seed(db());
    await seed(db());
    const now = Date.now();
    const delivered = await db().load.findMany({
      where: { status: "delivered" },
      select: { id: true, deliveredAt: true, proofStatus: true, proofAcceptedAt: true, proof: { select: { recipientName: true } }, job: { select: { reference: true } }, _count: { select: { proofReviews: true } } },
    });
    const awaiting = delivered.filter((load) => load.proofStatus === "awaiting_review");
    expect(awaiting.map((load) => load.proof?.recipientName).sort()).toEqual(["Joe Barker", "Mark Allen"]);
    expect(awaiting.map((load) => load.job.reference)).toContain(RECENT_DELIVERY_REFERENCE);
    for (const load of delivered) {
      const due = autoAcceptAt(load.deliveredAt!);
      if (due.getTime() <= now) expect([load.proofStatus, load.proofAcceptedAt, load._count.proofReviews]).toEqual(["accepted", due, 1]);
      else expect([load.proofStatus, load._count.proofReviews]).toEqual(["awaiting_review", 0]);
    }

    const recent = awaiting.find((load) => load.job.reference === RECENT_DELIVERY_REFERENCE)!;
    const { browser } = await signedInAgent("shipper@example.com");
    const page = (await browser.get(`/loads/${recent.id}`).expect(200)).text;
    expect(page).toContain("<strong>Awaiting your review</strong>");
    expect(page).toContain(`action="/loads/${recent.id}/proof_review"`);
  });
});
