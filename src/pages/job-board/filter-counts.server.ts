import { db } from "#db/client.server.ts";
import { keptUntilWritten } from "#db/kept-until-written.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";

// Two figures every board page needs that cost the most with many jobs: how many jobs a filter
// matches, and the places jobs on the board collect from and deliver to (the region filters). With
// a million jobs they take tens of milliseconds and about a second, so they are kept until a job or
// a job's place is written; the places, slow to add up, are then shown a moment out of date while
// fresh ones are worked out (a region list a second old misleads no one; a page waiting for it
// would). The count is always worked out again first.

// JobPool too: the pools a job is offered to decide which carriers' counts include it.
const BOARD_TABLES = ["Job", "JobLocation", "JobPool"];

export type PlaceRow = { kind: string; countryCode: string | null; region: string | null };

// The count is never shown out of date: the page of jobs is asked for only when it says some match.
const keptCount = keptUntilWritten<number>(BOARD_TABLES, { slowMs: Infinity });
const keptPlaces = keptUntilWritten<PlaceRow[]>(BOARD_TABLES);

/** How many jobs on the board match `where`; `key` names the filters (the same key, the same where). */
export function boardTotal(key: string, where: Prisma.JobWhereInput): Promise<number> {
  return keptCount(key, () => db().job.count({ where }));
}

/**
 * Each (kind, country, region) that some job on the open market's board collects from or delivers
 * to: one list for every carrier, so it names no place only a pool's carriers were offered.
 */
export function boardPlaces(): Promise<PlaceRow[]> {
  return keptPlaces("all", async () => {
    const groups = await db().jobLocation.groupBy({ by: ["kind", "countryCode", "region"], where: { countryCode: { not: null }, job: { ...jobScopes.onBoard, onMarket: true } } });
    return groups.map(({ kind, countryCode, region }) => ({ kind, countryCode, region }));
  });
}
