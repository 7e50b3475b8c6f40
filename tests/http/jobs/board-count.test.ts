import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { JOB_STATUSES } from "#domain/jobs/status.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// One rule for the jobs carriers can quote on: the board lists open tenders, live auctions and
// auctions scheduled to open, and every count of them (the carrier's dashboard) counts the same.

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrier: User;

const stat = (html: string, title: string) => new RegExp(`<span class="stat-value">(\\d+)</span>\\s*<span class="stat-title">${title}</span>`).exec(html)?.[1];
const boardTotal = (html: string) => /<p class="muted">([\d,]+) jobs? on the board/.exec(html)?.[1];
const references = (html: string) => [...html.matchAll(/<a href="\/jobs\/\d+">([^<]+)<\/a>/g)].map((match) => match[1]);

beforeAll(async () => {
  shipper = await createShipper();
  carrier = await createCarrier();
  const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
  // One job in every status; the auctions with their times.
  for (const { value: status } of JOB_STATUSES) {
    const auction = ["scheduled", "live", "closed"].includes(status);
    await createJob(shipper.accountId, shipper.id, {
      reference: `Status ${status}`,
      status,
      ...(auction ? { isAuction: true, auctionOpensAt: status === "scheduled" ? at("2031-01-01") : at("2020-01-01"), auctionClosesAt: status === "closed" ? at("2021-01-01") : at("2031-06-01") } : {}),
    });
  }
});

describe("jobs on the board", () => {
  it("the carrier's dashboard counts exactly what the board lists: open, live and scheduled", async () => {
    const { browser } = await signedInAgent(carrier.email);
    const dashboard = (await browser.get("/dashboard").expect(200)).text;
    const board = (await browser.get("/jobs").expect(200)).text;
    expect(stat(dashboard, "Jobs on the board")).toBeDefined();
    expect(stat(dashboard, "Jobs on the board")).toBe(boardTotal(board));
    expect(dashboard).not.toContain("Jobs taking quotes");
    const listed = references(board).filter((reference) => reference?.startsWith("Status "));
    expect(listed.sort()).toEqual(["Status live", "Status open", "Status scheduled"]);
    // The dashboard's own number, read from the data: the board has these three and whatever the database already held.
    expect(Number(stat(dashboard, "Jobs on the board"))).toBe(await db().job.count({ where: { status: { in: ["open", "scheduled", "live"] } } }));
  });

  it("stays equal as jobs come and go", async () => {
    const { browser } = await signedInAgent(carrier.email);
    const extra = await createJob(shipper.accountId, shipper.id, { reference: "Late arrival" });
    const counts = async () => [stat((await browser.get("/dashboard").query({ n: String(Math.random()) })).text, "Jobs on the board"), boardTotal((await browser.get("/jobs").query({ n: String(Math.random()) })).text)];
    const [before, boardBefore] = await counts();
    expect(before).toBe(boardBefore);
    await db().job.update({ where: { id: extra.id }, data: { status: "cancelled" } });
    const [after, boardAfter] = await counts();
    expect(after).toBe(boardAfter);
    expect(Number(after)).toBe(Number(before) - 1);
  });

  it("the carrier's open quotes count what My quotes shows as winning or outbid", async () => {
    const quoting = await createCarrier();
    const jobs = await db().job.findMany({ where: { reference: { startsWith: "Status " }, status: { in: ["open", "live", "closed", "awarded"] } }, select: { id: true } });
    for (const job of jobs) {
      await db().quote.create({ data: { jobId: job.id, carrierAccountId: quoting.accountId, placedById: quoting.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
    }
    const { browser } = await signedInAgent(quoting.email);
    const dashboard = (await browser.get("/dashboard").expect(200)).text;
    const quotes = (await browser.get("/quotes").expect(200)).text;
    const live = [...quotes.matchAll(/data-state="(active|outbid)"/g)].length;
    expect(live).toBe(2);
    expect(stat(dashboard, "Your open quotes")).toBe(String(live));
    expect(dashboard).toMatch(/<a class="stat" href="\/quotes">\s*<span class="stat-value">2<\/span>\s*<span class="stat-title">Your open quotes/);
  });

  it("the shipper's jobs out for quotes count what the linked list's Out for quotes tab lists", async () => {
    const { browser } = await signedInAgent(shipper.email);
    const dashboard = (await browser.get("/dashboard").expect(200)).text;
    const list = (await browser.get("/jobs").expect(200)).text;
    const tab = /Out for quotes <span class="badge">(\d+)<\/span>/.exec(list)?.[1];
    expect(stat(dashboard, "Jobs out for quotes")).toBe(tab);
    expect(references(list).filter((reference) => reference?.startsWith("Status ")).sort()).toEqual(["Status closed", "Status live", "Status open", "Status scheduled"]);
  });
});
