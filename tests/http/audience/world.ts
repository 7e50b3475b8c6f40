import { db } from "#db/client.server.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob, type JobOverrides } from "../../support/job-fixtures.ts";

// A shipper with a pool of one carrier ("inside"), and a carrier outside every pool ("outside"):
// the people every audience test needs. Pools are written directly (their pages are another's).

export type Person = Awaited<ReturnType<typeof createShipper>>;

export async function poolOf(shipper: Person, name: string, carriers: readonly Person[]) {
  const pool = await db().pool.create({ data: { shipperAccountId: shipper.accountId, name, createdById: shipper.id } });
  if (carriers.length) await db().poolMember.createMany({ data: carriers.map((carrier) => ({ poolId: pool.id, carrierAccountId: carrier.accountId })) });
  return pool;
}

/** A published job offered to these pools only (or first, with its market step due at `marketAt`). */
export async function pooledJob(shipper: Person, poolIds: readonly number[], overrides: JobOverrides = {}) {
  const job = await createJob(shipper.accountId, shipper.id, { audience: "pools", onMarket: false, ...overrides });
  await db().jobPool.createMany({ data: poolIds.map((poolId) => ({ jobId: job.id, poolId })) });
  return job;
}

export async function audienceWorld() {
  const [shipper, inside, outside] = await Promise.all([createShipper(), createCarrier(), createCarrier()]);
  const pool = await poolOf(shipper, `Regulars ${shipper.accountId}`, [inside]);
  return { shipper, inside, outside, pool };
}

/** The board's "N jobs on the board" and the references it lists. */
export const boardTotal = (html: string) => /<p class="muted">([\d,]+) jobs? on the board/.exec(html)?.[1];
export const boardReferences = (html: string) => [...html.matchAll(/<a href="\/jobs\/\d+">([^<]+)<\/a>/g)].map((match) => match[1]);
