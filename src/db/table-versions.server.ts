import { AsyncLocalStorage } from "node:async_hooks";

// Every statement passes through here (see serialized-adapter), so this process knows when each
// table last changed. A write bumps the version of each table it names; a DELETE also bumps every
// table its foreign keys cascade into (or set null in), as the database reported them on connecting;
// a write whose tables cannot be read bumps every table at once. Transaction control changes nothing
// by itself: the writes inside were noted as they ran.
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

// parent table → the tables whose rows a DELETE in it also deletes or changes; null until known.
let dependents: Map<string, string[]> | null = null;

/** The schema's ON DELETE CASCADE / SET NULL foreign keys, as [child, parent] pairs. */
export function learnCascades(edges: readonly (readonly [child: string, parent: string])[]): void {
  dependents = new Map();
  for (const [child, parent] of edges) dependents.set(parent, [...(dependents.get(parent) ?? []), child]);
}

/** The table and every table a delete in it reaches. */
function reachedByDelete(table: string, reached = new Set<string>()): Set<string> {
  if (reached.has(table)) return reached;
  reached.add(table);
  for (const child of dependents?.get(table) ?? []) reachedByDelete(child, reached);
  return reached;
}

const TRANSACTION_CONTROL = /^\s*(BEGIN|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b/i;

/** Called for every statement before it runs. */
export function noteStatement(sql: string): void {
  const tables = tablesIn(sql);
  const watch = watches.getStore();
  if (/^\s*SELECT\b/i.test(sql)) {
    for (const table of tables) watch?.read.add(table);
    return;
  }
  if (TRANSACTION_CONTROL.test(sql)) return;
  if (watch) watch.wrote = true;
  const deleting = /^\s*DELETE\b/i.test(sql);
  if (tables.length === 0 || (deleting && !dependents)) {
    everything += 1;
    return;
  }
  const changed = deleting ? new Set(tables.flatMap((table) => [...reachedByDelete(table)])) : tables;
  for (const table of changed) versions.set(table, (versions.get(table) ?? 0) + 1);
}

/** Tells the watched work it has read these tables, when it used something cached from them. */
export function noteReads(tables: readonly string[]): void {
  const watch = watches.getStore();
  for (const table of tables) watch?.read.add(table);
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
