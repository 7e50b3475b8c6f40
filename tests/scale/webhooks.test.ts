import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db, disconnectDb } from "#db/client.server.ts";
import { newWebhookSecret } from "#domain/webhooks/signature.ts";
import { enqueueWebhookEvent } from "#models/webhooks/outbox.server.ts";
import { startReceiver } from "../http/webhooks/receiver.ts";
import { createShipper } from "../support/fixtures.ts";
import { createDatabase, startPostgres, startRedis, type Service } from "../support/services.ts";
import { startApp, stopped, type AppProcess } from "../support/app-process.ts";

// The webhook outbox across real app processes (`node src/main.ts`) on one PostgreSQL and one
// Redis: each process's sender claims due deliveries, so every delivery reaches the receiver once
// however the two race; and a delivery whose try failed survives both processes stopping, to be
// sent by a process started afterwards (as does one whose process died holding its claim).

const SECOND = 1_000;
const N = 60;

let postgres: Service;
let redis: Service;
let dataDir: string;
let settings: Record<string, string>;
let apps: AppProcess[] = [];
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  const databaseUrl = await createDatabase(postgres.url, "loadline_webhooks");
  dataDir = mkdtempSync(path.join(tmpdir(), "loadline-webhooks-"));
  settings = { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, DATA_DIR: dataDir };
  apps = await Promise.all([startApp(settings), startApp(settings)]);
  process.env.DATABASE_URL = databaseUrl;
  receiver = await startReceiver();
}, 180 * SECOND);

afterAll(async () => {
  await Promise.all(apps.map(({ child }) => stopped(child)));
  await receiver?.close();
  await disconnectDb();
  await Promise.all([postgres?.stop(), redis?.stop()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60 * SECOND);


/** Polls until `done` holds, or fails with what `describe` says after the deadline. */
async function until(done: () => Promise<boolean>, describe: () => Promise<string>, deadlineMs = 60 * SECOND): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(await describe());
    // A poll interval, not a wait for something to happen: the deadline above is what bounds it.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function endpointFor(url: string) {
  const shipper = await createShipper();
  const secret = newWebhookSecret();
  const endpoint = await db().webhookEndpoint.create({ data: { accountId: shipper.accountId, createdById: shipper.id, url, events: '["job.published"]', secret } });
  return { shipper, secret, endpoint };
}

const deliveredCount = (endpointId: number) => db().webhookDelivery.count({ where: { endpointId, deliveredAt: { not: null } } });

describe("webhook deliveries sent by two app processes", () => {
  it(`sends each of ${N} deliveries exactly once, every one verified with standardwebhooks`, async () => {
    const { shipper, secret, endpoint } = await endpointFor(receiver.url);
    for (let n = 1; n <= N; n += 1) await enqueueWebhookEvent([shipper.accountId], "job.published", { job: { id: n } });
    await until(async () => (await deliveredCount(endpoint.id)) === N, async () => `${await deliveredCount(endpoint.id)} of ${N} delivered`);

    const ids = receiver.received.map((delivery) => delivery.headers["webhook-id"]);
    expect(receiver.received).toHaveLength(N);
    expect(new Set(ids).size).toBe(N);
    const jobs = receiver.verifiedWith(secret).map((envelope) => envelope.data.job!.id as number);
    expect(jobs.sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    expect(await db().webhookDelivery.count({ where: { endpointId: endpoint.id, attempts: 1, claimedUntil: null, nextAttemptAt: null } })).toBe(N);
  });

  it("a restart between tries loses nothing: the failed delivery is sent by a process started afterwards", async () => {
    const failing = await startReceiver({ status: 503 });
    try {
      const { shipper, secret, endpoint } = await endpointFor(failing.url);
      await enqueueWebhookEvent([shipper.accountId], "job.published", { job: { id: 1 } });
      const tried = () => db().webhookDelivery.findFirstOrThrow({ where: { endpointId: endpoint.id } });
      await until(async () => (await tried()).attempts === 1, async () => `tried ${(await tried()).attempts} times`);
      const first = await tried();
      expect(first).toMatchObject({ lastStatus: 503, deliveredAt: null });
      expect(first.nextAttemptAt!.getTime() - first.lastAttemptAt!.getTime()).toBe(30 * SECOND);

      await Promise.all(apps.map(({ child }) => stopped(child)));
      // Meanwhile another delivery's process died holding its claim, which has since expired.
      const orphan = await db().webhookDelivery.create({
        data: { endpointId: endpoint.id, messageId: "msg_orphan", event: "job.published", payload: '{"orphan":true}', nextAttemptAt: new Date(), claimedUntil: new Date(Date.now() - SECOND) },
      });
      failing.answer.status = 200;
      // The 30 seconds pass (the row says so) while no process runs; then one starts.
      await db().webhookDelivery.update({ where: { id: first.id }, data: { nextAttemptAt: new Date() } });
      apps = [await startApp(settings)];

      await until(async () => (await deliveredCount(endpoint.id)) === 2, async () => `${await deliveredCount(endpoint.id)} of 2 delivered`);
      expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: first.id } })).toMatchObject({ attempts: 2, lastStatus: 200 });
      expect(await db().webhookDelivery.findUniqueOrThrow({ where: { id: orphan.id } })).toMatchObject({ attempts: 1, lastStatus: 200 });
      const ids = failing.received.map((delivery) => delivery.headers["webhook-id"]);
      expect(ids.filter((id) => id === first.messageId)).toHaveLength(2);
      expect(ids.filter((id) => id === "msg_orphan")).toHaveLength(1);
      const last = failing.received.filter((delivery) => delivery.headers["webhook-id"] === first.messageId).at(-1)!;
      expect(new Webhook(secret).verify(last.body, last.headers)).toMatchObject({ event: "job.published", data: { job: { id: 1 } } });
    } finally {
      await failing.close();
    }
  });
});
