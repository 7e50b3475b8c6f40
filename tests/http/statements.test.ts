import { afterAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../support/app.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";
import { createMessage, messagingWorld } from "../support/messaging-fixtures.ts";
import { spyOnStatements } from "../support/statements.ts";

// A page's statements, counted as the database driver is handed them. Each request has its own
// query string, so no kept page answers it: this is what rendering the page costs.
/** A write to the Invoice table (changing no row): kept scores are read again, as after a real one. */
const invoiceWritten = () => db().invoice.updateMany({ where: { id: -1 }, data: { status: "paid" } });

describe("statements per page", () => {
  const spy = spyOnStatements();
  afterAll(() => spy.restore());
  let fresh = 0;

  async function statementsFor(browser: Awaited<ReturnType<typeof signedInAgent>>["browser"], path: string): Promise<string[]> {
    const join = path.includes("?") ? "&" : "?";
    await browser.get(`${path}${join}warm=${++fresh}`).expect(200);
    spy.clear();
    await browser.get(`${path}${join}fresh=${++fresh}`).expect(200);
    return spy.sent();
  }

  /** A dashboard for a period not asked for before: its charts' figures are added up afresh. */
  async function newPeriodStatements(browser: Awaited<ReturnType<typeof signedInAgent>>["browser"]): Promise<string[]> {
    await browser.get(`/dashboard?warm=${++fresh}`).expect(200);
    spy.clear();
    const first = 2000 + (++fresh % 50);
    await browser.get(`/dashboard?period=custom&from=${first}-01&to=${first + 1}-12`).expect(200);
    return spy.sent();
  }

  it("a carrier's job page with quotes costs 4: the job, its places, the quotes and the conversation (the shipper's score is kept until a rating, load, job, invoice or account is written, and a minute at most; its name until an account is; the price guide's lane is the job's own; the companies the carrier blocks or is blocked by are kept until a block is written, the accepted prices behind the guide until a load, job or place is); the senders' names one more, and the score one more once its figures are written", async () => {
    const shipper = await createShipper();
    const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Counted job" });
    const carrier = await createCarrier();
    for (let i = 0; i < 5; i++) {
      const rival = await createCarrier();
      await db().quote.create({ data: { jobId: job.id, carrierAccountId: rival.accountId, placedById: rival.id, valueCents: 40_000 + i, numberOfLoads: 1, status: "active" } });
    }
    const { browser } = await signedInAgent(carrier.email);
    const quiet = await statementsFor(browser, `/jobs/${job.id}`);
    expect(quiet.length, quiet.join("\n")).toBe(4);
    await db().message.create({ data: { jobId: job.id, fromUserId: carrier.id, fromAccountId: carrier.accountId, toAccountId: shipper.accountId, body: "Tail lift?" } });
    const talking = await statementsFor(browser, `/jobs/${job.id}`);
    expect(talking.length, talking.join("\n")).toBe(5);
    await invoiceWritten();
    spy.clear();
    await browser.get(`/jobs/${job.id}?after-write=${++fresh}`).expect(200);
    expect(spy.sent().filter((sql) => /FROM "Rating"/.test(sql)), spy.sent().join("\n")).toHaveLength(1);
  });

  it("a load's page costs 4 for the carrier's office: the load, its job, the job's places and the conversation; the shipper's name is kept until an account is written, the account's drivers and vehicles until one is (one statement more each, once)", async () => {
    const world = await messagingWorld();
    await db().load.update({ where: { id: world.load.id }, data: { status: "assigned", driverId: null } });
    const { browser } = await signedInAgent(world.carrier.email);
    const statements = await statementsFor(browser, `/loads/${world.load.id}`);
    expect(statements.length, statements.join("\n")).toBe(4);

    await db().vehicle.create({ data: { accountId: world.carrier.accountId, registration: `KT${++fresh} ABC`, vehicleType: "rigid_18t", payloadKg: 10_000, euroStandard: "euro_6" } });
    spy.clear();
    await browser.get(`/loads/${world.load.id}?fresh=${++fresh}`).expect(200);
    const afterVehicle = spy.sent();
    expect(afterVehicle.length, afterVehicle.join("\n")).toBe(5);
    expect(afterVehicle.filter((sql) => /FROM ("public"\.)?"Vehicle"/.test(sql))).toHaveLength(1);

    await db().user.create({ data: { accountId: world.carrier.accountId, email: `driver-${++fresh}@test.example`, name: "New Driver", role: "driver", passwordHash: "x" } });
    spy.clear();
    const page = await browser.get(`/loads/${world.load.id}?fresh=${++fresh}`).expect(200);
    const afterDriver = spy.sent();
    // The drivers again, and the signed-in person with their account (kept the same way, src/models/users.server.ts).
    expect(afterDriver.length, afterDriver.join("\n")).toBe(7);
    expect(afterDriver.filter((sql) => /"User"\."role" = (\?|\$\d+)/.test(sql))).toHaveLength(1);
    expect(page.text).toContain("New Driver");
  });

  it("a delivered load's page costs one statement more for each office, both its ratings in one read, and none more for its driver or a load still on the road", async () => {
    const world = await messagingWorld();
    const ratingReads = (sql: readonly string[]) => sql.filter((statement) => /FROM ("public"\.)?"Rating"/.test(statement));
    const [carrierOffice, shipperOffice, driver] = await Promise.all([signedInAgent(world.carrier.email), signedInAgent(world.shipper.email), signedInAgent(world.driver.email)]);
    expect(ratingReads(await statementsFor(carrierOffice.browser, `/loads/${world.load.id}`))).toHaveLength(0);
    await db().load.update({ where: { id: world.load.id }, data: { status: "delivered", collectedAt: new Date(Date.now() - 7_200_000), deliveredAt: new Date() } });
    for (const office of [carrierOffice, shipperOffice]) expect(ratingReads(await statementsFor(office.browser, `/loads/${world.load.id}`))).toHaveLength(1);
    expect(ratingReads(await statementsFor(driver.browser, `/loads/${world.load.id}`))).toHaveLength(0);
  });

  it("a carrier's job board costs 3 whatever the page's size: the page of jobs, their places and the carrier's own quotes on them (5 by latest collection: dated and undated jobs' ids first); the count and the places to filter by are kept until a job changes, the shippers' scores until their figures are written (then one statement for all), the carrier's blocks until a block is written", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const { browser } = await signedInAgent(carrier.email);
    const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Counted board job", loadType: "drums" });
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 42_000, numberOfLoads: 1, status: "active" } });
    const one = await statementsFor(browser, "/jobs?load_type=drums&sort=latest");
    expect(one.length, one.join("\n")).toBe(5);
    for (let i = 0; i < 25; i++) {
      const more = await createJob(shipper.accountId, shipper.id, { status: i % 2 ? "open" : "live", reference: `Board job ${i}`, loadType: "drums" });
      if (i % 3 === 0) await db().quote.create({ data: { jobId: more.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000 + i, numberOfLoads: 1, status: "active" } });
    }
    for (const [sort, cost] of [["soonest", 3], ["latest", 5], ["newest", 3], ["closing", 3]] as const) {
      const full = await statementsFor(browser, `/jobs?load_type=drums&sort=${sort}`);
      expect(full.length, full.join("\n")).toBe(cost);
    }
    // A job written since: the next view counts again and finds the places again.
    await createJob(shipper.accountId, shipper.id, { status: "open", reference: "One more", loadType: "drums" });
    spy.clear();
    await browser.get(`/jobs?load_type=drums&after-write=${++fresh}`).expect(200);
    expect(spy.sent().filter((sql) => /SELECT COUNT|GROUP BY/.test(sql) && !/"Rating"/.test(sql))).toHaveLength(2);
    expect(spy.sent().filter((sql) => /FROM "Rating"/.test(sql))).toHaveLength(1);
  });

  it("a carrier's job board costs the same with 0 pools and with 5: its pools are kept until a membership is written, and the jobs offered to them are found in the same statements", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const { browser } = await signedInAgent(carrier.email);
    await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Market job for pools", loadType: "drums" });
    const none = await statementsFor(browser, "/jobs?load_type=drums");
    for (let i = 0; i < 5; i++) {
      const pool = await db().pool.create({ data: { shipperAccountId: shipper.accountId, name: `Counted pool ${i}`, createdById: shipper.id } });
      await db().poolMember.create({ data: { poolId: pool.id, carrierAccountId: carrier.accountId } });
      const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference: `Pool job ${i}`, loadType: "drums", audience: "pools", onMarket: false });
      await db().jobPool.create({ data: { jobId: job.id, poolId: pool.id } });
    }
    const five = await statementsFor(browser, "/jobs?load_type=drums");
    expect(five.length, five.join("\n")).toBe(none.length);
    expect((await browser.get(`/jobs?load_type=drums&sort=newest&shown=${++fresh}`).expect(200)).text).toContain("Pool job 4");
  });

  it("a shipper's job page costs one statement more for a job offered to pools than for the market's, however many pools and carriers: the pools, their members, who looked and who quoted in one read", async () => {
    const shipper = await createShipper();
    const { browser } = await signedInAgent(shipper.email);
    const market = await createJob(shipper.accountId, shipper.id, { status: "open" });
    const marketCost = (await statementsFor(browser, `/jobs/${market.id}`)).length;
    const pooled = async (pools: number) => {
      const job = await createJob(shipper.accountId, shipper.id, { status: "open", audience: "pools", onMarket: false });
      for (let i = 0; i < pools; i++) {
        const pool = await db().pool.create({ data: { shipperAccountId: shipper.accountId, name: `Page pool ${job.id}-${i}`, createdById: shipper.id } });
        const member = await createCarrier();
        await db().poolMember.create({ data: { poolId: pool.id, carrierAccountId: member.accountId } });
        await db().jobPool.create({ data: { jobId: job.id, poolId: pool.id } });
      }
      return (await statementsFor(browser, `/jobs/${job.id}`)).length;
    };
    expect(await pooled(1)).toBe(marketCost + 1);
    expect(await pooled(4)).toBe(marketCost + 1);
  });

  it("a carrier's quotes page costs 5 whatever its size: the count, the quotes, their jobs and places, and the active quotes of the jobs on the board; 6 sorted by state", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const rival = await createCarrier();
    const { browser } = await signedInAgent(carrier.email);
    const quoteOn = async (status: string, quoteStatus = "active") => {
      const job = await createJob(shipper.accountId, shipper.id, { status });
      await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: quoteStatus } });
      await db().quote.create({ data: { jobId: job.id, carrierAccountId: rival.accountId, placedById: rival.id, valueCents: 39_000, numberOfLoads: 1, status: "active" } });
    };
    await quoteOn("open");
    const small = { newest: await statementsFor(browser, "/quotes"), state: await statementsFor(browser, "/quotes?sort=state") };
    for (let i = 0; i < 60; i++) await quoteOn(["open", "live", "awarded", "cancelled"][i % 4]!, ["active", "accepted", "withdrawn"][i % 3]);
    for (const sort of ["newest", "collection", "price"]) {
      const statements = await statementsFor(browser, `/quotes?sort=${sort}`);
      expect(statements.length, statements.join("\n")).toBe(5);
    }
    const byState = await statementsFor(browser, "/quotes?sort=state");
    expect(small.newest.length, small.newest.join("\n")).toBe(5);
    expect(small.state.length, small.state.join("\n")).toBe(6);
    expect(byState.length, byState.join("\n")).toBe(6);
  });

  it("a shipper's quotes page costs 5 however many quotes, sorted by price or by score: the job, its quotes (the companies it blocks or is blocked by are kept until a block is written), their carriers' names, their documents, and all their scores in one statement", async () => {
    const shipper = await createShipper();
    const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Counted quotes" });
    const { browser } = await signedInAgent(shipper.email);
    const quoteFrom = async () => {
      const carrier = await createCarrier();
      await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000 + carrier.accountId, numberOfLoads: 1, status: "active" } });
    };
    await quoteFrom();
    const one = await statementsFor(browser, `/jobs/${job.id}/quotes`);
    for (let i = 0; i < 12; i++) await quoteFrom();
    const many = await statementsFor(browser, `/jobs/${job.id}/quotes`);
    const byScore = await statementsFor(browser, `/jobs/${job.id}/quotes?sort=score`);
    expect(one.length, one.join("\n")).toBe(5);
    expect(many.length, many.join("\n")).toBe(5);
    expect(byScore.length, byScore.join("\n")).toBe(5);
    expect(many.filter((sql) => /FROM ("public"\.)?"Rating"/.test(sql))).toHaveLength(1);
  });

  it("a carrier's messages page costs 3 however many conversations: the latest message of each, the unread counts, and those messages with their sender, accounts, job and load in one statement", async () => {
    const world = await messagingWorld();
    await createMessage({ jobId: world.job.id, from: world.shipper, toAccountId: world.carrier.accountId, body: "About the job" });
    await createMessage({ jobId: world.job.id, loadId: world.load.id, from: world.carrier, toAccountId: world.shipper.accountId, body: "About the load" });
    const { browser } = await signedInAgent(world.carrier.email);
    const statements = await statementsFor(browser, "/messages");
    expect(statements.length, statements.join("\n")).toBe(3);
    const page = await browser.get(`/messages?names=${++fresh}`).expect(200);
    expect(page.text).toContain("Load 1 of Pallets to Belfast");
    expect(page.text).toContain("About the job");
  });

  it("a carrier's dashboard costs 5 (its blocks kept until a block is written, the jobs on its board as the board keeps them): the load tally, its open quotes, the next loads with their jobs, the auctions, and its invoices' sums; 3 more (its charts' loads, lanes and quotes) for a period not yet added up; the board's count once more after a job is written", async () => {
    const world = await messagingWorld();
    const { browser } = await signedInAgent(world.carrier.email);
    const statements = await statementsFor(browser, "/dashboard");
    expect(statements.length, statements.join("\n")).toBe(5);
    // The charts' figures are grouped in the database, one statement each, whatever the period's length.
    const period = await newPeriodStatements(browser);
    expect(period.length, period.join("\n")).toBe(8);
    await createJob(world.shipper.accountId, world.shipper.id, { status: "open", reference: "One more on the board" });
    spy.clear();
    await browser.get(`/dashboard?after-write=${++fresh}`).expect(200);
    const boardCounts = spy.sent().filter((sql) => sql.startsWith("SELECT COUNT(*)") && /\(SELECT \S+Job\S*id/.test(sql));
    expect(boardCounts, spy.sent().join("\n")).toHaveLength(1);
  });

  it("a shipper's dashboard costs 5 however many loads it has delivered: its counts and load tally in one statement, the next loads with their jobs, the auctions, the loads on the road with their jobs, its invoices' sums; their places one more when some are on the road; 2 more (its charts' loads and lanes) after a load changes", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const { browser } = await signedInAgent(shipper.email);
    const quiet = await statementsFor(browser, "/dashboard");
    for (let i = 0; i < 30; i++) {
      const job = await createJob(shipper.accountId, shipper.id, { status: "completed", reference: `Delivered ${i}`, pickup: { city: `Town ${i % 7}` } });
      await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, status: "delivered", priceCents: 40_000 + i, pickupDate: new Date(Date.now() - i * 86_400_000), deliveredAt: new Date(Date.now() - i * 86_400_000) } });
    }
    const busy = await statementsFor(browser, "/dashboard");
    expect(quiet.length, quiet.join("\n")).toBe(5);
    expect(busy.length, busy.join("\n")).toBe(5);
    const newPeriod = await newPeriodStatements(browser);
    expect(newPeriod.length, newPeriod.join("\n")).toBe(7);
    // A load written anywhere makes the kept figures stale: the next render adds them up again.
    await db().load.updateMany({ where: { carrierAccountId: carrier.accountId, sequence: 1 }, data: { priceCents: 41_000 } });
    spy.clear();
    await browser.get("/dashboard?after-write=1").expect(200);
    expect(spy.sent().filter((sql) => /AS "deliveredMonth"|AS "averagePence"/.test(sql))).toHaveLength(2);
    // Loads on the road today: their jobs' places for the map, whatever their number.
    for (let i = 0; i < 3; i++) {
      const job = await createJob(shipper.accountId, shipper.id, { status: "awarded", reference: `On the road ${i}` });
      await db().load.create({ data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, status: "collected", priceCents: 40_000 } });
    }
    const road = await statementsFor(browser, "/dashboard");
    expect(road.length, road.join("\n")).toBe(6);
    const page = await browser.get(`/dashboard?shown=${++fresh}`).expect(200);
    for (let i = 0; i < 3; i++) expect(page.text).toContain(`On the road ${i}`);
  });
});
