import { beforeAll, describe, expect, it } from "vitest";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The board's order: soonest collection by default (a job's start date is its first collection day;
// undated jobs last), or latest collection, newest posted, or soonest auction close (tenders last),
// chosen with ?sort= and kept in the pagination links.

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrier: Agent;

const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
const references = (html: string) => [...html.matchAll(/<a href="\/jobs\/\d+">([^<]+)<\/a>/g)].map((match) => match[1]);

function job(reference: string, columns: Parameters<typeof createJob>[2]) {
  return createJob(shipper.accountId, shipper.id, { reference, loadType: "drums", ...columns });
}

beforeAll(async () => {
  shipper = await createShipper();
  ({ browser: carrier } = await signedInAgent((await createCarrier()).email));
  await job("May 10 tender", { startDate: at("2031-05-10"), publishedAt: at("2030-01-03") });
  await job("May 1 live auction", {
    startDate: at("2031-05-01"), publishedAt: at("2030-01-01"), status: "live", isAuction: true, auctionOpensAt: at("2020-01-01"), auctionClosesAt: at("2031-06-01"),
  });
  await job("Undated tender", { startDate: null, publishedAt: at("2030-01-05") });
  await job("May 20 scheduled auction", {
    startDate: at("2031-05-20"), publishedAt: at("2030-01-02"), status: "scheduled", isAuction: true, auctionOpensAt: at("2031-01-10"), auctionClosesAt: at("2031-02-01"),
  });
  await job("May 1 tender", { startDate: at("2031-05-01"), publishedAt: at("2030-01-04") });
  await job("Closed auction", { startDate: at("2031-04-01"), status: "closed", isAuction: true, auctionOpensAt: at("2020-01-01"), auctionClosesAt: at("2021-01-01") });
});

const board = (query: Record<string, string> = {}) => carrier.get("/jobs").query({ load_type: "drums", ...query }).expect(200);

describe("the job board's order", () => {
  const SOONEST = ["May 1 live auction", "May 1 tender", "May 10 tender", "May 20 scheduled auction", "Undated tender"];

  it("is soonest collection first by default, undated jobs last, ties in the order posted", async () => {
    const page = await board();
    expect(references(page.text)).toEqual(SOONEST);
    expect(page.text).toContain("Sorted by soonest collection.");
  });

  it.each([
    { sort: "soonest", label: "Soonest collection", shown: SOONEST },
    { sort: "latest", label: "Latest collection", shown: ["May 20 scheduled auction", "May 10 tender", "May 1 tender", "May 1 live auction", "Undated tender"] },
    { sort: "newest", label: "Newest posted", shown: ["Undated tender", "May 1 tender", "May 10 tender", "May 20 scheduled auction", "May 1 live auction"] },
    { sort: "closing", label: "Auction closing soonest", shown: ["May 20 scheduled auction", "May 1 live auction", "May 1 tender", "May 10 tender", "Undated tender"] },
  ])("sort=$sort", async ({ sort, label, shown }) => {
    const page = await board({ sort });
    expect(references(page.text)).toEqual(shown);
    expect(page.text).toContain(`<option value="${sort}" selected>`);
    expect(page.text).toContain(`Sorted by ${label.toLowerCase()}.`);
  });

  it.each(["bogus", "LATEST", ""])("reads an unknown sort (%j) as soonest", async (sort) => {
    const page = await board({ sort });
    expect(references(page.text)).toEqual(SOONEST);
    expect(page.text).toContain('<option value="soonest" selected>');
  });

  it("offers the orders in a select labelled Sort by, a field of the filters form like the others (applied by Show jobs)", async () => {
    const page = await board({ sort: "newest" });
    const form = /<form action="\/jobs" method="get"[\s\S]*?<\/form>/.exec(page.text)?.[0] ?? "";
    expect(form).toContain('<label for="filter_sort">Sort by</label>');
    expect(form).toContain('<select id="filter_sort" name="sort">');
    expect(form).not.toContain('type="hidden" name="sort"');
    expect(form).toContain('<option value="newest" selected>');
    for (const value of ["soonest", "latest", "closing"]) expect(form).toContain(`<option value="${value}">`);
    expect(form).toContain('name="load_type"');
  });

  it("keeps the order in the pagination links", async () => {
    for (let i = 0; i < 21; i++) await job(`IBC ${String(i).padStart(2, "0")}`, { loadType: "ibc", startDate: at(`2032-01-${String(i + 1).padStart(2, "0")}`) });
    const first = await carrier.get("/jobs").query({ load_type: "ibc", sort: "latest" }).expect(200);
    expect(references(first.text)[0]).toBe("IBC 20");
    expect(first.text).toContain('href="/jobs?load_type=ibc&amp;sort=latest&amp;page=2"');
    const second = await carrier.get("/jobs").query({ load_type: "ibc", sort: "latest", page: "2" }).expect(200);
    expect(references(second.text)).toEqual(["IBC 00"]);
    expect(second.text).toContain('href="/jobs?load_type=ibc&amp;sort=latest"');
    const soonest = await carrier.get("/jobs").query({ load_type: "ibc" }).expect(200);
    expect(soonest.text).toContain('href="/jobs?load_type=ibc&amp;page=2"');
  });
});
