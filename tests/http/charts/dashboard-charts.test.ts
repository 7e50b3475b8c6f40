import { beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { chartPropsIn, jobWithLoads } from "../../support/chart-fixtures.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { spyOnStatements } from "../../support/statements.ts";

// The dashboard's charts for a known world, over chosen months (January to March 2026) so the
// figures do not depend on today: what each side sees, and that no other account's loads count.

const PERIOD = "period=custom&from=2026-01&to=2026-03";
let shipper: Awaited<ReturnType<typeof createShipper>>;
let pennine: Awaited<ReturnType<typeof createCarrier>>;
let severn: Awaited<ReturnType<typeof createCarrier>>;

beforeAll(async () => {
  shipper = await createShipper({ company: "Chart Foods Ltd" });
  pennine = await createCarrier({ company: "Pennine Charts Ltd" });
  severn = await createCarrier({ company: "=Severn Charts" });
  await jobWithLoads(shipper, [
    { carrierAccountId: pennine.accountId, pence: 50_000, deliveredAt: new Date("2026-01-15T12:00:00Z") },
    { carrierAccountId: pennine.accountId, pence: 45_050, deliveredAt: new Date("2026-02-10T12:00:00Z") },
    // 23:30 on 31 March in London (BST): March.
    { carrierAccountId: severn.accountId, pence: 30_000, deliveredAt: new Date("2026-03-31T22:30:00Z") },
    // 00:30 on 1 April in London: April, outside the period.
    { carrierAccountId: severn.accountId, pence: 99_900, deliveredAt: new Date("2026-03-31T23:30:00Z"), pickupDate: "2026-04-01" },
  ]);
  await jobWithLoads(shipper, [{ carrierAccountId: severn.accountId, pence: 40_000, deliveredAt: new Date("2026-03-02T12:00:00Z") }], { from: "Hull", to: "York" });
  await jobWithLoads(shipper, [{ carrierAccountId: pennine.accountId, pence: 20_000, status: "assigned", pickupDate: "2026-03-20" }], { status: "awarded" });
  // Another shipper's load, run by Pennine: never on Chart Foods' dashboard, always on Pennine's.
  const stranger = await createShipper({ company: "Someone Else Ltd" });
  await jobWithLoads(stranger, [{ carrierAccountId: pennine.accountId, pence: 77_700, deliveredAt: new Date("2026-02-20T12:00:00Z") }], { from: "Perth", to: "Dundee" });
  // Pennine's quotes: two in February (one won), one in March.
  const quoteOn = async (createdAt: string, status: string) => {
    const job = await createJob(stranger.accountId, stranger.id);
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: pennine.accountId, placedById: pennine.id, valueCents: 40_000, numberOfLoads: 1, status, createdAt: new Date(createdAt) } });
  };
  await quoteOn("2026-02-03T10:00:00Z", "accepted");
  await quoteOn("2026-02-04T10:00:00Z", "declined");
  await quoteOn("2026-03-31T23:30:00Z", "active"); // 1 April in London
});

describe("the shipper's dashboard charts", () => {
  it("show spend per month stacked by carrier, in pounds, with the load delivered at 23:30 on 31 March (BST) in March", async () => {
    const { browser } = await signedInAgent(shipper.email);
    const page = await browser.get(`/dashboard?${PERIOD}`).expect(200);
    const spend = chartPropsIn(page.text, "chart-spend-per-month");
    expect(spend.labels).toEqual(["Jan 2026", "Feb 2026", "Mar 2026"]);
    expect(spend.datasets).toEqual([
      { label: "Pennine Charts Ltd", values: [500, 450.5, 0] },
      { label: "=Severn Charts", values: [0, 0, 700] },
    ]);
    expect(page.text).toContain("Jan 2026 to Mar 2026");
  });

  it("show loads by status, each carrier's share and the lanes' average prices, from the shipper's own loads only", async () => {
    const { browser } = await signedInAgent(shipper.email);
    const page = (await browser.get(`/dashboard?${PERIOD}`).expect(200)).text;
    const statuses = chartPropsIn(page, "chart-loads-by-status");
    expect([statuses.labels, statuses.values]).toEqual([["Awaiting driver", "Delivered"], [1, 4]]);
    const share = chartPropsIn(page, "chart-carrier-share");
    expect([share.labels, share.values]).toEqual([["=Severn Charts", "Pennine Charts Ltd"], [2, 2]]);
    expect(share.summary).toBe("Each carrier's share of loads. =Severn Charts 2 (50%); Pennine Charts Ltd 2 (50%).");
    const lanes = chartPropsIn(page, "chart-lane-prices");
    expect([lanes.labels, lanes.values]).toEqual([["Leeds → Bristol", "Hull → York"], [416.83, 400]]);
    expect(page).not.toContain("Perth");
    // The other shipper's £777 load shows nowhere in the page's body (the head carries random tokens).
    expect(page.slice(page.indexOf("<body"))).not.toMatch(/\b777\b/);
  });

  it("show the table of each chart's figures, written as the chart writes them", async () => {
    const { browser } = await signedInAgent(shipper.email);
    const page = (await browser.get(`/dashboard?${PERIOD}`).expect(200)).text;
    const table = /id="chart-spend-per-month-table"[\s\S]*?<\/table>/.exec(page)?.[0] ?? "";
    const cells = [...table.matchAll(/<t[hd][^>]*>([^<]*)<\/t[hd]>/g)].map((m) => m[1]);
    expect(cells).toEqual(["Month", "Pennine Charts Ltd", "=Severn Charts", "Jan 2026", "£500", "£0", "Feb 2026", "£450.5", "£0", "Mar 2026", "£0", "£700"]);
    expect(page).toContain('aria-controls="chart-spend-per-month-table"');
  });
});

describe("the carrier's dashboard charts", () => {
  it("show revenue per month from every shipper it works for, quotes placed and won, and its win rate", async () => {
    const { browser } = await signedInAgent(pennine.email);
    const page = (await browser.get(`/dashboard?${PERIOD}`).expect(200)).text;
    expect(chartPropsIn(page, "chart-revenue-per-month").values).toEqual([500, 1227.5, 0]);
    expect(chartPropsIn(page, "chart-quotes-placed-won").datasets).toEqual([
      { label: "Placed", values: [0, 2, 0] },
      { label: "Won", values: [0, 1, 0] },
    ]);
    const lanes = chartPropsIn(page, "chart-busiest-lanes");
    expect([lanes.labels, lanes.values]).toEqual([["Leeds → Bristol", "Perth → Dundee"], [2, 1]]);
    expect(page).toMatch(/<span class="stat-value">50%<\/span><span class="stat-title">Win rate<\/span>/);
  });

  it("are not shown to drivers", async () => {
    const driver = await createUser("carrier", { role: "driver", accountId: pennine.accountId });
    const { browser } = await signedInAgent(driver.email);
    // A driver's dashboard is their loads: no charts there, and no chart's figures either.
    const visit = await browser.get(`/dashboard?${PERIOD}`).expect(303);
    expect(visit.headers.location).toBe("/loads");
    expect((await browser.get("/loads").expect(200)).text).not.toContain("data-island-component-value=\"bar-chart\"");
    await browser.get(`/dashboard/charts/revenue-per-month.csv?${PERIOD}`).expect(404);
  });
});

describe("the period", () => {
  it("falls back to the last 12 months for an unknown or repeated period", async () => {
    const { browser } = await signedInAgent(shipper.email);
    for (const query of ["period=forever", "period=this_month&period=custom", "period[x]=1", ""]) {
      const page = (await browser.get(`/dashboard?${query}`).expect(200)).text;
      expect(chartPropsIn(page, "chart-spend-per-month").labels).toHaveLength(12);
    }
    const three = (await browser.get("/dashboard?period=last_3_months").expect(200)).text;
    expect(three).toContain("Spending and loads · Last 3 months");
    expect(three).toMatch(/id="chart-spend-per-month"[\s\S]*?Nothing to show for this period\./);
  });

  it("answers 422 beside the fields for chosen months it cannot use, and still shows the page", async () => {
    const { browser } = await signedInAgent(shipper.email);
    const cases: [string, string][] = [
      ["from=2026-13&to=2026-03", "Enter the first month as yyyy-mm"],
      ["from=2026-03&to=", "Enter the last month as yyyy-mm"],
      ["from=2026-03&to=2026-01", "The last month cannot be before the first"],
      ["from=2020-01&to=2026-01", "Choose at most 24 months"],
      ["from=%00&to=9999999999-01", "Enter the first month as yyyy-mm"],
    ];
    for (const [query, message] of cases) {
      const page = await browser.get(`/dashboard?period=custom&${query}`).expect(422);
      expect(page.text).toContain(message);
      expect(page.text).toContain('aria-invalid="true"');
    }
  });
});

describe("CSV downloads", () => {
  it("answer each chart's figures as an attachment named after the chart and period: ISO months, pounds with two decimals, formulas defused", async () => {
    const { browser } = await signedInAgent(shipper.email);
    const csv = await browser.get(`/dashboard/charts/spend-per-month.csv?${PERIOD}`).expect(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="spend-per-month-2026-01-to-2026-03.csv"');
    expect(csv.text).toBe(
      ["Month,Pennine Charts Ltd (GBP),'=Severn Charts (GBP)", "2026-01-01,500.00,0.00", "2026-02-01,450.50,0.00", "2026-03-01,0.00,700.00", ""].join("\r\n"),
    );
    const statuses = await browser.get(`/dashboard/charts/loads-by-status.csv?${PERIOD}`).expect(200);
    expect(statuses.text).toBe(["Status,Loads", "assigned,1", "delivered,4", ""].join("\r\n"));
  });

  it("are the signed-in account's own: a carrier asking for a shipper's chart gets 404, and bad periods 422", async () => {
    const carrier = await signedInAgent(pennine.email);
    await carrier.browser.get(`/dashboard/charts/spend-per-month.csv?${PERIOD}`).expect(404);
    const revenue = await carrier.browser.get(`/dashboard/charts/revenue-per-month.csv?${PERIOD}`).expect(200);
    expect(revenue.text).toContain("2026-02-01,1227.50");
    const { browser } = await signedInAgent(shipper.email);
    await browser.get("/dashboard/charts/nothing.csv").expect(404);
    const bad = await browser.get("/dashboard/charts/spend-per-month.csv?period=custom&from=2026-05&to=2026-01").expect(422);
    expect(bad.text).toBe("The last month cannot be before the first");
    await agentSignedOut("/dashboard/charts/spend-per-month.csv");
  });
});

async function agentSignedOut(path: string) {
  const { agent } = await import("../../support/app.ts");
  const answer = await agent().get(path);
  expect(answer.status).toBe(303);
}

describe("on-time rates", () => {
  it("count a load collected by the end of its collection day in London (BST) as on time, and a minute after as late", async () => {
    const office = await createShipper();
    const job = await createJob(office.accountId, office.id, { status: "completed" });
    const load = (sequence: number, collectedAt: string, deliveredAt: string) => ({
      jobId: job.id, sequence, carrierAccountId: pennine.accountId, status: "delivered", priceCents: 10_000,
      pickupDate: new Date("2026-06-10T00:00:00Z"), deliveryDate: new Date("2026-06-11T00:00:00Z"), collectedAt: new Date(collectedAt), deliveredAt: new Date(deliveredAt),
    });
    await db().load.createMany({
      data: [
        load(1, "2026-06-10T22:59:00Z", "2026-06-11T22:59:00Z"), // 23:59 BST both days: on time
        load(2, "2026-06-10T23:00:00Z", "2026-06-11T23:00:00Z"), // midnight BST: a day late
        load(3, "2026-06-10T08:00:00Z", "2026-06-11T12:00:00Z"),
        load(4, "2026-06-09T08:00:00Z", "2026-06-12T12:00:00Z"),
      ],
    });
    const { browser } = await signedInAgent(office.email);
    const page = (await browser.get("/dashboard?period=custom&from=2026-06&to=2026-06").expect(200)).text;
    expect(page).toMatch(/<span class="stat-value">75%<\/span><span class="stat-title">Collected on time<\/span>/);
    expect(page).toMatch(/<span class="stat-value">50%<\/span><span class="stat-title">Delivered on time<\/span>/);
  });
});

describe("kept figures", () => {
  it("are added up again as soon as a load changes", async () => {
    const office = await createShipper();
    const job = await jobWithLoads(office, [{ carrierAccountId: pennine.accountId, pence: 10_000, deliveredAt: new Date("2026-02-02T12:00:00Z") }]);
    const { browser } = await signedInAgent(office.email);
    const spend = async (n: number) => chartPropsIn((await browser.get(`/dashboard?${PERIOD}&n=${n}`).expect(200)).text, "chart-spend-per-month").values;
    expect(await spend(1)).toEqual([0, 100, 0]);
    await db().load.create({ data: { jobId: job.id, sequence: 2, carrierAccountId: pennine.accountId, status: "delivered", priceCents: 5_000, pickupDate: new Date("2026-02-03T00:00:00Z"), deliveredAt: new Date("2026-02-03T12:00:00Z") } });
    expect(await spend(2)).toEqual([0, 150, 0]);
  });

  it("serve every other period inside the window of months around today without adding the loads up again (only its busiest lanes)", async () => {
    // Today as these tests were written, so January to March 2026 stays inside the window.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-25T12:00:00Z") });
    onTestFinished(() => void vi.useRealTimers());
    const { browser } = await signedInAgent(shipper.email);
    await browser.get(`/dashboard?${PERIOD}`).expect(200);
    const spy = spyOnStatements();
    const page = (await browser.get("/dashboard?period=custom&from=2026-02&to=2026-03").expect(200)).text;
    const sent = spy.sent();
    spy.restore();
    expect([sent.filter((sql) => /AS "deliveredMonth"/.test(sql)).length, sent.filter((sql) => /AS "averagePence"/.test(sql)).length]).toEqual([0, 1]);
    expect(chartPropsIn(page, "chart-spend-per-month").datasets).toEqual([
      { label: "=Severn Charts", values: [0, 700] },
      { label: "Pennine Charts Ltd", values: [450.5, 0] },
    ]);
    expect(chartPropsIn(page, "chart-carrier-share").values).toEqual([2, 1]);
  });

  it("are added up for the period alone when it reaches outside the window", async () => {
    const { browser } = await signedInAgent(shipper.email);
    const spy = spyOnStatements();
    const page = (await browser.get("/dashboard?period=custom&from=2019-12&to=2020-01").expect(200)).text;
    const sent = spy.sent();
    spy.restore();
    expect(sent.filter((sql) => /AS "deliveredMonth"/.test(sql))).toHaveLength(1);
    expect(page).toContain("Dec 2019 to Jan 2020");
  });
});
