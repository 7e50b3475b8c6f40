import { keptUntilWritten } from "#db/kept-until-written.server.ts";
import { GUIDE_DAYS, type Guide, priceGuide } from "#domain/price-guide/guide.ts";
import { isOnLane, type Lane } from "#domain/price-guide/lane.ts";
import { indexStart, type IndexMonth, pricePerMileIndex } from "#domain/price-guide/price-index.ts";
import { type Accepted, laneOfJob, type LaneSource, readAccepted, readJobLane } from "#models/price-guide-reads.server.ts";

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

/** The guide for a lane over the last 90 days before `now`. */
export async function guideForLane(lane: Lane, now = new Date()): Promise<Guide> {
  const from = new Date(now.getTime() - GUIDE_DAYS * DAY_MS);
  const loads = (await acceptedSince(now)).filter((load) => load.acceptedAt >= from && load.acceptedAt <= now && isOnLane(load, lane));
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
  return pricePerMileIndex(await acceptedSince(now), now);
}
