import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { verifyStreamName } from "#cable/signed-stream-name.ts";
import { db } from "#db/client.server.ts";
import { streamSecret } from "#lib/turbo.server.ts";
import { biddingJobSelect, placeQuote, withdrawQuote } from "#models/quotes.server.ts";
import { canFollowStream } from "#server/stream-access.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { recordBroadcasts } from "../../support/messaging-fixtures.ts";

// An open "My quotes" page follows its account's own quotes stream (not the account stream, which
// every page follows for the nav): a quote that moves other carriers' loads by the rules refreshes
// the pages of exactly those carriers, and of the carrier who quoted.

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let me: User;
let rival: User;
let bystander: User;
let recorder: ReturnType<typeof recordBroadcasts> | undefined;

afterEach(() => recorder?.stop());

beforeAll(async () => {
  shipper = await createShipper();
  me = await createCarrier();
  rival = await createCarrier();
  bystander = await createCarrier();
});

async function quote(user: User, jobId: number, pounds: number) {
  const job = await db().job.findUniqueOrThrow({ where: { id: jobId }, select: biddingJobSelect });
  const result = await placeQuote(job, (await findUserWithAccount(user.id))!, { valueCents: pounds * 100, numberOfLoads: 1 });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.quote;
}

// Quotes placed here are not part of a request Turbo made, so their refreshes name none.
const PLAIN_REFRESH = '<turbo-stream action="refresh"></turbo-stream>';
const refreshes = (rec: ReturnType<typeof recordBroadcasts>, user: User) => rec.to(`quotes:${user.accountId}`);

describe("live My quotes", () => {
  it("subscribes the page to the account's quotes stream, signed", async () => {
    const { browser } = await signedInAgent(me.email);
    const page = await browser.get("/quotes").expect(200);
    const streams = (html: string) => [...html.matchAll(/signed-stream-name="([^"]+)"/g)].map((match) => verifyStreamName(match[1]!.replaceAll("&quot;", '"'), streamSecret()));
    expect(streams(page.text)).toContain(`quotes:${me.accountId}`);
    // Only this page follows it: a refresh there never reloads the account's other pages.
    const dashboard = await browser.get("/dashboard").expect(200);
    expect(streams(dashboard.text)).toContain(`account:${me.accountId}`);
    expect(streams(dashboard.text)).not.toContain(`quotes:${me.accountId}`);
  });

  it("refreshes the pages of the carrier outbid, and of the carrier who quoted, but no one else's", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "One load" });
    await quote(me, job.id, 400);
    await quote(bystander, job.id, 900);
    recorder = recordBroadcasts();
    await quote(rival, job.id, 350);
    expect(refreshes(recorder, me)).toEqual([PLAIN_REFRESH]);
    expect(refreshes(recorder, rival)).toEqual([PLAIN_REFRESH]);
    expect(refreshes(recorder, bystander)).toEqual([]);
    expect(await db().notification.count({ where: { user: { accountId: me.accountId }, kind: "outbid" } })).toBe(1);
  });

  it("refreshes when a quote's share of the loads changes without being outbid", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Split", expectedQuantity: 2, numberOfLoads: 2, firstBidPercentage: 50, secondBidPercentage: 50 });
    await quote(me, job.id, 400);
    recorder = recordBroadcasts();
    await quote(rival, job.id, 500);
    // Both win one load: mine did not move (still 1 of 1 asked), the rival's page is refreshed as the quoter's.
    expect(refreshes(recorder, me)).toEqual([]);
    expect(refreshes(recorder, rival)).toEqual([PLAIN_REFRESH]);
  });

  it("refreshes the carriers a withdrawal lets back in", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Withdrawn cheaper" });
    await quote(me, job.id, 400);
    const cheaper = await quote(rival, job.id, 300);
    recorder = recordBroadcasts();
    const bidding = await db().job.findUniqueOrThrow({ where: { id: job.id }, select: biddingJobSelect });
    expect((await withdrawQuote(bidding, { ...cheaper, carrierAccountId: rival.accountId })).ok).toBe(true);
    expect(refreshes(recorder, me)).toEqual([PLAIN_REFRESH]);
    expect(refreshes(recorder, rival)).toEqual([PLAIN_REFRESH]);
  });

  it("refreshes nothing through the account stream, which every page of the account follows", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Quiet account stream" });
    await quote(me, job.id, 400);
    recorder = recordBroadcasts();
    await quote(rival, job.id, 350);
    expect(recorder.to(`account:${me.accountId}`)).toEqual([]);
  });
});

describe("following a quotes stream", () => {
  it.each([
    ["a carrier admin, their own account's", () => me, () => `quotes:${me.accountId}`, true],
    ["a carrier member, their own account's", async () => createUser("carrier", { role: "member", accountId: me.accountId }), () => `quotes:${me.accountId}`, true],
    ["a driver of the account", async () => createUser("carrier", { role: "driver", accountId: me.accountId }), () => `quotes:${me.accountId}`, false],
    ["another carrier's", () => rival, () => `quotes:${me.accountId}`, false],
    ["a shipper, their own account's", () => shipper, () => `quotes:${shipper.accountId}`, false],
  ] as const)("%s: %s", async (_who, user, stream, expected) => {
    const current = (await findUserWithAccount((await user()).id))!;
    expect(await canFollowStream(current, stream())).toBe(expected);
  });

  it("names the Turbo request that caused a refresh, so the page that sent it does not refresh over its own answer", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Named refresh" });
    await quote(rival, job.id, 500);
    const { browser, csrf } = await signedInAgent(me.email);
    recorder = recordBroadcasts();
    await browser.post(`/jobs/${job.id}/quotes`).set("X-Turbo-Request-Id", "3f1c2b9e-7d4a-4e8b-9c1d-2a5b6c7d8e9f").type("form").send({ _csrf: csrf, price: "450", number_of_loads: "1" }).expect(303);
    expect(refreshes(recorder, me)).toEqual(['<turbo-stream action="refresh" request-id="3f1c2b9e-7d4a-4e8b-9c1d-2a5b6c7d8e9f"></turbo-stream>']);
    expect(refreshes(recorder, rival)).toEqual(['<turbo-stream action="refresh" request-id="3f1c2b9e-7d4a-4e8b-9c1d-2a5b6c7d8e9f"></turbo-stream>']);
  });

  it("leaves out a Turbo request id it cannot use", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Unnamed refresh" });
    const { browser, csrf } = await signedInAgent(me.email);
    recorder = recordBroadcasts();
    await browser.post(`/jobs/${job.id}/quotes`).set("X-Turbo-Request-Id", '"><script>x</script>').type("form").send({ _csrf: csrf, price: "450", number_of_loads: "1" }).expect(303);
    expect(refreshes(recorder, me)).toEqual([PLAIN_REFRESH]);
  });
});
