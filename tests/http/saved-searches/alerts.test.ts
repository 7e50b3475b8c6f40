import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { savedFilters } from "#domain/jobs/saved-search.ts";
import { recordMatches } from "#models/saved-searches/matches.server.ts";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob, formBody, jobFormBody } from "../../support/job-fixtures.ts";
import { recordBroadcasts } from "../../support/messaging-fixtures.ts";

// Each test delivers to a region of its own, so searches saved by one test never match another's jobs.

type User = Awaited<ReturnType<typeof createCarrier>>;
let shipper: User;
let shipperBrowser: Agent;
let shipperCsrf: string;
let recorder: ReturnType<typeof recordBroadcasts>;

beforeAll(async () => {
  shipper = await createShipper({ name: "Sarah Shipper" });
  ({ browser: shipperBrowser, csrf: shipperCsrf } = await signedInAgent(shipper.email));
});
beforeEach(() => {
  recorder = recordBroadcasts();
});
afterEach(() => recorder.stop());

function saveSearch(user: { id: number }, name: string, query: Record<string, string>) {
  return db().savedSearch.create({ data: { userId: user.id, name, filters: savedFilters.serialise(savedFilters.fromQuery(query)) } });
}

/** Posts the job form as the shipper: a single load of pallets from Leeds to `city` in `region`, published unless told. */
async function postJob(reference: string, region: string, button: "publish" | "draft" = "publish", overrides: Record<string, unknown> = {}) {
  const body = jobFormBody({
    reference,
    deliveries: [{ city: "Glasgow", post_code: "G1 1AA", region, country_code: "GB", latitude: "55.86", longitude: "-4.25", window_date: "2031-03-04" }],
    ...overrides,
  });
  const response = await shipperBrowser.post("/jobs").type("form").send(formBody({ _csrf: shipperCsrf, ...body, [button]: "1" }));
  expect(response.status).toBe(303);
  return db().job.findFirstOrThrow({ where: { reference }, orderBy: { id: "desc" } });
}

const matchesOf = (jobId: number) => db().savedSearchMatch.findMany({ where: { jobId }, select: { savedSearchId: true }, orderBy: { savedSearchId: "asc" } });
const alertsFor = (jobId: number) =>
  db().notification.findMany({ where: { kind: "search_match", path: `/jobs/${jobId}` }, select: { userId: true, title: true, body: true, path: true }, orderBy: { userId: "asc" } });
const ids = (...rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);

describe("publishing a job alerts the carriers whose saved searches it matches", () => {
  it("records one match per matching search and notifies its owner, in the app and live; nobody else", async () => {
    const alice = await createCarrier({ name: "Alice" });
    const bob = await createUser("carrier", { role: "member", accountId: (await createCarrier()).accountId, name: "Bob" });
    const carol = await createCarrier({ name: "Carol" });
    const removed = await createCarrier({ name: "Removed Rita" });
    await db().user.update({ where: { id: removed.id }, data: { removedAt: new Date() } });
    const driver = await createUser("carrier", { role: "driver", accountId: alice.accountId });
    const shipperColleague = await createUser("shipper", { role: "admin", accountId: shipper.accountId });

    const aliceSearch = await saveSearch(alice, "Leeds to Alba", { pickup_region: "GB:England", delivery_region: "GB:Alba One" });
    const bobSearch = await saveSearch(bob, "Alba pallets", { delivery_region: "GB:Alba One", load_type: "palletised", vehicle_type: "curtain_side" });
    await saveSearch(carol, "Alba drums", { delivery_region: "GB:Alba One", load_type: "drums" });
    await saveSearch(carol, "Elsewhere", { delivery_region: "GB:Somewhere Else" });
    await saveSearch(removed, "Alba", { delivery_region: "GB:Alba One" });
    // Only carrier office users can save searches; rows that exist for anyone else are never consulted.
    await saveSearch(driver, "Driver's", { delivery_region: "GB:Alba One" });
    await saveSearch(shipperColleague, "Our own", { delivery_region: "GB:Alba One" });

    const job = await postJob("Pallets to Glasgow", "Alba One");

    expect((await matchesOf(job.id)).map((m) => m.savedSearchId)).toEqual(ids(aliceSearch, bobSearch));
    const alerts = await alertsFor(job.id);
    expect(alerts.map((a) => a.userId)).toEqual(ids(alice, bob));
    expect(alerts[0]).toEqual({ userId: alice.id, title: "New job for “Leeds to Alba”: Pallets to Glasgow", body: "Leeds → Glasgow · Collect 3 Mar 2031", path: `/jobs/${job.id}` });
    expect(alerts[1]!.title).toBe("New job for “Alba pallets”: Pallets to Glasgow");

    const [live] = recorder.to(`user:${alice.id}`);
    expect(live).toContain('<turbo-stream action="prepend" target="notification_cards">');
    expect(live).toContain("New job for “Leeds to Alba”: Pallets to Glasgow");
    for (const user of [carol, removed, driver, shipper, shipperColleague]) expect(recorder.to(`user:${user.id}`)).toEqual([]);
  });

  it("tells a person once about a job that matches several of their searches, though each search records it", async () => {
    const dan = await createCarrier();
    const first = await saveSearch(dan, "Alba", { delivery_region: "GB:Alba Two" });
    const second = await saveSearch(dan, "Alba curtain-siders", { delivery_region: "GB:Alba Two", vehicle_type: "curtain_side" });

    const job = await postJob("Two searches, one job", "Alba Two");

    expect((await matchesOf(job.id)).map((m) => m.savedSearchId)).toEqual(ids(first, second));
    expect(await alertsFor(job.id)).toEqual([expect.objectContaining({ userId: dan.id, title: "New job for “Alba”: Two searches, one job" })]);
  });

  it("records nothing for a job that matches no search", async () => {
    const erin = await createCarrier();
    await saveSearch(erin, "Alba drums", { delivery_region: "GB:Alba Three", load_type: "drums" });
    const job = await postJob("Pallets, not drums", "Alba Three");
    expect(await matchesOf(job.id)).toEqual([]);
    expect(await alertsFor(job.id)).toEqual([]);
  });

  it("never duplicates: saving the published job again, publishing it again or recording again adds nothing", async () => {
    const fay = await createCarrier();
    await saveSearch(fay, "Alba", { delivery_region: "GB:Alba Four" });
    const job = await postJob("Publish me once", "Alba Four");
    expect(await matchesOf(job.id)).toHaveLength(1);

    const body = jobFormBody({ reference: "Publish me once", deliveries: [{ city: "Glasgow", region: "Alba Four", country_code: "GB", latitude: "55.86", longitude: "-4.25", window_date: "2031-03-04" }] });
    for (const button of ["save", "publish"]) {
      const response = await shipperBrowser.post(`/jobs/${job.id}`).type("form").send(formBody({ _csrf: shipperCsrf, _method: "patch", ...body, [button]: "1" }));
      expect(response.status).toBe(303);
    }
    await shipperBrowser.post(`/jobs/${job.id}/publication`).type("form").send({ _csrf: shipperCsrf }).expect(409);
    expect(await recordMatches(job.id)).toBe(0);

    expect(await matchesOf(job.id)).toHaveLength(1);
    expect(await alertsFor(job.id)).toHaveLength(1);
  });

  it("waits for a draft to be published: saving a draft alerts nobody, publishing it does", async () => {
    const gus = await createCarrier();
    await saveSearch(gus, "Alba", { delivery_region: "GB:Alba Five" });
    const draft = await postJob("Draft first", "Alba Five", "draft");
    expect(draft.status).toBe("draft");
    expect(await recordMatches(draft.id)).toBe(0);
    expect(await matchesOf(draft.id)).toEqual([]);

    await shipperBrowser.post(`/jobs/${draft.id}/publication`).type("form").send({ _csrf: shipperCsrf }).expect(303);

    expect(await matchesOf(draft.id)).toHaveLength(1);
    expect((await alertsFor(draft.id)).map((a) => a.userId)).toEqual([gus.id]);
  });

  it("alerts on an auction as soon as it is on the board, scheduled or live", async () => {
    const hal = await createCarrier();
    await saveSearch(hal, "Alba", { delivery_region: "GB:Alba Six" });
    const scheduled = await postJob("Later auction", "Alba Six", "publish", { is_auction: "1", auction_opens_at: "2031-01-01T09:00", auction_closes_at: "2031-01-02T09:00" });
    const live = await postJob("Running auction", "Alba Six", "publish", { is_auction: "1", auction_opens_at: "2020-01-01T09:00", auction_closes_at: "2031-01-02T09:00" });
    expect([scheduled.status, live.status]).toEqual(["scheduled", "live"]);
    expect((await alertsFor(scheduled.id)).map((a) => a.userId)).toEqual([hal.id]);
    expect((await alertsFor(live.id)).map((a) => a.userId)).toEqual([hal.id]);
  });

  it("alerts when an edit brings a published job into a search, but not searches saved after it was published", async () => {
    const ida = await createCarrier();
    const early = await saveSearch(ida, "Alba", { delivery_region: "GB:Alba Seven" });
    const job = await postJob("Moved delivery", "Somewhere Else Seven");
    expect(await matchesOf(job.id)).toEqual([]);
    const late = await createCarrier();
    await saveSearch(late, "Alba, saved later", { delivery_region: "GB:Alba Seven" });

    const body = jobFormBody({ reference: "Moved delivery", deliveries: [{ city: "Glasgow", region: "Alba Seven", country_code: "GB", latitude: "55.86", longitude: "-4.25", window_date: "2031-03-04" }] });
    await shipperBrowser.post(`/jobs/${job.id}`).type("form").send(formBody({ _csrf: shipperCsrf, _method: "patch", ...body, save: "1" })).expect(303);

    expect((await matchesOf(job.id)).map((m) => m.savedSearchId)).toEqual([early.id]);
    expect((await alertsFor(job.id)).map((a) => a.userId)).toEqual([ida.id]);
  });

  it("records nothing for a job off the board, an unknown job, or a search whose filters no longer read as any filter", async () => {
    const jay = await createCarrier();
    await db().savedSearch.create({ data: { userId: jay.id, name: "Old option", filters: '{"vehicle_type":"spaceship"}' } });
    await saveSearch(jay, "Alba", { delivery_region: "GB:Alba Eight" });
    const cancelled = await createJob(shipper.accountId, shipper.id, { status: "cancelled", delivery: { city: "Glasgow", countryCode: "GB", region: "Alba Eight" } });
    expect(await recordMatches(cancelled.id)).toBe(0);
    expect(await recordMatches(999_999)).toBe(0);
    const open = await createJob(shipper.accountId, shipper.id, { delivery: { city: "Glasgow", countryCode: "GB", region: "Alba Eight" } });
    expect(await recordMatches(open.id)).toBe(1);
  });
});
