import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { biddingJobSelect, placeQuote, withdrawQuote } from "#models/quotes.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// "My quotes": every quote the carrier account placed, each with where it stands now. Every state
// is reached the way it happens: quotes placed and withdrawn through the bidding model, jobs
// awarded by the award model and cancelled by the shipper through the app.

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let me: User;
let colleague: User;
let driver: User;
let rival: User;
let stranger: User;
const jobs: Record<string, number> = {};

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

async function quote(user: User, reference: string, pounds: number, loads = 1) {
  const job = await db().job.findUniqueOrThrow({ where: { id: jobs[reference]! }, select: biddingJobSelect });
  const result = await placeQuote(job, (await findUserWithAccount(user.id))!, { valueCents: pounds * 100, numberOfLoads: loads });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.quote;
}

type Row = { id: number; state: string; jobId: number; reference: string; html: string };

/** The page's rows in order: quote id, state, job and the row's HTML. */
function rows(html: string): Row[] {
  return [...html.matchAll(/<tr id="quote_(\d+)" data-state="(\w+)">([\s\S]*?)<\/tr>/g)].map((match) => {
    const link = /<a href="\/jobs\/(\d+)">([^<]+)<\/a>/.exec(match[3] ?? "");
    return { id: Number(match[1]), state: match[2] ?? "", jobId: Number(link?.[1]), reference: link?.[2] ?? "", html: match[3] ?? "" };
  });
}

const cell = (row: Row, label: string) => new RegExp(`<td data-label="${label}">([\\s\\S]*?)</td>`).exec(row.html)?.[1]?.replace(/<[^>]+>/g, "").replace(/\s+/g, " ").trim();

async function pageFor(user: User, query: Record<string, string> = {}) {
  const { browser } = await signedInAgent(user.email);
  return browser.get("/quotes").query(query).expect(200);
}

beforeAll(async () => {
  shipper = await createShipper();
  me = await createCarrier({ company: "Northstar Haulage" });
  colleague = await createUser("carrier", { role: "member", accountId: me.accountId });
  driver = await createUser("carrier", { role: "driver", accountId: me.accountId });
  rival = await createCarrier({ company: "Rival Transport" });
  stranger = await createCarrier({ company: "Stranger Freight" });

  const job = async (reference: string, startDate: Date | null, columns: Parameters<typeof createJob>[2] = {}) => {
    jobs[reference] = (await createJob(shipper.accountId, shipper.id, { reference, startDate, ...columns })).id;
  };
  // Two loads split 50/50 between the two cheapest quotes.
  await job("Winning job", day("2031-06-05"), { expectedQuantity: 2, numberOfLoads: 2, firstBidPercentage: 50, secondBidPercentage: 50 });
  await job("Outbid job", day("2031-06-01"));
  await job("Won job", day("2031-06-03"));
  await job("Lost job", null);
  await job("Cancelled job", day("2031-06-02"));
  await job("Withdrawn job", day("2031-06-04"));
  await job("Stranger job", day("2031-06-06"));

  await quote(rival, "Winning job", 350, 2);
  await quote(me, "Winning job", 400, 2);
  await quote(stranger, "Winning job", 700, 1);

  await quote(me, "Outbid job", 500);
  await quote(rival, "Outbid job", 450);

  await quote(me, "Won job", 300);
  expect((await awardJob(jobs["Won job"]!)).ok).toBe(true);

  await quote(me, "Lost job", 600);
  await quote(rival, "Lost job", 300);
  expect((await awardJob(jobs["Lost job"]!)).ok).toBe(true);

  await quote(me, "Cancelled job", 350);
  const owner = await signedInAgent(shipper.email);
  await owner.browser.post(`/jobs/${jobs["Cancelled job"]}/cancellation`).type("form").send({ _csrf: owner.csrf }).expect(303);

  const withdrawn = await quote(me, "Withdrawn job", 380);
  const withdrawnJob = await db().job.findUniqueOrThrow({ where: { id: jobs["Withdrawn job"]! }, select: biddingJobSelect });
  expect((await withdrawQuote(withdrawnJob, { ...withdrawn, carrierAccountId: me.accountId })).ok).toBe(true);

  await quote(stranger, "Stranger job", 250);

  // The order the quotes were last changed in, oldest first, so "newest" is known.
  const changed = ["Lost job", "Won job", "Winning job", "Cancelled job", "Outbid job", "Withdrawn job"];
  for (const [i, reference] of changed.entries()) {
    await db().quote.updateMany({ where: { jobId: jobs[reference]!, carrierAccountId: me.accountId }, data: { updatedAt: new Date(Date.UTC(2030, 0, 1, 12, i)) } });
  }
});

describe("GET /quotes", () => {
  it("lists every quote the account placed with its state, newest first", async () => {
    const page = await pageFor(me);
    expect(page.text).toContain("<h1>My quotes</h1>");
    expect(page.text).toContain("6 quotes placed by your company");
    expect(rows(page.text).map((row) => [row.reference, row.state])).toEqual([
      ["Withdrawn job", "withdrawn"],
      ["Outbid job", "outbid"],
      ["Cancelled job", "lost"],
      ["Winning job", "active"],
      ["Won job", "won"],
      ["Lost job", "lost"],
    ]);
  });

  it("shows the job (linked), its route and collection, the price a load, the loads asked and the state", async () => {
    const winning = rows((await pageFor(me)).text).find((row) => row.reference === "Winning job")!;
    expect(winning.jobId).toBe(jobs["Winning job"]);
    expect(cell(winning, "Route")).toBe("Leeds → Bristol");
    expect(cell(winning, "Collection")).toBe("Collect 5 Jun 2031");
    expect(cell(winning, "Price a load")).toBe("£400.00");
    expect(cell(winning, "Loads asked")).toBe("2 of 2");
    expect(cell(winning, "State")).toBe("Winning 1 load");
    const states = Object.fromEntries(rows((await pageFor(me)).text).map((row) => [row.reference, cell(row, "State")]));
    expect(states).toMatchObject({ "Outbid job": "Outbid", "Won job": "Won", "Lost job": "Lost", "Cancelled job": "Lost", "Withdrawn job": "Withdrawn" });
  });

  it("is the same for everyone in the office", async () => {
    expect(rows((await pageFor(colleague)).text).map((row) => row.id)).toEqual(rows((await pageFor(me)).text).map((row) => row.id));
  });

  it("never shows another account's quotes", async () => {
    const mine = rows((await pageFor(me)).text);
    expect(mine.map((row) => row.reference)).not.toContain("Stranger job");
    const theirs = rows((await pageFor(stranger)).text);
    expect(theirs.map((row) => [row.reference, row.state])).toEqual([
      ["Stranger job", "active"],
      ["Winning job", "outbid"],
    ]);
    const myIds = new Set(mine.map((row) => row.id));
    expect(theirs.some((row) => myIds.has(row.id))).toBe(false);
    expect(rows((await pageFor(rival)).text).map((row) => row.reference).sort()).toEqual(["Lost job", "Outbid job", "Winning job"]);
  });

  it.each([
    { who: "a driver", user: () => driver },
    { who: "a shipper", user: () => shipper },
  ])("is not found for $who", async ({ user }) => {
    const { browser } = await signedInAgent(user().email);
    await browser.get("/quotes").expect(404);
    await browser.get("/quotes?sort=state").expect(404);
  });

  it("asks a visitor to sign in", async () => {
    const { agent } = await import("../../support/app.ts");
    const response = await agent().get("/quotes");
    expect([302, 303, 401]).toContain(response.status);
  });
});

describe("sorting My quotes", () => {
  it.each([
    { sort: "newest", shown: ["Withdrawn job", "Outbid job", "Cancelled job", "Winning job", "Won job", "Lost job"] },
    { sort: "collection", shown: ["Outbid job", "Cancelled job", "Won job", "Withdrawn job", "Winning job", "Lost job"] },
    { sort: "price", shown: ["Won job", "Cancelled job", "Withdrawn job", "Winning job", "Outbid job", "Lost job"] },
    { sort: "state", shown: ["Outbid job", "Winning job", "Won job", "Cancelled job", "Lost job", "Withdrawn job"] },
    { sort: "bogus", shown: ["Withdrawn job", "Outbid job", "Cancelled job", "Winning job", "Won job", "Lost job"] },
  ])("sort=$sort", async ({ sort, shown }) => {
    const page = await pageFor(me, { sort });
    expect(rows(page.text).map((row) => row.reference)).toEqual(shown);
    const chosen = sort === "bogus" ? "newest" : sort;
    expect(page.text).toContain(`<option value="${chosen}" selected>`);
  });

  it("puts outbid quotes first, then winning, won, lost and withdrawn", async () => {
    expect(rows((await pageFor(me, { sort: "state" })).text).map((row) => row.state)).toEqual(["outbid", "active", "won", "lost", "lost", "withdrawn"]);
  });

  it("chooses the order in a GET form labelled Sort by", async () => {
    const form = /<form action="\/quotes" method="get"[\s\S]*?<\/form>/.exec((await pageFor(me)).text)?.[0] ?? "";
    expect(form).toContain('<label for="quotes_sort">Sort by</label>');
    expect(form).toContain('<select id="quotes_sort" name="sort">');
    for (const value of ["newest", "collection", "price", "state"]) expect(form).toContain(`<option value="${value}"`);
  });
});

describe("paging My quotes", () => {
  it("shows 50 a page, keeping the order in the links", async () => {
    const busy = await createCarrier();
    for (let i = 0; i < 51; i++) {
      const job = await createJob(shipper.accountId, shipper.id, { reference: `Busy ${String(i).padStart(2, "0")}` });
      await db().quote.create({ data: { jobId: job.id, carrierAccountId: busy.accountId, placedById: busy.id, valueCents: 10_000 + i * 100, numberOfLoads: 1, status: "active" } });
    }
    for (const sort of ["price", "state"]) {
      const first = await pageFor(busy, { sort });
      expect(rows(first.text)).toHaveLength(50);
      expect(first.text).toContain("51 quotes placed by your company");
      expect(first.text).toContain("Page 1 of 2");
      expect(first.text).toContain(`href="/quotes?sort=${sort}&amp;page=2"`);
      const second = await pageFor(busy, { sort, page: "2" });
      expect(rows(second.text)).toHaveLength(1);
      expect(second.text).toContain(`href="/quotes?sort=${sort}"`);
    }
    expect(rows((await pageFor(busy, { sort: "price", page: "2" })).text).map((row) => row.reference)).toEqual(["Busy 50"]);
    const beyond = await pageFor(busy, { page: "9" });
    expect(beyond.text).toContain("Page 2 of 2");
  });

  it("says so when the account has not quoted yet", async () => {
    const page = await pageFor(await createCarrier());
    expect(page.text).toContain("You have not quoted on any jobs yet");
    expect(rows(page.text)).toEqual([]);
  });
});
