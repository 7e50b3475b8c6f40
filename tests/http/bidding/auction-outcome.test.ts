import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { closeDueAuctions } from "#models/auctions.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createAuctionJob } from "../../support/job-fixtures.ts";

// When an auction ends, the shipper is told who won, how many loads at what price, and what happens
// next: in the notification and on the job page. The bidders hear that it ended (and each whether
// it won), never the winner's name or price.

const HOUR = 3_600_000;
const noticesTo = (userId: number) => db().notification.findMany({ where: { userId, kind: "auction_closed" }, select: { title: true, body: true, path: true } });

describe("the end of an auction", () => {
  it("tells the shipper who won at what price and what happens next, on the notification and the job page", async () => {
    const shipper = await createShipper();
    const winner = await createCarrier({ company: "Pennine Outcome Ltd" });
    const loser = await createCarrier({ company: "Dearer Haulage Ltd" });
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - 2 * HOUR, Date.now() - 1_000, { status: "live", reference: "Auction outcome" });
    for (const [carrier, valueCents] of [[winner, 41_000], [loser, 52_000]] as const) {
      await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents, numberOfLoads: 1, status: "active" } });
    }

    expect(await closeDueAuctions()).toContain(job.id);

    expect(await noticesTo(shipper.id)).toEqual([{
      title: "Auction won by Pennine Outcome Ltd: Auction outcome",
      body: "Won by Pennine Outcome Ltd: 1 load at £410.00 a load. Next, each carrier puts a driver on its loads; you are told as it does, and you can follow every load on your Loads page.",
      path: `/jobs/${job.id}`,
    }]);
    for (const bidder of [winner, loser]) {
      expect(await noticesTo(bidder.id)).toEqual([{ title: "Auction closed: Auction outcome", body: "Bidding has ended.", path: `/jobs/${job.id}` }]);
    }

    const { browser } = await signedInAgent(shipper.email);
    const page = (await browser.get(`/jobs/${job.id}`).expect(200)).text;
    const outcome = /<div class="award-outcome" id="award-outcome">([\s\S]*?)<\/div>/.exec(page)?.[1]?.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();
    expect(outcome).toBe(`Awarded: 1 load. Won by: Pennine Outcome Ltd: 1 load at £410.00 a load Next, each carrier puts a driver on its loads; you are told as it does, and you can follow every load on your Loads page. See the loads`);
    expect(page).toContain(`href="/loads?job=${job.id}"`);
  });

  it("tells the shipper when nobody won, and that it can run the auction again", async () => {
    const shipper = await createShipper();
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - 2 * HOUR, Date.now() - 1_000, { status: "live", reference: "Unbid auction" });

    expect(await closeDueAuctions()).toContain(job.id);

    const closing = "The auction closed without a winner: no quote could win any loads. Edit the job to run the auction again with new times, or cancel it.";
    expect(await noticesTo(shipper.id)).toEqual([{ title: "Auction closed without a winner: Unbid auction", body: closing, path: `/jobs/${job.id}` }]);
    const { browser } = await signedInAgent(shipper.email);
    const page = (await browser.get(`/jobs/${job.id}`).expect(200)).text;
    expect(page).toContain(`<p class="award-outcome" id="award-outcome">${closing}</p>`);
  });
});
