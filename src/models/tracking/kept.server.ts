import { db, dbKind } from "#db/client.server.ts";
import { isCurrent, stampOf, type Stamp } from "#db/table-versions.server.ts";
import type { Fix } from "#domain/maps/tracking.ts";
import { mappedPlaceSelect, type MappedPlace } from "#geo/trips.server.ts";

// A position arrives every few seconds from every lorry on the road, so what the checks need is
// kept in memory: the load's facts until the load, its stops or the job's places change, and (on
// SQLite, where this process is the only writer) each load's last fix as this process stored it.

const FACT_TABLES = ["Load", "LoadStop", "JobLocation", "Job"];
const MAX_KEPT = 10_000;

type Stop = { id: number; arrivedAt: Date | null; place: MappedPlace };
export type LoadFacts = {
  id: number;
  status: string;
  driverId: number | null;
  carrierAccountId: number | null;
  stops: Stop[];
  shipperAccountId: number;
};

const keptFacts = new Map<number, { facts: LoadFacts; stamp: Stamp }>();
const lastFixes = new Map<number, Fix>();

/** What the checks of a fix need of its load, kept until any of the tables it comes from changes. */
export async function factsOf(loadId: number): Promise<LoadFacts | null> {
  const entry = keptFacts.get(loadId);
  if (entry && isCurrent(entry.stamp)) return entry.facts;
  const stamp = stampOf(FACT_TABLES);
  const row = await db().load.findUnique({
    where: { id: loadId },
    select: {
      id: true,
      status: true,
      driverId: true,
      carrierAccountId: true,
      job: { select: { shipperAccountId: true } },
      stops: { select: { id: true, arrivedAt: true, jobLocation: { select: mappedPlaceSelect } } },
    },
  });
  if (!row) return null;
  const stops = row.stops.map((s) => ({ id: s.id, arrivedAt: s.arrivedAt, place: s.jobLocation }));
  const facts = { ...row, shipperAccountId: row.job.shipperAccountId, stops };
  if (keptFacts.size >= MAX_KEPT) keptFacts.clear();
  keptFacts.set(loadId, { facts, stamp });
  return facts;
}

// On SQLite this process is the only writer, so the fix it stored last is the load's latest. On
// PostgreSQL other processes store fixes too: the latest is read from the database every time (one
// seek on LoadPosition(loadId, recordedAt)). Two fixes of one load arriving at two processes in the
// same instant may both pass that check; a phone sends its fixes one after another, and the load's
// latest position is read by time, so the worst case is one fix stored out of order.
const keepsLastFixes = () => dbKind() !== "postgresql";

/** The load's latest fix: as this process last stored it (SQLite), else read. */
export async function latestFix(loadId: number): Promise<Fix | null> {
  const kept = keepsLastFixes() ? lastFixes.get(loadId) : undefined;
  if (kept) return kept;
  const row = await db().loadPosition.findFirst({
    where: { loadId },
    orderBy: { recordedAt: "desc" },
    select: { latitude: true, longitude: true, recordedAt: true },
  });
  if (row) remember(loadId, row);
  return row;
}

/** Keeps the fix just stored as the load's latest (SQLite only). */
export function remember(loadId: number, fix: Fix) {
  if (!keepsLastFixes()) return;
  if (lastFixes.size >= MAX_KEPT) lastFixes.delete(lastFixes.keys().next().value!);
  lastFixes.set(loadId, fix);
}

/** Forget everything kept (a fresh app, or a test that rewrote the database behind the app). */
export function forgetTracking(): void {
  keptFacts.clear();
  lastFixes.clear();
}
