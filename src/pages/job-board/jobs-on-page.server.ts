import { db } from "#db/client.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import type { BoardSort } from "#domain/jobs/board-filters.ts";

// Which jobs make up one page of the board, in the carrier's order. Most pages are one query the
// database answers by walking an index in order. Two shapes cannot be read that way, and with a
// million jobs the database would sort every job on the board for each page:
//
// - "latest collection": start dates newest first with undated jobs last (DESC NULLS LAST), the
//   opposite of where an ascending index keeps its NULLs when walked backwards;
// - "collecting from a date": start on or after the date OR end on or after it; no one index
//   holds both.
//
// Both are split into parts that each match one index order: dated jobs / undated jobs, and jobs
// starting on or after the date / schedules that started before it and are still running. Each part
// is read in the page's order, only as far as the page reaches, and the parts are merged here. The
// parts never share a job, so the merge is exact. Past MERGE_LIMIT jobs (from page 51, rare)
// reading each part that far costs more than the database's own sort, which is used instead.

type SortField = "startDate" | "publishedAt" | "auctionClosesAt" | "id";
type SortKey = { field: SortField; desc?: true; undatedLast?: true };

/** Each order, with the id last so paging is stable. Undated jobs come last in either collection order. */
const ORDERS: Record<BoardSort, SortKey[]> = {
  soonest: [{ field: "startDate", undatedLast: true }, { field: "id" }],
  latest: [{ field: "startDate", desc: true, undatedLast: true }, { field: "id", desc: true }],
  // Every job on the board has been published, so "newest" needs no NULLs placement: plain DESC is
  // what the database reads straight off the (publishedAt, id) index backwards.
  newest: [{ field: "publishedAt", desc: true }, { field: "id", desc: true }],
  closing: [{ field: "auctionClosesAt", undatedLast: true }, { field: "startDate", undatedLast: true }, { field: "id" }],
};

const MERGE_LIMIT = 1_000;

function orderBy(keys: readonly SortKey[]): Prisma.JobOrderByWithRelationInput[] {
  return keys.map(({ field, desc, undatedLast }) => {
    const sort = desc ? "desc" : "asc";
    return { [field]: undatedLast ? { sort, nulls: "last" } : sort };
  });
}

type SortRow = Record<SortField, Date | number | null>;

/**
 * The comparator for an order, as the database sorts it. Only keys marked undatedLast can be empty
 * on the board (an id always exists; every job on the board has been published), and their empty
 * values go last either way.
 */
function compareBy(keys: readonly SortKey[]) {
  const value = (v: Date | number | null) => (v instanceof Date ? v.getTime() : v);
  return (a: SortRow, b: SortRow): number => {
    for (const { field, desc } of keys) {
      const [x, y] = [value(a[field]), value(b[field])];
      if (x === y) continue;
      if (x === null || y === null) return x === null ? 1 : -1;
      return (x < y ? -1 : 1) * (desc ? -1 : 1);
    }
    return 0;
  };
}

/** A part of the board: some of its jobs, and an order that agrees with the page's order on them. */
type Part = { where: Prisma.JobWhereInput; keys: SortKey[] };

/**
 * "Collecting on or after the date": a single load that day or later, or a schedule still running
 * then. As two clauses that never share a job, each read from an index of its own: jobs starting on
 * or after the date, and schedules that started before it (or name no start) and end on or after it.
 */
export function collectingFrom(date: Date): [Prisma.JobWhereInput, Prisma.JobWhereInput] {
  return [{ startDate: { gte: date } }, { endDate: { gte: date }, OR: [{ startDate: { lt: date } }, { startDate: null }] }];
}

/** The parts that the page's jobs are read in, or one part when the order needs no splitting. */
export function boardParts(sort: BoardSort, date: Date | null): Part[] {
  const keys = ORDERS[sort];
  let parts: Part[] = [{ where: {}, keys }];
  // Only the collection orders read the date's two clauses in index order; the others sort anyway.
  if (date && (sort === "soonest" || sort === "latest")) {
    parts = collectingFrom(date).map((where) => ({ where, keys }));
  }
  if (sort === "latest") {
    // Among dated jobs a plain DESC walks the (startDate, id) index backwards; undated jobs follow
    // by id (none of them start on or after a date).
    const [, id] = keys;
    parts = parts.flatMap((part) => [
      { where: { AND: [part.where, { startDate: { not: null } }] }, keys: [{ field: "startDate", desc: true }, id!] },
      ...(part.where.startDate ? [] : [{ where: { AND: [part.where, { startDate: null }] }, keys: [id!] }]),
    ]);
  }
  return parts;
}

/** The order the database sorts a whole page by. */
export const boardOrderBy = (sort: BoardSort) => orderBy(ORDERS[sort]);

/**
 * The ids of the jobs on one page, read part by part and merged, or null when one query in
 * `boardOrderBy(sort)` reads the page in index order (or the page is past MERGE_LIMIT). `where` is
 * the board's filters; `date` the "collecting from" filter, already part of `where`, given again to
 * split by.
 */
export async function mergedPageIds(where: Prisma.JobWhereInput, sort: BoardSort, date: Date | null, skip: number, take: number): Promise<number[] | null> {
  const parts = boardParts(sort, date);
  if (parts.length === 1 || skip + take > MERGE_LIMIT) return null;
  const select = { id: true, startDate: true, publishedAt: true, auctionClosesAt: true } as const;
  const read = await Promise.all(
    parts.map((part) => db().job.findMany({ where: { AND: [where, part.where] }, orderBy: orderBy(part.keys), take: skip + take, select })),
  );
  return read
    .flat()
    .sort(compareBy(ORDERS[sort]))
    .slice(skip, skip + take)
    .map((row) => row.id);
}
