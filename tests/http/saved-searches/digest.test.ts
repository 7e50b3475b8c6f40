import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { savedFilters } from "#domain/jobs/saved-search.ts";
import { recordMatches } from "#models/saved-searches/matches.server.ts";
import { sendHourlyDigests } from "#models/digests/hourly.server.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";

// Each test's searches look for a region of their own, so one test's jobs never reach another's inbox.

const ORIGIN = "https://loadline.example";
const MINUTE = 60_000;
let shipper: Awaited<ReturnType<typeof createShipper>>;

beforeAll(async () => {
  shipper = await createShipper();
});

async function searcher(name: string, searches: Record<string, string>) {
  const user = await createCarrier({ name });
  for (const [searchName, region] of Object.entries(searches)) {
    await db().savedSearch.create({ data: { userId: user.id, name: searchName, filters: savedFilters.serialise(savedFilters.fromQuery({ delivery_region: `GB:${region}` })) } });
  }
  return user;
}

/** A job on the board delivering to `region` (in Glasgow), its matches recorded as publishing would. */
async function publish(reference: string, region: string) {
  const job = await createJob(shipper.accountId, shipper.id, { reference, delivery: { city: "Glasgow", countryCode: "GB", region } });
  await recordMatches(job.id);
  return job;
}

const at = (start: Date, minutes: number) => new Date(start.getTime() + minutes * MINUTE);

describe("sendHourlyDigests: new matches by e-mail, at most one an hour", () => {
  it("sends one e-mail listing every new match, then waits an hour after it before the next", async () => {
    const kim = await searcher("Kim", { "Into Digest One": "Digest One" });
    const first = await publish("Pallets to Glasgow", "Digest One");
    const second = await publish("Drums to Glasgow", "Digest One");
    const t0 = new Date();

    await sendHourlyDigests(t0, ORIGIN);

    const letters = lettersTo(kim.email);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.subject).toBe("2 new jobs match your saved searches");
    expect(letters[0]!.text).toContain("Hello Kim,");
    expect(letters[0]!.text).toContain(`Pallets to Glasgow\nLeeds → Glasgow · Collect 3 Mar 2027\nMatches “Into Digest One”\n${ORIGIN}/jobs/${first.id}\n`);
    expect(letters[0]!.text).toContain(`Drums to Glasgow\nLeeds → Glasgow · Collect 3 Mar 2027\nMatches “Into Digest One”\n${ORIGIN}/jobs/${second.id}\n`);
    expect(letters[0]!.link).toBe(`${ORIGIN}/jobs/${first.id}`);
    const stamped = await db().savedSearchMatch.findMany({ where: { jobId: { in: [first.id, second.id] } }, select: { emailedAt: true } });
    expect(stamped.map((match) => match.emailedAt?.getTime())).toEqual([t0.getTime(), t0.getTime()]);

    // Nothing new: nothing sent.
    await sendHourlyDigests(at(t0, 5), ORIGIN);
    expect(lettersTo(kim.email)).toHaveLength(1);

    // A match 10 minutes later waits until an hour after the last digest.
    const third = await publish("Late pallets to Glasgow", "Digest One");
    await sendHourlyDigests(at(t0, 10), ORIGIN);
    await sendHourlyDigests(at(t0, 59), ORIGIN);
    expect(lettersTo(kim.email)).toHaveLength(1);

    await sendHourlyDigests(at(t0, 60), ORIGIN);
    const after = lettersTo(kim.email);
    expect(after).toHaveLength(2);
    expect(after[1]!.subject).toBe("1 new job matches your saved searches");
    expect(after[1]!.text).toContain(`Late pallets to Glasgow\nLeeds → Glasgow · Collect 3 Mar 2027\nMatches “Into Digest One”\n${ORIGIN}/jobs/${third.id}\n`);
    expect(after[1]!.text).not.toContain("Drums to Glasgow");

    await sendHourlyDigests(at(t0, 200), ORIGIN);
    expect(lettersTo(kim.email)).toHaveLength(2);
  });

  it("lists a job matching several of a person's searches once, naming each search", async () => {
    const lee = await searcher("Lee", { "Digest Two": "Digest Two", "Anything in Digest Two": "Digest Two" });
    await publish("One job, two searches", "Digest Two");

    await sendHourlyDigests(new Date(), ORIGIN);

    const [letter] = lettersTo(lee.email);
    expect(letter!.subject).toBe("1 new job matches your saved searches");
    expect(letter!.text).toContain("Matches “Digest Two”, “Anything in Digest Two”");
    expect(letter!.text.match(/One job, two searches/g)).toHaveLength(1);
  });

  it("each person is e-mailed on their own clock, about their own matches only", async () => {
    const mo = await searcher("Mo", { "Digest Three": "Digest Three" });
    const nia = await searcher("Nia", { "Digest Four": "Digest Four" });
    await publish("For Mo", "Digest Three");
    const t0 = new Date();
    await sendHourlyDigests(t0, ORIGIN);
    await publish("For Nia", "Digest Four");
    await sendHourlyDigests(at(t0, 5), ORIGIN);

    expect(lettersTo(mo.email).map((letter) => letter.text.includes("For Nia"))).toEqual([false]);
    expect(lettersTo(nia.email)).toHaveLength(1);
    expect(lettersTo(nia.email)[0]!.text).toContain("For Nia");
  });

  it("leaves out jobs that have left the board, and people who have been removed", async () => {
    const ola = await searcher("Ola", { "Digest Five": "Digest Five" });
    const pat = await searcher("Pat", { "Digest Five too": "Digest Five" });
    const gone = await publish("Cancelled before the digest", "Digest Five");
    const open = await publish("Still open", "Digest Five");
    expect(await db().savedSearchMatch.count({ where: { jobId: open.id } })).toBe(2);
    await db().job.update({ where: { id: gone.id }, data: { status: "cancelled" } });
    await db().user.update({ where: { id: pat.id }, data: { removedAt: new Date() } });

    await sendHourlyDigests(new Date(), ORIGIN);

    const [letter] = lettersTo(ola.email);
    expect(letter!.text).toContain("Still open");
    expect(letter!.text).not.toContain("Cancelled before the digest");
    expect(lettersTo(pat.email)).toEqual([]);
  });
});

describe("sendHourlyDigests and pools", () => {
  it("mails a job offered only to pools to a company in one of them, not to one removed from it since the match", async () => {
    const kept = await searcher("Kept", { "Into Pool Digest": "Pool Digest" });
    const removed = await searcher("Removed", { "Into Pool Digest too": "Pool Digest" });
    const pool = await db().pool.create({ data: { shipperAccountId: shipper.accountId, name: `Digest pool ${Date.now()}`, createdById: shipper.id } });
    await db().poolMember.createMany({ data: [kept, removed].map((user) => ({ poolId: pool.id, carrierAccountId: user.accountId })) });
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Pooled pallets to Glasgow", audience: "pools", onMarket: false, delivery: { city: "Glasgow", countryCode: "GB", region: "Pool Digest" } });
    await db().jobPool.create({ data: { jobId: job.id, poolId: pool.id } });
    await recordMatches(job.id);
    expect(await db().savedSearchMatch.count({ where: { jobId: job.id } })).toBe(2);
    await db().poolMember.delete({ where: { poolId_carrierAccountId: { poolId: pool.id, carrierAccountId: removed.accountId } } });

    await sendHourlyDigests(new Date(), ORIGIN);

    expect(lettersTo(kept.email).map((letter) => letter.text.includes(`${ORIGIN}/jobs/${job.id}`))).toEqual([true]);
    expect(lettersTo(removed.email)).toHaveLength(0);
  });
});
