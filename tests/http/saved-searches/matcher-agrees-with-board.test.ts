import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { boardFiltersOf, matchesSearch, savedFilters, type SavedFilters } from "#domain/jobs/saved-search.ts";
import { BOARD_STATUSES } from "#domain/jobs/status.ts";
import { storedList } from "#domain/jobs/stored-values.ts";
import { boardWhere } from "#pages/job-board.server.ts";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The alerts run the pure matcher; the board runs SQL. A carrier must be alerted about exactly the
// jobs their saved search shows on the board, so for each set of filters both must pick the same jobs.

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const place = (kind: "pickup" | "delivery", city: string, countryCode: string | null, region: string | null, position = 0) => ({ kind, position, city, countryCode, region });

let carrier: Agent;

beforeAll(async () => {
  const shipper = await createShipper();
  ({ browser: carrier } = await signedInAgent((await createCarrier()).email));
  const job = (reference: string, columns: Parameters<typeof createJob>[2]) => createJob(shipper.accountId, shipper.id, { reference, ...columns });
  await job("Leeds to Belfast", { startDate: day("2031-04-10"), vehicleTypes: '["curtain_side","artic"]', locations: [place("pickup", "Leeds", "GB", "England"), place("delivery", "Belfast", "GB", "Northern Ireland")] });
  await job("Glasgow to Paris", { startDate: day("2031-04-20"), loadType: "shipping_container", vehicleTypes: "[]", locations: [place("pickup", "Glasgow", "GB", "Scotland"), place("delivery", "Paris", "FR", null)] });
  await job("Cardiff drums", { startDate: day("2031-04-05"), loadType: "drums", vehicleTypes: '["box"]', locations: [place("pickup", "Cardiff", "GB", "Wales"), place("delivery", "Leeds", "GB", "England")] });
  await job("Weekly run", { jobType: "multi", startDate: day("2031-03-01"), endDate: day("2031-06-30"), vehicleTypes: '["curtain_side"]', locations: [place("pickup", "Leeds", "GB", "England"), place("delivery", "Bristol", "GB", "England")] });
  await job("Two pickups", { startDate: day("2031-05-01"), vehicleTypes: '["box","curtain_side"]', locations: [place("pickup", "Perth", "GB", "Scotland"), place("pickup", "York", "GB", "England", 1), place("delivery", "Lyon", "FR", "Auvergne-Rhône-Alpes")] });
  await job("Undated", { startDate: null, vehicleTypes: '["curtain_side"]', locations: [place("pickup", "Somewhere", "GB", null), place("delivery", "Nowhere", null, null)] });
  await job("Lower-case region", { startDate: day("2031-04-15"), vehicleTypes: '["box"]', locations: [place("pickup", "Hull", "GB", "england"), place("delivery", "Dublin", "IE", null)] });
  await job("Live auction", { status: "live", isAuction: true, startDate: day("2031-04-01"), auctionOpensAt: day("2020-01-01"), auctionClosesAt: day("2031-01-01"), locations: [place("pickup", "Leeds", "GB", "England"), place("delivery", "Glasgow", "GB", "Scotland")] });
  await job("Scheduled auction", { status: "scheduled", isAuction: true, startDate: day("2031-04-02"), loadType: "drums", vehicleTypes: '["curtain_side"]', auctionOpensAt: day("2030-12-01"), auctionClosesAt: day("2031-01-01"), locations: [place("pickup", "Paris", "FR", null), place("delivery", "Leeds", "GB", "England")] });
  await job("Draft job", { status: "draft", startDate: day("2031-05-01"), locations: [place("pickup", "Leeds", "GB", "England"), place("delivery", "Glasgow", "GB", "Scotland")] });
  await job("Awarded job", { status: "awarded", startDate: day("2031-05-03"), locations: [place("pickup", "Leeds", "GB", "England"), place("delivery", "Glasgow", "GB", "Scotland")] });
});

/** Every job on the board, as the matcher sees it. */
async function boardJobs() {
  const rows = await db().job.findMany({
    where: { status: { in: [...BOARD_STATUSES] } },
    select: { reference: true, startDate: true, endDate: true, vehicleTypes: true, loadType: true, locations: { select: { kind: true, countryCode: true, region: true } } },
  });
  return rows.map((row) => ({ ...row, vehicleTypes: storedList(row.vehicleTypes) }));
}

const matched = async (filters: SavedFilters) => (await boardJobs()).filter((job) => matchesSearch(filters, job)).map((job) => job.reference).sort();
const listedOnPage = (html: string) => [...html.matchAll(/<a href="\/jobs\/\d+">([^<]+)<\/a>/g)].map((match) => match[1]!).sort();

describe("matchesSearch agrees with the job board", () => {
  it.each([
    {},
    { pickup_region: "GB" },
    { pickup_region: "GB:England" },
    { pickup_region: "GB:Scotland" },
    { pickup_region: "FR" },
    { delivery_region: "FR" },
    { delivery_region: "GB:England" },
    { date: "2031-04-08" },
    { date: "2031-06-01" },
    { vehicle_type: "box" },
    { vehicle_type: "curtain_side", load_type: "palletised" },
    { load_type: "drums" },
    { pickup_region: "GB:Scotland", delivery_region: "FR", date: "2031-04-15", vehicle_type: "box" },
  ])("on the page the board shows for %j", async (query) => {
    const page = await carrier.get("/jobs").query(query).expect(200);
    const expected = await matched(savedFilters.fromQuery(query));
    expect(listedOnPage(page.text)).toEqual(expected);
  });

  it("for every combination of a few values of each filter, through the board's own query", async () => {
    const values = {
      pickup_region: [undefined, "GB", "GB:England", "GB:Scotland", "GB:england", "FR"],
      delivery_region: [undefined, "GB:England", "GB:Northern Ireland", "FR", "FR:Auvergne-Rhône-Alpes", "IE"],
      date: [undefined, "2031-04-08", "2031-06-30", "2031-07-01"],
      vehicle_type: [undefined, "box", "curtain_side", "artic"],
      load_type: [undefined, "palletised", "drums", "shipping_container"],
    };
    let combinations = [{}] as Record<string, string>[];
    for (const [name, options] of Object.entries(values)) {
      combinations = combinations.flatMap((query) => options.map((value) => (value === undefined ? query : { ...query, [name]: value })));
    }
    const jobs = await boardJobs();
    let nonEmpty = 0;
    for (const query of combinations) {
      const filters = savedFilters.fromQuery(query);
      const listed = (await db().job.findMany({ where: boardWhere(boardFiltersOf(filters)), select: { reference: true } })).map((job) => job.reference).sort();
      const alerted = jobs.filter((job) => matchesSearch(filters, job)).map((job) => job.reference).sort();
      expect({ query, jobs: alerted }).toEqual({ query, jobs: listed });
      if (listed.length) nonEmpty += 1;
    }
    expect(combinations).toHaveLength(6 * 6 * 4 * 4 * 4);
    // The combinations are not all trivially empty.
    expect(nonEmpty).toBeGreaterThan(100);
  });
});
