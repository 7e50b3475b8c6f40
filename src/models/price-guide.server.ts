import { keptUntilWritten } from "#db/kept-until-written.server.ts";
import { GUIDE_DAYS, type Guide, priceGuide } from "#domain/price-guide/guide.ts";
import { isOnLane, type Lane } from "#domain/price-guide/lane.ts";
import { indexStart, type IndexMonth, pricePerMileIndex } from "#domain/price-guide/price-index.ts";
import { type Accepted, laneOfJob, type LaneSource, readAccepted, readJobLane } from "#models/price-guide-reads.server.ts";
import { groupBy } from "#domain/group-by.ts";

// The price guide and the price per mile index (docs/price-guide.md), both from the accepted prices
// of the index's twelve months (price-guide-reads). Reading them costs two statements over every
// awarded job of a year, so they are kept until a load, job or job location is written; the window
// moves on each month (the key), and the guide's last 90 days are cut from it at each asking.

const DAY_MS = 24 * 60 * 60 * 1000;
const kept = keptUntilWritten<readonly Accepted[]>(["Load", "Job", "JobLocation"]);

function acceptedSince(now: Date): Promise<readonly Accepted[]> {
  const since = indexStart(now);
  return kept(since.toISOString(), () => readAccepted(since));
}

// Worked out once for each kept set of accepted prices (a new set after any write): the prices by
// lane areas and load type, so a job page's guide looks at its lane's loads only, and the index,
// reused for any moment after the set's latest price (the index counts prices up to that moment, so
// then it counts them all); asked about an earlier moment, it is worked out for that moment.
type Derived = { byLane: Map<string, Accepted[]>; latestMs: number; index?: IndexMonth[] };
const derived = new WeakMap<readonly Accepted[], Derived>();

const laneKey = (facts: { from: string | null; to: string | null; loadType: string }) => `${facts.from}|${facts.to}|${facts.loadType}`;

function derivedFrom(accepted: readonly Accepted[]): Derived {
  let found = derived.get(accepted);
  if (!found) {
    const latestMs = accepted.reduce((latest, load) => Math.max(latest, load.acceptedAt.getTime()), -Infinity);
    derived.set(accepted, (found = { byLane: groupBy(accepted, laneKey), latestMs }));
  }
  return found;
}

/** The guide for a lane over the last 90 days before `now`. */
export async function guideForLane(lane: Lane, now = new Date()): Promise<Guide> {
  const from = new Date(now.getTime() - GUIDE_DAYS * DAY_MS);
  const onLanesAreas = derivedFrom(await acceptedSince(now)).byLane.get(laneKey(lane)) ?? [];
  const loads = onLanesAreas.filter((load) => load.acceptedAt >= from && load.acceptedAt <= now && isOnLane(load, lane));
  return priceGuide(lane, loads);
}

/**
 * A job's own lane (its first listed vehicle type) and its guide; null when the job has no UK lane
 * (a collection or delivery outside the UK's postcodes, or no vehicle type). A job read with its
 * stops (the job page's) costs no statement; one read for bidding only is looked up.
 */
export async function guideForJob(job: { id: number } | (LaneSource & { id: number }), now = new Date()): Promise<{ lane: Lane; guide: Guide } | null> {
  const facts = "locations" in job ? laneOfJob(job) : await readJobLane(job.id);
  const vehicle = facts?.vehicleTypes[0];
  if (!facts?.from || !facts.to || !vehicle) return null;
  const lane = { from: facts.from, to: facts.to, vehicle, loadType: facts.loadType };
  return { lane, guide: await guideForLane(lane, now) };
}

/** The monthly median price per mile of all lanes, backed months only, oldest first. */
export async function priceIndex(now = new Date()): Promise<IndexMonth[]> {
  const accepted = await acceptedSince(now);
  const kept = derivedFrom(accepted);
  if (now.getTime() < kept.latestMs) return pricePerMileIndex(accepted, now);
  kept.index ??= pricePerMileIndex(accepted, now);
  return kept.index;
}
