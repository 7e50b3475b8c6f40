import { AsyncLocalStorage } from "node:async_hooks";

// Every statement passes through here (see serialized-adapter), so this process knows when each
// table last changed. A write bumps the version of each table it names; a DELETE (whose foreign keys
// may cascade into other tables) or a write whose tables cannot be read bumps every table at once.
// Caches built from the database remember the versions they were built on and are thrown away as
// soon as one of them moves: nothing cached outlives the write that changes it. This holds because
// one process owns the database file (see process-lock); several processes would have to share
// these versions.

const versions = new Map<string, number>();
let everything = 0;

const TABLE_NAME = /\b(?:FROM|JOIN|INTO|UPDATE)\s+(?:[`"]?main[`"]?\.)?[`"]?([A-Za-z_]\w*)/gi;

/** The tables a statement names after FROM, JOIN, INTO or UPDATE. */
export function tablesIn(sql: string): string[] {
  return [...new Set(Array.from(sql.matchAll(TABLE_NAME), (match) => match[1]!))];
}

/** The versions some cached thing was built on. */
export type Stamp = { everything: number; tables: [string, number][] };

type Watch = { started: { everything: number; tables: Map<string, number> }; read: Set<string>; wrote: boolean };
const watches = new AsyncLocalStorage<Watch>();

/** Called for every statement before it runs. */
export function noteStatement(sql: string): void {
  const tables = tablesIn(sql);
  const watch = watches.getStore();
  if (/^\s*SELECT\b/i.test(sql)) {
    for (const table of tables) watch?.read.add(table);
    return;
  }
  if (watch) watch.wrote = true;
  if (tables.length === 0 || /^\s*DELETE\b/i.test(sql)) everything += 1;
  else for (const table of tables) versions.set(table, (versions.get(table) ?? 0) + 1);
}

/** A stamp of the tables' versions now. */
export function stampOf(tables: Iterable<string>): Stamp {
  return { everything, tables: Array.from(tables, (table) => [table, versions.get(table) ?? 0]) };
}

/** No write has touched the stamp's tables since it was taken. */
export function isCurrent(stamp: Stamp): boolean {
  return stamp.everything === everything && stamp.tables.every(([table, version]) => (versions.get(table) ?? 0) === version);
}

/** Runs `work` noting which tables it reads and whether it writes. */
export function watchStatements<T>(work: () => T): T {
  return watches.run({ started: { everything, tables: new Map(versions) }, read: new Set(), wrote: false }, work);
}

/**
 * What the watched work has read so far, stamped with the versions from when it began (so a write
 * that landed while it ran makes the stamp stale at once); undefined outside `watchStatements` or
 * once the work has written anything.
 */
export function readSoFar(alsoDependsOn: string[] = []): Stamp | undefined {
  const watch = watches.getStore();
  if (!watch || watch.wrote) return undefined;
  const tables = new Set([...watch.read, ...alsoDependsOn]);
  return { everything: watch.started.everything, tables: Array.from(tables, (table) => [table, watch.started.tables.get(table) ?? 0]) };
}
