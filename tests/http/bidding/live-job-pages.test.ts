import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { verifyStreamName } from "#cable/signed-stream-name.ts";
import { db } from "#db/client.server.ts";
import { streamSecret } from "#lib/turbo.server.ts";
import { awardJob, secureNow } from "#models/award.server.ts";
import { closeDueAuctions, openDueAuctions } from "#models/auctions.server.ts";
import { useCable, type LiveCable } from "#lib/broadcast.server.ts";
import { cancelJob, requireOwnJob } from "#models/jobs.server.ts";
import { biddingJobSelect, placeQuote, withdrawQuote } from "#models/quotes.server.ts";
import { updateAllocationRules } from "#models/quotes/allocation.server.ts";
import { canFollowStream } from "#server/stream-access.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createAuctionJob, createJob, formBody, jobFormBody } from "../../support/job-fixtures.ts";

// Open job pages update by themselves: every page of a job (its page, the shipper's quotes page, a
// carrier's quote page) follows the job's stream, and each verb that changes what they show sends
// one Turbo refresh on it once its write has committed. The refresh carries nothing else: each page
// fetches itself again as its own viewer, so what it then shows is the page tests below check.

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrierA: User;
let carrierB: User;

beforeEach(async () => {
  shipper = await createShipper({ company: "Acme Foods" });
  carrierA = await createCarrier({ company: "Northstar Haulage" });
  carrierB = await createCarrier({ company: "Secret Rival Transport" });
});

// Stands in for the cable, noting with each broadcast what the database held when it was sent.
type Sent = { stream: string; html: string; jobStatus: string | null; loads: number; quotes: number };
let sent: Sent[] = [];
afterEach(() => useCable(null));

function recordRefreshes(jobId: number) {
  sent = [];
  const cable: LiveCable = {
    async broadcast(stream, message) {
      const [job, loads, quotes] = await Promise.all([
        db().job.findUnique({ where: { id: jobId }, select: { status: true } }),
        db().load.count({ where: { jobId } }),
        db().quote.count({ where: { jobId, status: "active" } }),
      ]);
      sent.push({ stream, html: String(message), jobStatus: job?.status ?? null, loads, quotes });
    },
    async disconnectUser() {},
    restart() {},
  };
  useCable(cable);
}

const PLAIN_REFRESH = '<turbo-stream action="refresh"></turbo-stream>';
const jobRefreshes = (jobId: number) => sent.filter((b) => b.stream === `job:${jobId}`);

const biddingJob = (id: number) => db().job.findUniqueOrThrow({ where: { id }, select: biddingJobSelect });
const current = async (user: User) => (await findUserWithAccount(user.id))!;

async function quote(user: User, jobId: number, pounds: number, loads = 1) {
  const result = await placeQuote(await biddingJob(jobId), await current(user), { valueCents: pounds * 100, numberOfLoads: loads });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.quote;
}

const streamsOf = (html: string) =>
  [...html.matchAll(/signed-stream-name="([^"]+)"/g)].map((match) => verifyStreamName(match[1]!.replaceAll("&quot;", '"'), streamSecret()));
const panelOf = (html: string) => /<section class="card bidding-panel"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const auctionPropsOf = (html: string) => {
  const match = /data-island-component-value="auction-panel"\s+data-island-props-value="([^"]+)"/.exec(html);
  return JSON.parse(match![1]!.replaceAll("&#34;", '"').replaceAll("&quot;", '"').replaceAll("&amp;", "&"));
};

describe("the job's pages follow its stream", () => {
  it("the job page, for its shipper and for a carrier, and both quotes pages", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Followed job" });
    await quote(carrierB, job.id, 500);
    const owner = await signedInAgent(shipper.email);
    const carrier = await signedInAgent(carrierA.email);
    for (const [browser, path] of [[owner.browser, `/jobs/${job.id}`], [owner.browser, `/jobs/${job.id}/quotes`], [carrier.browser, `/jobs/${job.id}`], [carrier.browser, `/jobs/${job.id}/quotes`]] as const) {
      const page = await browser.get(path).expect(200);
      expect(streamsOf(page.text), path).toContain(`job:${job.id}`);
    }
  });

  it.each([
    { who: "the shipper's admin", user: () => shipper, expected: true },
    { who: "a member of the shipper's office", user: () => createUser("shipper", { role: "member", accountId: shipper.accountId }), expected: true },
    { who: "another shipper", user: () => createShipper(), expected: false },
    { who: "a carrier, while the job is out for quotes", user: () => carrierA, expected: true },
  ])("on an open job, $who may follow it: $expected", async ({ user, expected }) => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Open to follow" });
    expect(await canFollowStream(await current(await user()), `job:${job.id}`)).toBe(expected);
  });

  it("after the award, only carriers who quoted (or run its loads) may follow it, as only they may read the page", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Awarded to follow" });
    await quote(carrierA, job.id, 400);
    await quote(carrierB, job.id, 500);
    const stranger = await createCarrier();
    expect(await canFollowStream(await current(stranger), `job:${job.id}`)).toBe(true);
    expect((await awardJob(job.id)).ok).toBe(true);
    expect(await canFollowStream(await current(carrierA), `job:${job.id}`)).toBe(true);
    expect(await canFollowStream(await current(carrierB), `job:${job.id}`)).toBe(true);
    expect(await canFollowStream(await current(stranger), `job:${job.id}`)).toBe(false);
  });

  it("a draft is its shipper's alone", async () => {
    const draft = await createJob(shipper.accountId, shipper.id, { status: "draft" });
    expect(await canFollowStream(await current(shipper), `job:${draft.id}`)).toBe(true);
    expect(await canFollowStream(await current(carrierA), `job:${draft.id}`)).toBe(false);
  });
});

describe("what refreshes a job's pages", () => {
  it("a quote placed: one plain refresh, sent once the quote is saved", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    recordRefreshes(job.id);
    await quote(carrierA, job.id, 450);
    expect(jobRefreshes(job.id)).toEqual([{ stream: `job:${job.id}`, html: PLAIN_REFRESH, jobStatus: "open", loads: 0, quotes: 1 }]);
  });

  it("a quote changed or withdrawn, and the allocation rules changed", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 2, numberOfLoads: 2 });
    const mine = await quote(carrierA, job.id, 450);
    recordRefreshes(job.id);
    await quote(carrierA, job.id, 420);
    expect(jobRefreshes(job.id).map((b) => b.html)).toEqual([PLAIN_REFRESH]);
    expect((await withdrawQuote(await biddingJob(job.id), { ...mine, carrierAccountId: carrierA.accountId })).ok).toBe(true);
    expect(jobRefreshes(job.id).map((b) => b.quotes)).toEqual([1, 0]);
    expect((await updateAllocationRules(await biddingJob(job.id), { firstBidPercentage: 50, secondBidPercentage: 50, thirdBidPercentage: 0 })).ok).toBe(true);
    expect(jobRefreshes(job.id)).toHaveLength(3);
  });

  it("an edit of a published job: one refresh, once the change is saved", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Before the edit" });
    const { browser, csrf } = await signedInAgent(shipper.email);
    recordRefreshes(job.id);
    const saved = await browser.post(`/jobs/${job.id}`).type("form").send(formBody({ _csrf: csrf, _method: "patch", job: jobFormBody({ reference: "After the edit" }).job, publish: "1" }));
    expect(saved.status).toBe(303);
    expect((await db().job.findUniqueOrThrow({ where: { id: job.id } })).reference).toBe("After the edit");
    expect(jobRefreshes(job.id).map((b) => b.html)).toEqual([PLAIN_REFRESH]);
  });

  it("the award: one refresh, once the job is awarded and its loads exist", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 2, numberOfLoads: 2 });
    await quote(carrierA, job.id, 400, 2);
    await quote(carrierB, job.id, 500, 2);
    recordRefreshes(job.id);
    expect((await awardJob(job.id)).ok).toBe(true);
    expect(jobRefreshes(job.id)).toEqual([{ stream: `job:${job.id}`, html: PLAIN_REFRESH, jobStatus: "awarded", loads: 2, quotes: 0 }]);
  });

  it("secure now: one refresh for the winner's rivals, none for a carrier refused", async () => {
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - 60_000, Date.now() + 3_600_000, { secureNowPriceCents: 48_000 });
    await quote(carrierB, job.id, 500);
    recordRefreshes(job.id);
    expect((await secureNow(job.id, { accountId: carrierA.accountId, userId: carrierA.id })).ok).toBe(true);
    expect((await secureNow(job.id, { accountId: carrierB.accountId, userId: carrierB.id })).ok).toBe(false);
    expect(jobRefreshes(job.id)).toEqual([{ stream: `job:${job.id}`, html: PLAIN_REFRESH, jobStatus: "awarded", loads: 1, quotes: 0 }]);
  });

  it("the auction clock: an auction opening, and one closing with no bids", async () => {
    const opening = await createAuctionJob(shipper.accountId, shipper.id, Date.now() + 60_000, Date.now() + 3_600_000);
    recordRefreshes(opening.id);
    expect(await openDueAuctions(Date.now() + 61_000)).toContain(opening.id);
    expect(jobRefreshes(opening.id)).toEqual([expect.objectContaining({ html: PLAIN_REFRESH, jobStatus: "live" })]);

    const closing = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - 60_000, Date.now() + 60_000);
    recordRefreshes(closing.id);
    expect(await closeDueAuctions(Date.now() + 61_000)).toContain(closing.id);
    expect(jobRefreshes(closing.id)).toEqual([expect.objectContaining({ html: PLAIN_REFRESH, jobStatus: "closed" })]);
  });

  it("the job cancelled", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    recordRefreshes(job.id);
    expect((await cancelJob(await requireOwnJob(await current(shipper), job.id))).ok).toBe(true);
    expect(jobRefreshes(job.id)).toEqual([expect.objectContaining({ html: PLAIN_REFRESH, jobStatus: "cancelled" })]);
  });

  it("nothing for a quote refused because bidding has closed", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { status: "awarded" });
    recordRefreshes(job.id);
    const result = await placeQuote(await biddingJob(job.id), await current(carrierA), { valueCents: 40_000, numberOfLoads: 1 });
    expect(result.ok).toBe(false);
    expect(sent).toEqual([]);
  });
});

describe("what a refreshed page shows", () => {
  it("the shipper's job page: no quotes, then how many, the cheapest and the way to the ranked quotes", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Counting quotes" });
    const { browser } = await signedInAgent(shipper.email);
    expect(text(panelOf((await browser.get(`/jobs/${job.id}`).expect(200)).text))).toContain("No quotes yet.");
    await quote(carrierA, job.id, 450);
    await quote(carrierB, job.id, 420);
    const panel = panelOf((await browser.get(`/jobs/${job.id}`).expect(200)).text);
    expect(text(panel)).toContain("2 quotes so far; the cheapest is £420.00 a load.");
    expect(panel).not.toContain("No quotes yet");
    expect(panel).toContain(`href="/jobs/${job.id}/quotes"`);
  });

  it("the outbid carrier's allocator: the rival's cheaper quote is in it, anonymous", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Outbid preview" });
    await quote(carrierA, job.id, 450);
    await quote(carrierB, job.id, 420);
    const page = (await (await signedInAgent(carrierA.email)).browser.get(`/jobs/${job.id}`).expect(200)).text;
    const props = /data-island-component-value="bid-allocator"\s+data-island-props-value="([^"]+)"/.exec(page)![1]!.replaceAll("&#34;", '"').replaceAll("&quot;", '"');
    expect(JSON.parse(props).quotes.map((q: { key: string; valueCents: number }) => [q.key, q.valueCents])).toEqual([["bid-1", 42_000], ["mine", 45_000]]);
    expect(page).not.toContain("Secret Rival Transport");
  });

  it("the losing carrier's page after the award: the award and their outcome, and no quote form", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Awarded tender" });
    await quote(carrierA, job.id, 400);
    await quote(carrierB, job.id, 500);
    expect((await awardJob(job.id)).ok).toBe(true);

    const loserPage = (await (await signedInAgent(carrierB.email)).browser.get(`/jobs/${job.id}`).expect(200)).text;
    const loser = panelOf(loserPage);
    expect(text(loser)).toContain("This job has been awarded. Your quote of £500.00 a load lost: it won no loads.");
    expect(loser).not.toContain("bid-form");
    expect(loser).not.toContain("Update quote");
    // The job's conversation has closed with the bidding: its empty list no longer invites a hello.
    expect(text(loserPage)).toContain("No messages were sent. Bidding on this job has ended, so its conversation is closed.");
    expect(loserPage).not.toContain("Say hello");
    const winner = panelOf((await (await signedInAgent(carrierA.email)).browser.get(`/jobs/${job.id}`).expect(200)).text);
    expect(text(winner)).toContain("This job has been awarded. Your quote won: 1 load at £400.00 a load.");
  });

  it("a late 'Update quote' after the award goes back to the job page, which says so; the quote is unchanged", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Too late to update" });
    await quote(carrierA, job.id, 400);
    const mine = await quote(carrierB, job.id, 500);
    const { browser, csrf } = await signedInAgent(carrierB.email);
    await browser.get(`/jobs/${job.id}`).expect(200); // the page the carrier has open, drawn before the award
    expect((await awardJob(job.id)).ok).toBe(true);

    const late = await browser.patch(`/jobs/${job.id}/quotes/${mine.id}`).type("form").send({ _csrf: csrf, price: "380", number_of_loads: "1", return_to: `/jobs/${job.id}` });
    expect(late.status).toBe(303);
    expect(late.headers.location).toBe(`/jobs/${job.id}`);
    const page = (await browser.get(late.headers.location!).expect(200)).text;
    expect(page).toContain('<div class="flash flash-alert toast" role="alert" data-controller="toast" data-action="turbo:before-cache@document->toast#remove">This job has been awarded</div>');
    expect(text(panelOf(page))).toContain("This job has been awarded. Your quote of £500.00 a load lost: it won no loads.");
    expect(await db().quote.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({ valueCents: 50_000, status: "declined" });

    const withdrawal = await browser.delete(`/jobs/${job.id}/quotes/${mine.id}`).type("form").send({ _csrf: csrf, return_to: `/jobs/${job.id}/quotes` });
    expect(withdrawal.status).toBe(303);
    expect(withdrawal.headers.location).toBe(`/jobs/${job.id}/quotes`);
    expect(text((await browser.get(`/jobs/${job.id}/quotes`).expect(200)).text)).toContain("This job has been awarded");
  });

  it("a mistyped quote while bidding is open still comes back with the problem beside its field (422)", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    const { browser, csrf } = await signedInAgent(carrierA.email);
    const response = await browser.post(`/jobs/${job.id}/quotes`).type("form").send({ _csrf: csrf, price: "", number_of_loads: "1" });
    expect(response.status).toBe(422);
    expect(response.text).toContain('<p class="field-error" id="quote_price_error">Enter your price</p>');
  });

  it("the other carrier's auction page once one secured it: closed, no 'Secure now' nor 'Place bid'", async () => {
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - 60_000, Date.now() + 3_600_000, { secureNowPriceCents: 48_000 });
    await quote(carrierB, job.id, 500);
    const { browser } = await signedInAgent(carrierB.email);
    expect(auctionPropsOf((await browser.get(`/jobs/${job.id}`).expect(200)).text)).toMatchObject({ canBid: true, secureNow: { priceText: "£480.00" } });
    expect((await secureNow(job.id, { accountId: carrierA.accountId, userId: carrierA.id })).ok).toBe(true);

    const page = (await browser.get(`/jobs/${job.id}`).expect(200)).text;
    expect(auctionPropsOf(page)).toMatchObject({ status: "awarded", canBid: false, secureNow: null });
    expect(page).not.toContain('id="bid-form"');
    expect(text(panelOf(page))).toContain("This job has been awarded. Your quote of £500.00 a load lost: it won no loads.");
  });
});

describe("a live auction's best price so far", () => {
  const liveAuction = () => createAuctionJob(shipper.accountId, shipper.id, Date.now() - 60_000, Date.now() + 3_600_000, { reference: "Reverse auction" });

  it("is the cheapest bid, shown to carriers and the shipper without whose it is", async () => {
    const job = await liveAuction();
    const carrier = await signedInAgent(carrierA.email);
    const before = (await carrier.browser.get(`/jobs/${job.id}`).expect(200)).text;
    expect(auctionPropsOf(before).bestPriceText).toBeNull();
    expect(text(before)).toContain("No bids yet");

    await quote(carrierB, job.id, 430);
    await quote(carrierA, job.id, 450);
    const after = (await carrier.browser.get(`/jobs/${job.id}`).expect(200)).text;
    expect(auctionPropsOf(after).bestPriceText).toBe("£430.00");
    expect(text(after)).toContain("Best price so far: £430.00 a load");
    expect(after).not.toContain("Secret Rival Transport");

    const owner = await signedInAgent(shipper.email);
    expect(auctionPropsOf((await owner.browser.get(`/jobs/${job.id}`).expect(200)).text).bestPriceText).toBe("£430.00");
    expect(auctionPropsOf((await owner.browser.get(`/jobs/${job.id}/quotes`).expect(200)).text).bestPriceText).toBe("£430.00");
  });

  it("leaves out withdrawn bids", async () => {
    const job = await liveAuction();
    const cheapest = await quote(carrierB, job.id, 410);
    await quote(carrierA, job.id, 450);
    expect((await withdrawQuote(await biddingJob(job.id), { ...cheapest, carrierAccountId: carrierB.accountId })).ok).toBe(true);
    const page = (await (await signedInAgent(carrierA.email)).browser.get(`/jobs/${job.id}`).expect(200)).text;
    expect(auctionPropsOf(page).bestPriceText).toBe("£450.00");
  });
});
