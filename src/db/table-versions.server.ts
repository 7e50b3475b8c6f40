import { AsyncLocalStorage } from "node:async_hooks";

// Every statement passes through here (see serialized-adapter), so this process knows when each
// table last changed. A write bumps the version of each table it names; a DELETE also bumps every
// table its foreign keys cascade into (or set null in), as the database reported them on connecting;
// a write whose tables cannot be read bumps every table at once. Transaction control changes nothing
// by itself: the writes inside were noted as they ran.
// Caches built from the database remember the versions they were built on and are thrown away as
// soon as one of them moves: nothing cached outlives the write that changes it. This holds because
// one process owns the database file (see process-lock); several processes would have to share
// these versions: there, each process tells the others what it wrote (noteCommitted's listeners,
// carried by Redis), and without a way to tell them caching is switched off (disableCaching).

const versions = new Map<string, number>();
let everything = 0;

// A schema may qualify the name: SQLite's `main`, PostgreSQL's "public".
const TABLE_NAME = /\b(?:FROM|JOIN|INTO|UPDATE)\s+(?:[`"]?[A-Za-z_]\w*[`"]?\.)?[`"]?([A-Za-z_]\w*)/gi;

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

/** What a write changed: these tables, or (null) anything at all. */
export type Change = string[] | null;

/**
 * Called for every statement before it runs; returns what a write changes (undefined for a read or
 * transaction control). Where statements can run side by side (PostgreSQL's pool), the write is
 * noted again once committed (noteCommitted): a page read between the two is stamped before the
 * second and so is never kept past it.
 */
export function noteStatement(sql: string): Change | undefined {
  const tables = tablesIn(sql);
  const watch = watches.getStore();
  if (/^\s*SELECT\b/i.test(sql)) {
    for (const table of tables) watch?.read.add(table);
    return undefined;
  }
  if (TRANSACTION_CONTROL.test(sql)) return undefined;
  if (watch) watch.wrote = true;
  const deleting = /^\s*DELETE\b/i.test(sql);
  const change = tables.length === 0 || (deleting && !dependents) ? null : deleting ? [...new Set(tables.flatMap((table) => [...reachedByDelete(table)]))] : tables;
  bump(change);
  return change;
}

function bump(change: Change): void {
  if (change === null) everything += 1;
  else for (const table of change) versions.set(table, (versions.get(table) ?? 0) + 1);
}

type CommitListener = (changes: Change[]) => void;
const commitListeners = new Set<CommitListener>();

/** Writes that have committed in this process: bumped again, and told to the listeners (other processes). */
export function noteCommitted(changes: Change[]): void {
  if (changes.length === 0) return;
  for (const change of changes) bump(change);
  for (const listener of commitListeners) listener(changes);
}

/** Hears every committed write of this process; returns the function that stops listening. */
export function onCommitted(listener: CommitListener): () => void {
  commitListeners.add(listener);
  return () => commitListeners.delete(listener);
}

/**
 * Writes of a transaction that has just committed on SQLite's one connection, bumped again: a read
 * on another connection (the read worker) between a write and its commit saw none of it, and what
 * it found must not be kept as current past the commit.
 */
export function noteTransactionCommitted(changes: Change[]): void {
  for (const change of changes) bump(change);
}

/** Writes another process committed: what this process has cached from those tables is stale. */
export function noteWrittenElsewhere(changes: Change[]): void {
  for (const change of changes) bump(change);
}

let caching = true;

/**
 * Turns every cache stamped here off (isCurrent is then always false): for processes that share a
 * database with no way to hear each other's writes.
 */
export function disableCaching(disabled = true): void {
  caching = !disabled;
}

export function cachingEnabled(): boolean {
  return caching;
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
  return caching && stamp.everything === everything && stamp.tables.every(([table, version]) => (versions.get(table) ?? 0) === version);
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
  if (!watch || watch.wrote || !caching) return undefined;
  const tables = new Set([...watch.read, ...alsoDependsOn]);
  return { everything: watch.started.everything, tables: Array.from(tables, (table) => [table, watch.started.tables.get(table) ?? 0]) };
}
