import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "#db/client.server.ts";
import type * as ClientModule from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The app's client, built with Prisma query events on so this file can count what a page costs.
const counter = vi.hoisted(() => ({ queries: [] as string[] }));
vi.mock("#db/client.server.ts", async (importOriginal) => {
  const original = await importOriginal<typeof ClientModule>();
  const { PrismaBetterSqlite3 } = await import("@prisma/adapter-better-sqlite3");
  const { preparedSqliteFilePath, SQLITE_TIMESTAMP_FORMAT } = await import("#db/sqlite-file.server.ts");
  const adapter = new PrismaBetterSqlite3({ url: preparedSqliteFilePath(process.env.DATABASE_URL!) }, { timestampFormat: SQLITE_TIMESTAMP_FORMAT });
  const client = new original.PrismaClient({ adapter, log: [{ emit: "event", level: "query" }] });
  client.$on("query", (event: { query: string }) => counter.queries.push(event.query));
  return { ...original, db: () => client, disconnectDb: () => client.$disconnect() };
});

let emails: Record<"shipper" | "carrier" | "driver", string>;

beforeAll(async () => {
  const shipper = await createShipper();
  const carrier = await createCarrier();
  const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
  emails = { shipper: shipper.email, carrier: carrier.email, driver: driver.email };
  for (let j = 0; j < 4; j++) {
    const job = await createJob(shipper.accountId, shipper.id, { jobType: "multi", startDate: new Date("2027-03-01T00:00:00Z"), endDate: new Date("2027-04-30T00:00:00Z"), frequency: "weekdays", expectedQuantity: 30 });
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 30, status: "active" } });
    await awardJob(job.id);
  }
  await db().load.updateMany({ where: { carrierAccountId: carrier.accountId }, data: { driverId: driver.id, status: "driver_assigned" } });
});

describe("queries per /loads page", () => {
  it.each(["shipper", "carrier", "driver"] as const)("a full page of 50 loads for a %s costs a fixed handful", async (who) => {
    const { browser } = await signedInAgent(emails[who]);
    counter.queries.length = 0;
    const page = await browser.get("/loads");
    expect(page.status).toBe(200);
    expect(page.text.match(/data-load-id=/g)).toHaveLength(50);
    // Only the list itself: the session, the signed-in user and the badge counts come from the
    // process's caches, filled by the pages of signing in.
    const own = counter.queries.filter((q) => !/[`"](Session|Message|Notification)[`"]/.test(q)).length;
    expect(counter.queries.length).toBe(own);
    console.log(`/loads as ${who}: ${counter.queries.length} queries in all, ${own} for the list itself`);
    // Loads, their jobs, the jobs' locations, the carrier or driver names (not for a driver), and the
    // shipper's job switcher or the office's drivers.
    expect(own).toBe(who === "driver" ? 3 : 5);
    expect(page.text).toContain('href="/loads?page=2"');
  });
});
