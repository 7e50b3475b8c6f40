import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { savedFilters } from "#domain/jobs/saved-search.ts";
import { sendHourlyDigests } from "#models/digests/hourly.server.ts";
import { afterJobSaved } from "#models/jobs/saving.server.ts";
import { reachMarketDue } from "#models/jobs/market-step.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";
import { BIRMINGHAM, GLOUCESTER, MANCHESTER, SHEFFIELD, jobAt, journeyForm, referencesIn, storeJourney } from "./helpers.ts";

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrier: User;

beforeEach(async () => {
  shipper = await createShipper({ company: "Severn Foods" });
  carrier = await createCarrier({ company: "Avon Haulage", name: "Cara" });
});

const told = (userId: number) =>
  db().notification.findMany({ where: { userId, kind: "journey_match" }, orderBy: { id: "asc" }, select: { title: true, body: true, path: true } });

/** Jobs the carrier may not see, all collecting in Birmingham on the journey's first day. */
async function hiddenJobs() {
  const other = await createShipper({ company: "Mendip Stone" });
  await jobAt(shipper, "A draft", BIRMINGHAM, 7, { status: "draft", publishedAt: null });
  const poolOnly = await jobAt(other, "Another pool's", BIRMINGHAM, 7, { audience: "pools", onMarket: false });
  const pool = await db().pool.create({ data: { shipperAccountId: other.accountId, name: "Regulars", createdById: other.id } });
  await db().jobPool.create({ data: { jobId: poolOnly.id, poolId: pool.id } });
  const blocker = await createShipper({ company: "Blocking Ltd" });
  await db().companyBlock.create({ data: { blockerAccountId: blocker.accountId, blockedAccountId: carrier.accountId, blockedById: blocker.id } });
  await jobAt(blocker, "Blocked shipper's", BIRMINGHAM, 7);
  await jobAt(shipper, "Awarded already", BIRMINGHAM, 7, { status: "awarded" });
  return [poolOnly];
}

describe("jobs along a journey the carrier may not see", () => {
  it("are never listed nor told: drafts, another pool's, a blocked shipper's, awarded ones", async () => {
    await hiddenJobs();
    await jobAt(shipper, "Seen", BIRMINGHAM, 7);
    const { browser, csrf } = await signedInAgent(carrier.email);
    const posted = await browser.post("/availability").type("form").send({ _csrf: csrf, ...journeyForm() });
    expect(referencesIn((await browser.get(posted.headers.location!)).text)).toEqual(["Seen"]);
    expect((await told(carrier.id)).map((n) => n.title)).toEqual(["Job along your journey Bristol → Leeds: Seen"]);
  });

  it("a job published later to carriers who cannot see it tells nobody; one they can see tells the poster once", async () => {
    await storeJourney(carrier);
    const hidden = await hiddenJobs();
    for (const job of hidden) await afterJobSaved(job.id, "open", false, true);
    expect(await told(carrier.id)).toEqual([]);
    const seen = await jobAt(shipper, "Published along the way", SHEFFIELD, 7);
    await afterJobSaved(seen.id, "open", false, true);
    await afterJobSaved(seen.id, "open", false);
    expect(await told(carrier.id)).toEqual([{ title: "Job along your journey Bristol → Leeds: Published along the way", body: expect.stringMatching(/^Sheffield → London · .* · \d+ miles out of your way$/), path: `/jobs/${seen.id}` }]);
    expect(await db().availabilityMatch.count({ where: { jobId: seen.id, availability: { accountId: carrier.accountId } } })).toBe(1);
  });

  it("a pool-first job reaching the market tells a poster outside the pool then, and only then", async () => {
    await storeJourney(carrier);
    const other = await createShipper();
    const job = await jobAt(other, "Pools first", GLOUCESTER, 7, { audience: "pools_then_market", onMarket: false, marketAt: new Date(Date.now() - 60_000) });
    const pool = await db().pool.create({ data: { shipperAccountId: other.accountId, name: "First", createdById: other.id } });
    await db().jobPool.create({ data: { jobId: job.id, poolId: pool.id } });
    await afterJobSaved(job.id, "open", false, true);
    expect(await told(carrier.id)).toEqual([]);
    expect((await reachMarketDue(new Date())).reached).toContain(job.id);
    expect((await told(carrier.id)).map((n) => n.path)).toEqual([`/jobs/${job.id}`]);
  });

  it("a journey that cannot reach the collection in time, or is over, is not matched", async () => {
    // Free at 22:00 BST on the 7th: Sheffield is 150 miles on, past midnight; Gloucester 35 miles, before it.
    await storeJourney(carrier, { availableFrom: new Date("2027-06-07T21:00:00Z") });
    await storeJourney(carrier, { fromPlace: "Over", availableFrom: new Date("2020-06-07T07:00:00Z"), availableUntil: new Date("2020-06-08T17:00:00Z") });
    const late = await jobAt(shipper, "Sheffield too late", SHEFFIELD, 7);
    const near = await jobAt(shipper, "Gloucester in time", GLOUCESTER, 7);
    await afterJobSaved(late.id, "open", false, true);
    await afterJobSaved(near.id, "open", false, true);
    expect((await told(carrier.id)).map((n) => n.path)).toEqual([`/jobs/${near.id}`]);
  });
});

describe("the hourly e-mail", () => {
  it("lists the matched jobs once an hour, each once, and not again", async () => {
    await storeJourney(carrier);
    const first = await jobAt(shipper, "Gloucester cider", GLOUCESTER, 7);
    await afterJobSaved(first.id, "open", false, true);
    const t0 = new Date("2027-06-01T09:00:00Z");
    await sendHourlyDigests(t0, "https://loadline.example");
    const letters = lettersTo(carrier.email);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.subject).toBe("1 new job along your planned journeys");
    expect(letters[0]!.text).toContain("Hello Cara,");
    expect(letters[0]!.text).toContain(`Gloucester cider\nGloucester → London · Collect 7 Jun 2027\nAlong Bristol → Leeds\nhttps://loadline.example/jobs/${first.id}\n`);
    const second = await jobAt(shipper, "Sheffield steel", SHEFFIELD, 7);
    await afterJobSaved(second.id, "open", false, true);
    await sendHourlyDigests(new Date(t0.getTime() + 59 * 60_000), "https://loadline.example");
    expect(lettersTo(carrier.email)).toHaveLength(1);
    await sendHourlyDigests(new Date(t0.getTime() + 60 * 60_000), "https://loadline.example");
    const after = lettersTo(carrier.email);
    expect(after).toHaveLength(2);
    expect(after[1]!.text).toContain("Sheffield steel");
    expect(after[1]!.text).not.toContain("Gloucester cider");
  });

  it("is one letter with the saved searches' matches: a job both found is listed once, with both", async () => {
    await storeJourney(carrier);
    const filters = savedFilters.serialise(savedFilters.fromQuery({ load_type: "palletised" }));
    await db().savedSearch.create({ data: { userId: carrier.id, name: "Pallets", filters, createdAt: new Date(Date.now() - 60_000) } });
    const job = await jobAt(shipper, "Gloucester cider", GLOUCESTER, 7);
    await afterJobSaved(job.id, "open", false, true);
    expect(await db().savedSearchMatch.count({ where: { jobId: job.id } })).toBe(1);
    await sendHourlyDigests(new Date("2027-06-01T09:00:00Z"), "https://loadline.example");
    const letters = lettersTo(carrier.email);
    expect(letters.map((letter) => letter.subject)).toEqual(["1 new job for your saved searches and planned journeys"]);
    expect(letters[0]!.text).toContain(`Gloucester cider\nGloucester → London · Collect 7 Jun 2027\nMatches “Pallets”\nAlong Bristol → Leeds\nhttps://loadline.example/jobs/${job.id}\n`);
    // Both matches are stamped e-mailed (other tests' carriers, whose journeys pass too, are not this letter's).
    expect(await db().availabilityMatch.count({ where: { jobId: job.id, availability: { userId: carrier.id }, emailedAt: null } })).toBe(0);
    expect(await db().savedSearchMatch.count({ where: { jobId: job.id, savedSearch: { userId: carrier.id }, emailedAt: null } })).toBe(0);
  });

  it("counts the hour from the last letter of either kind", async () => {
    const filters = savedFilters.serialise(savedFilters.fromQuery({ load_type: "palletised" }));
    await db().savedSearch.create({ data: { userId: carrier.id, name: "Pallets", filters, createdAt: new Date(Date.now() - 60_000) } });
    const searched = await jobAt(shipper, "Found by the search", MANCHESTER, 7);
    await afterJobSaved(searched.id, "open", false, true);
    const t0 = new Date("2027-06-01T09:00:00Z");
    await sendHourlyDigests(t0, "https://loadline.example");
    expect(lettersTo(carrier.email).map((letter) => letter.subject)).toEqual(["1 new job matches your saved searches"]);
    await storeJourney(carrier);
    const along = await jobAt(shipper, "Found along the journey", GLOUCESTER, 7, { loadType: "drums" });
    await afterJobSaved(along.id, "open", false, true);
    await sendHourlyDigests(new Date(t0.getTime() + 30 * 60_000), "https://loadline.example");
    expect(lettersTo(carrier.email)).toHaveLength(1);
    await sendHourlyDigests(new Date(t0.getTime() + 60 * 60_000), "https://loadline.example");
    expect(lettersTo(carrier.email).map((letter) => letter.subject)).toEqual(["1 new job matches your saved searches", "1 new job along your planned journeys"]);
  });

  it("leaves out a job the poster can no longer see (a block since)", async () => {
    await storeJourney(carrier);
    const job = await jobAt(shipper, "Blocked since", GLOUCESTER, 7);
    await afterJobSaved(job.id, "open", false, true);
    await db().companyBlock.create({ data: { blockerAccountId: shipper.accountId, blockedAccountId: carrier.accountId, blockedById: shipper.id } });
    await sendHourlyDigests(new Date("2027-06-01T09:00:00Z"), "https://loadline.example");
    expect(lettersTo(carrier.email)).toHaveLength(0);
    // Not stamped either: lifting the block lets it go out.
    expect((await db().availabilityMatch.findFirstOrThrow({ where: { jobId: job.id } })).emailedAt).toBeNull();
  });
});
