import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { readBoardFilters } from "#domain/jobs/board-filters.ts";
import { jobBoard } from "#pages/job-board.server.ts";
import { biddingJobSelect, placeQuote, withdrawQuote } from "#models/quotes.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { spyOnStatements } from "../../support/statements.ts";

// The board marks the jobs the viewing carrier has an active quote on ("You quoted £420 · 2 loads"),
// read with the page: one query for the whole page, never one per job.

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrier: User;
let rival: User;
const jobs: Record<string, number> = {};

const quote = async (user: User, jobId: number, valueCents: number, numberOfLoads: number) => {
  const job = await db().job.findUniqueOrThrow({ where: { id: jobId }, select: biddingJobSelect });
  const result = await placeQuote(job, (await findUserWithAccount(user.id))!, { valueCents, numberOfLoads });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.quote;
};

/** Each board row's reference and badge (null without one). */
function badges(html: string): Record<string, string | null> {
  const rows = [...html.matchAll(/<tr id="job_\d+">([\s\S]*?)<\/tr>/g)].map((match) => match[1] ?? "");
  return Object.fromEntries(rows.map((row) => [/<a href="\/jobs\/\d+">([^<]+)<\/a>/.exec(row)?.[1], /<span class="status-pill quoted-badge"[^>]*>([^<]+)<\/span>/.exec(row)?.[1] ?? null]));
}

beforeAll(async () => {
  shipper = await createShipper();
  carrier = await createCarrier();
  rival = await createCarrier();
  for (const reference of ["Quoted", "Rival only", "Withdrawn", "Not quoted"]) {
    jobs[reference] = (await createJob(shipper.accountId, shipper.id, { reference, loadType: "ibc", expectedQuantity: 3, numberOfLoads: 3 })).id;
  }
  await quote(carrier, jobs.Quoted!, 42_000, 2);
  await quote(rival, jobs.Quoted!, 41_000, 1);
  await quote(rival, jobs["Rival only"]!, 39_000, 3);
  const withdrawn = await quote(carrier, jobs.Withdrawn!, 50_000, 1);
  const job = await db().job.findUniqueOrThrow({ where: { id: jobs.Withdrawn! }, select: biddingJobSelect });
  await withdrawQuote(job, { ...withdrawn, carrierAccountId: carrier.accountId });
});

describe("the job board's quoted badge", () => {
  it("marks each job with the viewer's own active quote only", async () => {
    const board = await jobBoard(readBoardFilters({ load_type: "ibc" }), { accountId: carrier.accountId });
    expect(Object.fromEntries(board.jobs.map((job) => [job.reference, job.quoted]))).toEqual({
      Quoted: "You quoted £420 · 2 loads",
      "Rival only": null,
      Withdrawn: null,
      "Not quoted": null,
    });
    const asRival = await jobBoard(readBoardFilters({ load_type: "ibc" }), { accountId: rival.accountId });
    expect(Object.fromEntries(asRival.jobs.map((job) => [job.reference, job.quoted]))).toMatchObject({ Quoted: "You quoted £410 · 1 load", "Rival only": "You quoted £390 · 3 loads" });
  });

  it("shows the badge on the carrier's board page", async () => {
    const { browser } = await signedInAgent(carrier.email);
    const page = await browser.get("/jobs").query({ load_type: "ibc" }).expect(200);
    expect(badges(page.text)).toEqual({ Quoted: "You quoted £420 · 2 loads", "Rival only": null, Withdrawn: null, "Not quoted": null });
  });

  it("costs one query more than the board without a viewer, whatever the page's size", async () => {
    const spy = spyOnStatements();
    const statements = async (viewer: { accountId: number } | null, loadType: string) => {
      spy.clear();
      await jobBoard(readBoardFilters({ load_type: loadType }), viewer);
      // The count and the places are kept between views (board-facts): only the page's own reads here;
      // the viewer's blocks (one read, counted in statements.test.ts) are not the badge's.
      return spy.sent().filter((sql) => !/SELECT COUNT|GROUP BY|"CompanyBlock"/.test(sql));
    };
    try {
      const anonymous = await statements(null, "ibc");
      const small = await statements({ accountId: carrier.accountId }, "ibc");
      for (let i = 0; i < 20; i++) {
        const id = (await createJob(shipper.accountId, shipper.id, { reference: `Drums ${i}`, loadType: "drums" })).id;
        await quote(carrier, id, 30_000 + i * 100, 1);
      }
      const full = await statements({ accountId: carrier.accountId }, "drums");
      expect(anonymous).toHaveLength(2);
      expect(small, small.join("\n")).toHaveLength(3);
      expect(full).toHaveLength(3);
      expect(small.filter((sql) => /FROM "Quote"/.test(sql))).toHaveLength(1);
    } finally {
      spy.restore();
    }
  });
});
