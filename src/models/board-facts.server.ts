import { db } from "#db/client.server.ts";
import { isCurrent, noteReads, stampOf, type Stamp } from "#db/table-versions.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { jobScopes } from "#models/job-scopes.server.ts";

// Two figures every board page needs that cost the most with many jobs: how many jobs a filter
// matches, and the places jobs on the board collect from and deliver to (the region filters). With
// a million jobs they take tens of milliseconds and about a second. They are kept until a job or a
// job's place is written (through any process: see src/db/table-versions), and viewers arriving
// while one is being worked out wait for that one instead of starting their own. One that took
// longer than SLOW_MS to work out is not waited for again: once out of date it is still shown while
// a fresh one is worked out behind it (a region list a second old misleads no one; a page that
// waits a second for it would).

const BOARD_TABLES = ["Job", "JobLocation"];
const MAX_KEPT_COUNTS = 1_000;
const SLOW_MS = 100;

export type PlaceRow = { kind: string; countryCode: string | null; region: string | null };
export type Kept<T> = { value: Promise<T>; stamp: Stamp; tookMs: number; settled?: T; next?: Promise<T> };

const keptCounts = new Map<string, Kept<number>>();
let keptPlaces: Kept<PlaceRow[]> | undefined;

function workOut<T>(work: () => Promise<T>, forget: () => void): Kept<T> {
  const started = performance.now();
  const entry: Kept<T> = { value: work(), stamp: stampOf(BOARD_TABLES), tookMs: 0 };
  entry.value.then(
    (value) => {
      entry.settled = value;
      entry.tookMs = performance.now() - started;
    },
    forget,
  );
  return entry;
}

/** Exported for its tests: the kept figure, worked out (or refreshed) as the comment above says. */
export function keep<T>(kept: Kept<T> | undefined, work: () => Promise<T>, store: (entry: Kept<T>) => void, forget: () => void): Promise<T> {
  noteReads(BOARD_TABLES);
  if (kept && isCurrent(kept.stamp)) return kept.value;
  if (kept?.settled !== undefined && kept.tookMs > SLOW_MS) {
    kept.next ??= (() => {
      const fresh = workOut(work, () => (kept.next = undefined));
      fresh.value.then(() => store(fresh), () => undefined);
      return fresh.value;
    })();
    return Promise.resolve(kept.settled);
  }
  const entry = workOut(work, forget);
  store(entry);
  return entry.value;
}

/** How many jobs on the board match `where`; `key` names the filters (the same key, the same where). */
export function boardTotal(key: string, where: Prisma.JobWhereInput): Promise<number> {
  return keep(
    keptCounts.get(key),
    () => db().job.count({ where }),
    (entry) => {
      if (keptCounts.size >= MAX_KEPT_COUNTS) keptCounts.clear();
      keptCounts.set(key, entry);
    },
    () => keptCounts.delete(key),
  );
}

/** Each (kind, country, region) that some job on the board collects from or delivers to. */
export function boardPlaces(): Promise<PlaceRow[]> {
  return keep(
    keptPlaces,
    async () => {
      const groups = await db().jobLocation.groupBy({ by: ["kind", "countryCode", "region"], where: { countryCode: { not: null }, job: jobScopes.onBoard } });
      return groups.map(({ kind, countryCode, region }) => ({ kind, countryCode, region }));
    },
    (entry) => (keptPlaces = entry),
    () => (keptPlaces = undefined),
  );
}
