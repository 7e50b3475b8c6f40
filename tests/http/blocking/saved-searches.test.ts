import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { savedFilters } from "#domain/jobs/saved-search.ts";
import { sendHourlyDigests } from "#models/digests/hourly.server.ts";
import { savedSearchesOf } from "#models/saved-searches/list.server.ts";
import { recordMatches } from "#models/saved-searches/matches.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";

// Each test looks for a region of its own, so other tests' jobs never match its searches.

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrier: User;
let region: string;

beforeEach(async () => {
  shipper = await createShipper();
  carrier = await createCarrier();
  region = `Blockshire ${Date.now()}-${Math.random()}`;
  await db().savedSearch.create({ data: { userId: carrier.id, name: "Blockshire", filters: savedFilters.serialise(savedFilters.fromQuery({ delivery_region: `GB:${region}` })) } });
});

const publish = async (reference: string) => {
  const job = await createJob(shipper.accountId, shipper.id, { reference, delivery: { city: "Glasgow", countryCode: "GB", region } });
  return { job, recorded: await recordMatches(job.id) };
};
const newMatches = async () => (await savedSearchesOf((await findUserWithAccount(carrier.id))!))[0]!.newMatches;
const blockBy = (blocker: User, blocked: User) =>
  db().companyBlock.create({ data: { blockerAccountId: blocker.accountId, blockedAccountId: blocked.accountId, blockedById: blocker.id } });

describe("saved searches across a block", () => {
  it.each([
    { who: "the shipper blocked the carrier", block: () => blockBy(shipper, carrier) },
    { who: "the carrier blocked the shipper", block: () => blockBy(carrier, shipper) },
  ])("$who: no match recorded, no notification", async ({ block }) => {
    await block();
    const { job, recorded } = await publish("Blocked run");
    expect(recorded).toBe(0);
    expect(await db().savedSearchMatch.count({ where: { jobId: job.id } })).toBe(0);
    expect(await db().notification.count({ where: { userId: carrier.id, kind: "search_match" } })).toBe(0);
  });

  it("matches made before a block leave the search's count and the digest; unblocking brings them back", async () => {
    await publish("Before the block");
    expect(await newMatches()).toBe(1);
    const made = await blockBy(shipper, carrier);
    expect(await newMatches()).toBe(0);
    await sendHourlyDigests(new Date(), "https://loadline.example");
    expect(lettersTo(carrier.email)).toHaveLength(0);

    await db().companyBlock.delete({ where: { id: made.id } });
    expect(await newMatches()).toBe(1);
    await sendHourlyDigests(new Date(), "https://loadline.example");
    expect(lettersTo(carrier.email)).toHaveLength(1);
    expect(lettersTo(carrier.email)[0]!.text).toContain("Before the block");
  });
});
