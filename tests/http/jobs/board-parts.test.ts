import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { readBoardFilters } from "#domain/jobs/board-filters.ts";
import { jobBoard } from "#pages/job-board.server.ts";
import { boardParts } from "#pages/job-board/jobs-on-page.server.ts";
import { createShipper } from "../../support/fixtures.ts";
import { spyOnStatements } from "../../support/statements.ts";

// The latest-collection order and the "collecting from" filter are read in parts (dated / undated
// jobs; starting on or after the date / still running on it) and merged. Every order, with and
// without the date, page by page, must list exactly the jobs the board's rules name in their order,
// worked out here from the jobs themselves: undated jobs last in either collection order, ties by
// id, schedules that started before the date and end on or after it included.

type Row = { id: number; reference: string; startDate: Date | null; endDate: Date | null; publishedAt: Date; auctionClosesAt: Date | null };
const rows: Row[] = [];
const LOAD_TYPE = "drums";
const FROM = "2031-05-05";
const day = (iso: string, plus = 0) => new Date(Date.parse(`${iso}T00:00:00Z`) + plus * 86_400_000);

// Each rule of an order: a column, its direction, and whether its empty values go last.
type Rule = [keyof Row, "asc" | "desc", "nulls last"?];
const RULES: Record<string, Rule[]> = {
  soonest: [["startDate", "asc", "nulls last"], ["id", "asc"]],
  latest: [["startDate", "desc", "nulls last"], ["id", "desc"]],
  newest: [["publishedAt", "desc"], ["id", "desc"]],
  closing: [["auctionClosesAt", "asc", "nulls last"], ["startDate", "asc", "nulls last"], ["id", "asc"]],
};

function expected(sort: string, from: string | null): string[] {
  const value = (v: unknown) => (v instanceof Date ? v.getTime() : (v as number | null));
  const since = from ? day(from).getTime() : null;
  const kept = rows.filter((row) => since === null || (value(row.startDate) ?? -Infinity) >= since || (value(row.endDate) ?? -Infinity) >= since);
  return kept
    .sort((a, b) => {
      for (const [column, direction, nulls] of RULES[sort]!) {
        const [x, y] = [value(a[column]), value(b[column])];
        if (x === y) continue;
        if (x === null) return nulls ? 1 : -1;
        if (y === null) return nulls ? -1 : 1;
        return (x < y ? -1 : 1) * (direction === "desc" ? -1 : 1);
      }
      return 0;
    })
    .map((row) => row.reference);
}

async function listed(sort: string, from: string | null, page: number): Promise<string[]> {
  const board = await jobBoard(readBoardFilters({ load_type: LOAD_TYPE, sort, page: String(page), ...(from ? { date: from } : {}) }));
  return board.jobs.map((job) => job.reference);
}

beforeAll(async () => {
  const shipper = await createShipper();
  // 75 jobs: ties on every date, undated ones, schedules ending either side of FROM, auctions.
  await db().job.createMany({
    data: Array.from({ length: 75 }, (_, i) => {
      const startDate = i % 7 === 0 ? null : day("2031-05-01", i % 9);
      const auction = i % 6 === 0;
      return {
        shipperAccountId: shipper.accountId, createdById: shipper.id, reference: `Job ${String(i).padStart(2, "0")}`, jobType: i % 5 === 0 ? "multi" : "single",
        loadType: LOAD_TYPE, status: auction ? "live" : "open", publishedAt: day("2030-01-01", i % 11),
        startDate, endDate: startDate && i % 5 === 0 ? day("2031-05-01", (i % 9) + (i % 4) * 3) : null,
        isAuction: auction, auctionOpensAt: auction ? day("2020-01-01") : null, auctionClosesAt: auction ? day("2031-06-01", i % 3) : null,
      };
    }),
  });
  // Schedules naming an end but no start: they count from a date their end is on or after.
  await db().job.createMany({
    data: [day("2031-05-20"), day("2031-04-01")].map((endDate, i) => ({
      shipperAccountId: shipper.accountId, createdById: shipper.id, reference: `Open-ended ${i}`, jobType: "multi", loadType: LOAD_TYPE, status: "open", publishedAt: day("2030-02-01"), startDate: null, endDate,
    })),
  });
  rows.push(...(await db().job.findMany({ where: { loadType: LOAD_TYPE }, select: { id: true, reference: true, startDate: true, endDate: true, publishedAt: true, auctionClosesAt: true } })) as Row[]);
});

describe("the board read in parts", () => {
  it("has test data that reaches every part: undated jobs, and schedules running across the date", () => {
    const since = day(FROM).getTime();
    expect(rows.filter((row) => row.startDate === null).length).toBeGreaterThan(5);
    expect(rows.filter((row) => row.startDate && row.startDate.getTime() < since && (row.endDate?.getTime() ?? 0) >= since).length).toBeGreaterThan(2);
  });

  it("lists an undated schedule ending on or after the date, and not one ending before it", async () => {
    const all: string[] = [];
    for (let page = 1; page <= 5; page++) all.push(...(await listed("latest", FROM, page)));
    expect([all.includes("Open-ended 0"), all.includes("Open-ended 1")]).toEqual([true, false]);
    expect(expected("latest", FROM)).toContain("Open-ended 0");
  });

  it.each([
    ["soonest", 1, 2], ["latest", 2, 3], ["newest", 1, 1], ["closing", 1, 1],
  ] as const)("splits %s into %i part(s) without a date and %i with one (the other orders sort anyway)", (sort, without, withDate) => {
    expect(boardParts(sort, null)).toHaveLength(without);
    expect(boardParts(sort, day(FROM))).toHaveLength(withDate);
  });

  const cases = Object.keys(RULES).flatMap((sort) => [null, FROM].map((from) => ({ sort, from })));
  it.each(cases)("lists sort=$sort date=$from page by page exactly as the board's rules order them", async ({ sort, from }) => {
    const all = expected(sort, from);
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 20); page++) pages.push(...(await listed(sort, from, page)));
    expect(pages).toEqual(all);
  });

  it("reads a split page with one query per part in an order an index holds (no NULLS placement), then the page's jobs", async () => {
    await listed("latest", FROM, 1); // the count and places, kept from here on
    const spy = spyOnStatements();
    await listed("latest", FROM, 2);
    const sent = spy.sent();
    spy.restore();
    const jobReads = sent.filter((sql) => /FROM "Job"/.test(sql));
    expect(jobReads).toHaveLength(4);
    expect(jobReads.filter((sql) => /ORDER BY/.test(sql))).toHaveLength(3);
    expect(jobReads.filter((sql) => /NULLS/i.test(sql))).toEqual([]);
  });
});

describe("deep pages", () => {
  it("past page 50 fall back to one sorted query, in the same order", async () => {
    const shipper = await db().user.findFirstOrThrow({ select: { id: true, accountId: true } });
    await db().job.createMany({
      data: Array.from({ length: 1_000 }, (_, i) => ({
        shipperAccountId: shipper.accountId, createdById: shipper.id, reference: `Deep ${String(i).padStart(4, "0")}`, jobType: "single", loadType: LOAD_TYPE,
        status: "open", publishedAt: day("2030-01-01"), startDate: i % 10 === 0 ? null : day("2031-01-01", i % 200),
      })),
    });
    rows.splice(0, rows.length, ...((await db().job.findMany({ where: { loadType: LOAD_TYPE }, select: { id: true, reference: true, startDate: true, endDate: true, publishedAt: true, auctionClosesAt: true } })) as Row[]));
    const all = expected("latest", null);
    const pageReads = async (page: number) => {
      const spy = spyOnStatements();
      expect(await listed("latest", null, page)).toEqual(all.slice((page - 1) * 20, page * 20));
      const sent = spy.sent();
      spy.restore();
      return { parts: sent.filter((sql) => /SELECT "Job"\."id", "Job"\."startDate", "Job"\."publishedAt", "Job"\."auctionClosesAt" FROM/.test(sql)).length, sorted: sent.filter((sql) => /"Job"\."reference".* FROM "Job" .*ORDER BY/.test(sql)).length };
    };
    // Page 50 reaches the 1,000th job: still merged from the parts (its jobs then read by id). Page 51
    // is read in one query the database sorts.
    expect(await pageReads(50)).toEqual({ parts: 2, sorted: 0 });
    expect(await pageReads(51)).toEqual({ parts: 0, sorted: 1 });
    expect(await pageReads(53)).toEqual({ parts: 0, sorted: 1 });
  });
});
