import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { signStreamName } from "#cable/signed-stream-name.ts";
import { streamSecret } from "#lib/turbo.server.ts";
import type { RunningServer } from "#server/start.server.ts";
import {
  consumerFor, installBrowserShims, recorder, signInOverHttp, startAppServer, turbo, type Consumer,
} from "../cable/support/app-cable.ts";
import { audienceWorld, pooledJob } from "./world.ts";

// The job's live stream through the real /cable: a genuine signed name of a pool-only job's stream
// (or of its conversation) is refused to a carrier outside the pools, and confirmed to one inside.

let server: RunningServer;
let removeShims: () => void;
const consumers: Consumer[] = [];

beforeAll(async () => {
  removeShims = installBrowserShims();
  server = await startAppServer();
});
afterAll(async () => {
  await server?.close();
  removeShims?.();
});
afterEach(() => {
  for (const consumer of consumers.splice(0)) consumer.disconnect();
});

async function subscribe(email: string, streams: readonly string[]) {
  const session = await signInOverHttp(server.url, email);
  const { consumer } = consumerFor(server.url, session.cookie);
  consumers.push(consumer);
  const results = streams.map(() => recorder());
  streams.forEach((stream, i) => consumer.subscriptions.create(turbo(signStreamName(stream, streamSecret())), results[i]!.mixin));
  return results;
}

describe("a pool-only job's live streams", () => {
  it("are refused to a carrier outside the pools and confirmed to one inside", async () => {
    const world = await audienceWorld();
    const job = await pooledJob(world.shipper, [world.pool.id]);
    const outside = await subscribe(world.outside.email, [`job:${job.id}`, `conversation:job:${job.id}:${world.outside.accountId}`]);
    const inside = await subscribe(world.inside.email, [`job:${job.id}`, `conversation:job:${job.id}:${world.inside.accountId}`]);
    await vi.waitFor(() => expect(outside.map((r) => r.events)).toEqual([["rejected"], ["rejected"]]));
    await vi.waitFor(() => expect(inside.map((r) => r.events)).toEqual([["connected"], ["connected"]]));
  });
});
