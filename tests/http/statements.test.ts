import Database from "better-sqlite3";
import { afterAll, describe, expect, it, vi } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../support/app.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";
import { messagingWorld } from "../support/messaging-fixtures.ts";

// A page's statements, counted as the database prepares them. Each request has its own query
// string, so no kept page answers it: this is what rendering the page costs.
describe("statements per page", () => {
  const prepare = vi.spyOn(Database.prototype, "prepare");
  afterAll(() => prepare.mockRestore());
  let fresh = 0;

  async function statementsFor(browser: Awaited<ReturnType<typeof signedInAgent>>["browser"], path: string): Promise<string[]> {
    await browser.get(`${path}?warm=${++fresh}`).expect(200);
    prepare.mockClear();
    await browser.get(`${path}?fresh=${++fresh}`).expect(200);
    return prepare.mock.calls.map(([sql]) => String(sql));
  }

  it("a carrier's job page with quotes costs 5: the job, its places, the quotes, the shipper's name and the conversation; the senders' names one more", async () => {
    const shipper = await createShipper();
    const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Counted job" });
    const carrier = await createCarrier();
    for (let i = 0; i < 5; i++) {
      const rival = await createCarrier();
      await db().quote.create({ data: { jobId: job.id, carrierAccountId: rival.accountId, placedById: rival.id, valueCents: 40_000 + i, numberOfLoads: 1, status: "active" } });
    }
    const { browser } = await signedInAgent(carrier.email);
    const quiet = await statementsFor(browser, `/jobs/${job.id}`);
    expect(quiet.length, quiet.join("\n")).toBe(5);
    await db().message.create({ data: { jobId: job.id, fromUserId: carrier.id, fromAccountId: carrier.accountId, toAccountId: shipper.accountId, body: "Tail lift?" } });
    const talking = await statementsFor(browser, `/jobs/${job.id}`);
    expect(talking.length, talking.join("\n")).toBe(6);
  });

  it("a load's page costs 6 for the carrier's office: the load, its job, the shipper's name, the job's places, the account's drivers and the conversation", async () => {
    const world = await messagingWorld();
    await db().load.update({ where: { id: world.load.id }, data: { status: "assigned", driverId: null } });
    const { browser } = await signedInAgent(world.carrier.email);
    const statements = await statementsFor(browser, `/loads/${world.load.id}`);
    expect(statements.length, statements.join("\n")).toBe(6);
  });

  it("a carrier's dashboard costs 6: the load tally, two counts, the next loads and their jobs, and the auctions", async () => {
    const world = await messagingWorld();
    const { browser } = await signedInAgent(world.carrier.email);
    const statements = await statementsFor(browser, "/dashboard");
    expect(statements.length, statements.join("\n")).toBe(6);
  });
});
