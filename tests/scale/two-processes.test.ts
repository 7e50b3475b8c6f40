import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db, disconnectDb } from "#db/client.server.ts";
import { SECURE_NOW_TAKEN } from "#models/award.server.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";
import { createAuctionJob, createJob } from "../support/job-fixtures.ts";
import { messagingWorld } from "../support/messaging-fixtures.ts";
import { createDatabase, startPostgres, startRedis, type Service } from "../support/services.ts";
import { startApp, stopped, type AppProcess } from "../support/app-process.ts";
import { consumerFor, installBrowserShims, recorder, signInOverHttp, streamSourcesOn, turbo, type Consumer, type Session } from "../http/cable/support/app-cable.ts";

// Two real app processes (`node src/main.ts`, as production runs them) started together on one new
// PostgreSQL database and one Redis: they migrate it once between them, a message posted through one
// reaches a browser connected to the other, twenty "secure now" clicks spread over both give one
// award, an auction closing while both clocks run is awarded once, a driver's fixes are checked
// against the newest either process stored, and invoices issued at once through both (drafts sent,
// self-billed ones raised) are numbered in one unbroken series per numbering account. The test writes its people
// and jobs straight into the database, as the fixtures do.

const SECOND = 1_000;
// Each clock sleeps at most 30 s (AUCTION_POLL_MS) before it looks again; an auction closing later
// than that is seen by both clocks beforehand, so both wake for its closing at the same moment.
const CLOSES_AFTER_MS = 32 * SECOND;

let postgres: Service;
let redis: Service;
let dataDir: string;
let apps: AppProcess[] = [];
let removeShims: () => void;
const consumers: Consumer[] = [];

beforeAll(async () => {
  removeShims = installBrowserShims();
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const databaseUrl = await createDatabase(postgres.url, "loadline_scale");
  dataDir = mkdtempSync(path.join(tmpdir(), "loadline-scale-"));
  const settings = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, DATA_DIR: dataDir };
  apps = await Promise.all([startApp(settings), startApp(settings)]);
  // This test process writes its fixtures through db(), into the database the two apps share.
  process.env.DATABASE_URL = databaseUrl;
}, 180 * SECOND);

afterAll(async () => {
  for (const consumer of consumers.splice(0)) consumer.disconnect();
  await Promise.all(apps.map(({ child }) => stopped(child)));
  await disconnectDb();
  await Promise.all([postgres?.stop(), redis?.stop()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  removeShims?.();
}, 60 * SECOND);


const post = (baseUrl: string, pathname: string, session: Session, headers: Record<string, string> = {}, body?: URLSearchParams) =>
  fetch(`${baseUrl}${pathname}`, { method: "POST", redirect: "manual", headers: { cookie: session.cookie, "x-csrf-token": session.csrf, ...headers }, body });

describe("two app processes on one PostgreSQL and one Redis", () => {
  it("migrated the new database once between them", async () => {
    const rows = await db().$queryRaw<{ migration_name: string; runs: bigint }[]>`
      SELECT migration_name, COUNT(*) AS runs FROM _prisma_migrations WHERE finished_at IS NOT NULL GROUP BY migration_name`;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => Number(row.runs) !== 1)).toEqual([]);
  });

  it("delivers a message posted through one process to a browser connected to the other", async () => {
    const [writing, reading] = apps;
    const world = await messagingWorld();
    const carrier = await signInOverHttp(reading!.url, world.carrier.email);
    const shipper = await signInOverHttp(writing!.url, world.shipper.email);
    const conversation = `/loads/${world.load.id}/messages`;
    const live = recorder();
    const { consumer } = consumerFor(reading!.url, carrier.cookie);
    consumers.push(consumer);
    const streams = await streamSourcesOn(reading!.url, conversation, carrier);
    for (const stream of new Set(streams)) consumer.subscriptions.create(turbo(stream), live.mixin);
    await vi.waitFor(() => expect(live.events).toEqual(["connected", "connected", "connected"]), { timeout: 10 * SECOND });

    const posted = await post(writing!.url, conversation, shipper, { accept: "text/vnd.turbo-stream.html" }, new URLSearchParams({ _csrf: shipper.csrf, body: "Gate code 4411" }));
    expect(posted.status).toBe(200);

    await vi.waitFor(() => expect(live.received.join("\n")).toContain("Gate code 4411"), { timeout: 10 * SECOND });
  }, 60 * SECOND);

  it("gives one award for 20 simultaneous secure-now clicks spread over both processes", async () => {
    const shipper = await createShipper();
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - 3600 * SECOND, Date.now() + 3600 * SECOND, { secureNowPriceCents: 52_500, expectedQuantity: 3, numberOfLoads: 3 });
    const carriers = [];
    const sessions: Session[] = [];
    // Signed in one after another, half on each process: what races here is the clicking.
    for (let i = 0; i < 20; i++) {
      carriers.push(await createCarrier());
      sessions.push(await signInOverHttp(apps[i % 2]!.url, carriers[i]!.email));
    }

    const responses = await Promise.all(sessions.map((session, i) => post(apps[i % 2]!.url, `/jobs/${job.id}/secure_now`, session, { accept: "application/json" })));

    // Any other answer is shown with its body, so a failure says which check refused it, and with
    // what the database holds for that session (a refused CSRF token: was the page's token saved?).
    const others = await Promise.all(
      responses.flatMap((response, i) => ([201, 409].includes(response.status) ? [] : [{ response, session: sessions[i]! }])).map(async ({ response, session }) => {
        const sid = decodeURIComponent(session.cookie.split("=")[1] ?? "").replace(/^s:/, "").split(".")[0]!;
        const row = await db().session.findUnique({ where: { id: sid }, select: { data: true } });
        const stored = row ? (JSON.parse(row.data) as { csrfToken?: string }).csrfToken : undefined;
        return `${response.status} ${await response.text()} (session ${row ? "found" : "missing"}; its stored token ${stored === undefined ? "absent" : stored === session.csrf ? "matches" : "differs"})`;
      }),
    );
    expect(responses.map((response) => response.status).sort(), others.join("\n")).toEqual([201, ...Array(19).fill(409)]);
    const refusals = await Promise.all(responses.filter((response) => response.status === 409).map((response) => response.json() as Promise<{ error: string }>));
    expect(new Set(refusals.map((refusal) => refusal.error))).toEqual(new Set([SECURE_NOW_TAKEN]));
    const winner = carriers[responses.findIndex((response) => response.status === 201)]!;
    const loads = await db().load.findMany({ where: { jobId: job.id } });
    expect(loads.map((load) => [load.carrierAccountId, load.priceCents])).toEqual(Array(3).fill([winner.accountId, 52_500]));
    const awarded = await db().notification.findMany({ where: { kind: "awarded", userId: { in: carriers.map((carrier) => carrier.id) } }, select: { userId: true } });
    expect(awarded).toEqual([{ userId: winner.id }]);
  }, 90 * SECOND);

  it("awards an auction closing while both clocks run once", async () => {
    const shipper = await createShipper();
    const bidders = [await createCarrier(), await createCarrier(), await createCarrier()];
    const closesAt = Date.now() + CLOSES_AFTER_MS;
    const job = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - 3600 * SECOND, closesAt, { status: "live" });
    for (const [i, bidder] of bidders.entries()) {
      await db().quote.create({ data: { jobId: job.id, carrierAccountId: bidder.accountId, placedById: bidder.id, valueCents: 40_000 + i * 1_000, numberOfLoads: 1, status: "active" } });
    }

    await vi.waitFor(async () => expect((await db().job.findUniqueOrThrow({ where: { id: job.id } })).status).toBe("awarded"), { timeout: CLOSES_AFTER_MS + 15 * SECOND, interval: 500 });
    // Whichever clock lost the race has finished trying by now.
    await new Promise((resolve) => setTimeout(resolve, 2 * SECOND));

    expect(await db().load.findMany({ where: { jobId: job.id }, select: { carrierAccountId: true } })).toEqual([{ carrierAccountId: bidders[0]!.accountId }]);
    const quotes = await db().quote.findMany({ where: { jobId: job.id }, orderBy: { valueCents: "asc" }, select: { status: true } });
    expect(quotes.map((quote) => quote.status)).toEqual(["accepted", "declined", "declined"]);
    const told = await db().notification.groupBy({ by: ["userId", "kind"], where: { userId: { in: [shipper.id, ...bidders.map((bidder) => bidder.id)] } }, _count: { _all: true } });
    expect(told.filter((row) => row._count._all !== 1)).toEqual([]);
    expect(told.filter((row) => row.kind === "auction_closed")).toHaveLength(4);
  }, CLOSES_AFTER_MS + 60 * SECOND);

  it("refuses on one process a driver's fix older than one the other process stored", async () => {
    const world = await messagingWorld();
    await db().load.update({ where: { id: world.load.id }, data: { status: "collected" } });
    const sessions = [await signInOverHttp(apps[0]!.url, world.driver.email), await signInOverHttp(apps[1]!.url, world.driver.email)];
    const fix = (i: number, minutesAgo: number) =>
      fetch(`${apps[i]!.url}/loads/${world.load.id}/positions`, {
        method: "POST",
        headers: { cookie: sessions[i]!.cookie, "x-csrf-token": sessions[i]!.csrf, accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify({ latitude: 53.79, longitude: -1.55, recorded_at: new Date(Date.now() - minutesAgo * 60 * SECOND).toISOString() }),
      });

    expect((await fix(0, 10)).status).toBe(201); // process A stores a fix from 10 minutes ago…
    expect((await fix(1, 2)).status).toBe(201); // …process B a newer one…
    const late = await fix(0, 5); // …and A is then handed one taken between the two.

    expect(late.status).toBe(422);
    expect(((await late.json()) as { errors: Record<string, string> }).errors.recorded_at).toBe("That position is older than the last one received");
    expect(await db().loadPosition.count({ where: { loadId: world.load.id } })).toBe(2);
  }, 60 * SECOND);
  it("numbers 50 invoices sent at once through both processes, and 50 self-billed at once, each in one unbroken series", async () => {
    const { shipper, selfBilling, carrier } = await invoicingWorld();
    const offices = async (email: string) => Promise.all(apps.map((app) => signInOverHttp(app.url, email)));
    const [shippers, selfBillers, carriers] = await Promise.all([offices(shipper.email), offices(selfBilling.email), offices(carrier.email)]);
    const across = (sessions: Session[], paths: string[], body: (session: Session) => URLSearchParams) =>
      Promise.all(paths.map((pathname, i) => post(apps[i % 2]!.url, pathname, sessions[i % 2]!, { "content-type": "application/x-www-form-urlencoded" }, body(sessions[i % 2]!))));
    const accept = (session: Session) => new URLSearchParams({ _csrf: session.csrf, decision: "accept" });

    // Without an agreement each accepted proof gives the carrier a draft; the 50 drafts are sent at once.
    const drafted = await deliveredLoads(shipper, carrier, 50);
    expect((await across(shippers, drafted.map((id) => `/loads/${id}/proof_review`), accept)).map((r) => r.status)).toEqual(drafted.map(() => 303));
    const drafts = await db().invoice.findMany({ where: { customerAccountId: shipper.accountId, status: "draft" }, select: { id: true } });
    expect(drafts).toHaveLength(50);
    const sent = await across(carriers, drafts.map((draft) => `/invoices/${draft.id}/send`), (session) => new URLSearchParams({ _csrf: session.csrf }));
    expect(sent.map((r) => r.status)).toEqual(drafts.map(() => 303));
    expect(await numbersOf({ numberingAccountId: carrier.accountId, series: "INV" })).toEqual(unbroken("INV", 50));

    // Under an agreement in force the shipper's account raises each invoice as the proof is accepted.
    const selfBilled = await deliveredLoads(selfBilling, carrier, 50);
    expect((await across(selfBillers, selfBilled.map((id) => `/loads/${id}/proof_review`), accept)).map((r) => r.status)).toEqual(selfBilled.map(() => 303));
    expect(await numbersOf({ numberingAccountId: selfBilling.accountId, series: `SB${carrier.accountId}` })).toEqual(unbroken(`SB${carrier.accountId}`, 50));
  }, 120 * SECOND);
});

type Person = Awaited<ReturnType<typeof createShipper>>;

async function billingDetails(person: Person, legalName: string, vatNumber: string) {
  await db().billingDetails.create({ data: { accountId: person.accountId, legalName, registeredAddress: "1 Quay Street\nHull\nHU1 1AA", vatNumber, invoiceEmail: `accounts.${person.accountId}@example.com` } });
}

/** Two shippers (one with a self-billing agreement in force with the carrier) and the carrier, all with billing details. */
async function invoicingWorld() {
  const [shipper, selfBilling, carrier] = await Promise.all([createShipper({ company: "Numbered Foods" }), createShipper({ company: "Self-billing Foods" }), createCarrier({ company: "Numbered Haulage" })]);
  await billingDetails(shipper, "Numbered Foods Ltd", "GB111222333");
  await billingDetails(selfBilling, "Self-billing Foods Ltd", "GB222333444");
  await billingDetails(carrier, "Numbered Haulage Ltd", "GB333444555");
  const year = 365 * 86_400_000;
  await db().selfBillingAgreement.create({
    data: {
      shipperAccountId: selfBilling.accountId, carrierAccountId: carrier.accountId, status: "accepted", carrierVatNumber: "GB333444555",
      startsOn: new Date(Date.now() - 30 * 86_400_000), endsOn: new Date(Date.now() + year), offeredById: selfBilling.id, decidedById: carrier.id, decidedAt: new Date(),
    },
  });
  return { shipper, selfBilling, carrier };
}

/** `count` loads of one job, delivered an hour ago, their proofs awaiting the shipper's review. */
async function deliveredLoads(shipper: Person, carrier: Person, count: number): Promise<number[]> {
  const job = await createJob(shipper.accountId, shipper.id, { status: "in_progress", reference: `Numbered run for ${shipper.name}` });
  const deliveredAt = new Date(Date.now() - 3_600_000);
  const ids: number[] = [];
  for (let sequence = 1; sequence <= count; sequence++) {
    const load = await db().load.create({
      data: { jobId: job.id, sequence, carrierAccountId: carrier.accountId, status: "delivered", priceCents: 40_000 + sequence, deliveredAt, proofStatus: "awaiting_review" },
    });
    ids.push(load.id);
  }
  return ids;
}

async function numbersOf(where: { numberingAccountId: number; series: string }): Promise<string[]> {
  const invoices = await db().invoice.findMany({ where, select: { number: true }, orderBy: { sequence: "asc" } });
  return invoices.map((invoice) => invoice.number ?? "draft");
}

const unbroken = (series: string, count: number) => Array.from({ length: count }, (_, i) => `${series}-${String(i + 1).padStart(6, "0")}`);
