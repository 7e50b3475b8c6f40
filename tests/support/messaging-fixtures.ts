import { afterEach, beforeAll, beforeEach } from "vitest";
import { db } from "#db/client.server.ts";
import { useCable, type LiveCable } from "#lib/broadcast.server.ts";
import { createJob } from "./job-fixtures.ts";
import { createCarrier, createShipper, createUser } from "./fixtures.ts";

export type Broadcast = { stream: string; message: unknown };

/** Stands in for the running cable: records what models broadcast. Call `stop()` after the test. */
export function recordBroadcasts() {
  const broadcasts: Broadcast[] = [];
  const disconnected: number[] = [];
  const cable: LiveCable = {
    async broadcast(stream, message) {
      broadcasts.push({ stream, message });
    },
    async disconnectUser(userId) {
      disconnected.push(Number(userId));
    },
    restart() {},
  };
  useCable(cable);
  return {
    broadcasts,
    disconnected,
    to: (stream: string) => broadcasts.filter((b) => b.stream === stream).map((b) => String(b.message)),
    stop: () => useCable(null),
  };
}

/**
 * A shipper with a job whose load 1 runs with a carrier (driven by `driver`), a second driver of that
 * carrier, and an unrelated carrier and shipper.
 */
export async function messagingWorld() {
  const shipper = await createShipper({ name: "Sarah Shipper" });
  const shipperColleague = await createUser("shipper", { role: "member", accountId: shipper.accountId, name: "Sam Colleague" });
  const carrier = await createCarrier({ name: "Callum Carrier" });
  const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Dave Driver" });
  const otherDriver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Gemma Driver" });
  const outsider = await createCarrier({ name: "Olly Outsider" });
  const otherShipper = await createShipper({ name: "Oscar Shipper" });
  const job = await createJob(shipper.accountId, shipper.id, { status: "awarded", reference: "Pallets to Belfast" });
  const load = await db().load.create({
    data: { jobId: job.id, sequence: 1, carrierAccountId: carrier.accountId, driverId: driver.id, status: "driver_assigned", priceCents: 45_000 },
  });
  return { shipper, shipperColleague, carrier, driver, otherDriver, outsider, otherShipper, job, load };
}

/** An open job of this shipper, optionally with an active quote from a carrier account. */
export async function openJobWithQuote(shipper: { id: number; accountId: number }, quotingCarrier?: { id: number; accountId: number }) {
  const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Drums to Derby" });
  if (quotingCarrier) {
    await db().quote.create({
      data: { jobId: job.id, carrierAccountId: quotingCarrier.accountId, placedById: quotingCarrier.id, valueCents: 50_000, numberOfLoads: 1, status: "active" },
    });
  }
  return job;
}

export function createMessage(data: { jobId: number; loadId?: number | null; from: { id: number; accountId: number }; toAccountId: number; body?: string; readAt?: Date | null }) {
  return db().message.create({
    data: {
      jobId: data.jobId,
      loadId: data.loadId ?? null,
      fromUserId: data.from.id,
      fromAccountId: data.from.accountId,
      toAccountId: data.toAccountId,
      body: data.body ?? "Hello there",
      readAt: data.readAt ?? null,
    },
  });
}

/**
 * The hooks every messaging test file shares: one world per file, broadcasts recorded per test.
 * Read `ctx.world` and `ctx.recorder` inside tests (they are set when the hooks run).
 */
export function useMessagingWorld() {
  const ctx = {} as { world: Awaited<ReturnType<typeof messagingWorld>>; recorder: ReturnType<typeof recordBroadcasts> };
  beforeAll(async () => {
    ctx.world = await messagingWorld();
  });
  beforeEach(() => {
    ctx.recorder = recordBroadcasts();
  });
  afterEach(() => ctx.recorder.stop());
  return ctx;
}
