import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The carrier's job board and dashboard across a block: the blocked shipper's jobs leave the board,
// its total and the dashboard's "Jobs on the board"; unblocking brings them back.

type User = Awaited<ReturnType<typeof createShipper>>;
let blocking: User;
let other: User;
let carrier: User;

beforeEach(async () => {
  await db().job.updateMany({ data: { status: "cancelled" } });
  blocking = await createShipper();
  other = await createShipper();
  carrier = await createCarrier();
  await createJob(blocking.accountId, blocking.id, { reference: "Blocked shipper pallets" });
  await createJob(blocking.accountId, blocking.id, { reference: "Blocked shipper drums" });
  await createJob(other.accountId, other.id, { reference: "Other shipper pallets" });
});

const listed = (html: string) => [...html.matchAll(/<a href="\/jobs\/\d+">([^<]+)<\/a>/g)].map((match) => match[1]!).sort();
const panel = (html: string) => /<span class="stat-value">(\d+)<\/span>\s*<span class="stat-title">Jobs on the board<\/span>/.exec(html)?.[1];

describe("the job board across a block", () => {
  it.each([
    { who: "the shipper blocked the carrier", by: () => blocking, target: () => carrier },
    { who: "the carrier blocked the shipper", by: () => carrier, target: () => blocking },
  ])("$who: the shipper's jobs leave the board, its total and the dashboard; unblocking restores them", async ({ by, target }) => {
    const { browser } = await signedInAgent(carrier.email);
    const before = (await browser.get("/jobs?after=1")).text;
    expect(listed(before)).toEqual(["Blocked shipper drums", "Blocked shipper pallets", "Other shipper pallets"]);
    const made = await db().companyBlock.create({ data: { blockerAccountId: by().accountId, blockedAccountId: target().accountId, blockedById: by().id } });
    const board = (await browser.get("/jobs?after=2")).text;
    expect(listed(board)).toEqual(["Other shipper pallets"]);
    expect(board).toContain("1 job");
    expect(panel((await browser.get("/dashboard")).text)).toBe("1");
    const rival = await signedInAgent((await createCarrier()).email);
    expect(listed((await rival.browser.get("/jobs?after=3")).text)).toHaveLength(3);

    await db().companyBlock.delete({ where: { id: made.id } });
    expect(listed((await browser.get("/jobs?after=4")).text)).toHaveLength(3);
    expect(panel((await browser.get("/dashboard")).text)).toBe("3");
  });
});
