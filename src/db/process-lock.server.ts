import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";

// SQLite serves one server process: a second one on the same file would race the first for
// migrations and writes, and neither would see the other's cache invalidations or live messages.
//
// Each server holds the write lock of a small lock database beside the file, "<database>.server-lock",
// for as long as it runs, and a second server finds it taken and refuses with one clear line. Only
// Loadline servers open that file, so a backup or monitoring tool reading the database never stands in
// the way — "<database>.lock" is not ours to use: SQLite's dot-file locking, which such readers may use,
// makes it while they read. The lock is the operating system's: it goes with its process however that
// ends, so a crashed server leaves nothing to clear up. The file is never deleted: a server holding
// the lock of a deleted file would no longer exclude one that made a new file.

export class DatabaseInUse extends Error {}

const LOCK_SUFFIX = ".server-lock";
// Outlasts the holder's brief commit of its pid (see hold) without keeping a refused server waiting.
const BUSY_TIMEOUT_MS = 500;

// Locks this process holds, by database path, with how many takers have not given them back: a
// server migrating its own file takes the lock it already holds (see applyMigrations).
const held = new Map<string, { lock: Database.Database; takers: number }>();

/**
 * Takes the database file for this process (any number of readers may still open it); returns the
 * function that gives it back. This process may take it again; it is let go when every taker has given it back.
 */
export function lockDatabaseFile(databasePath: string): () => void {
  if (databasePath === ":memory:") return () => {};
  const holding = held.get(databasePath) ?? { lock: takeLock(databasePath), takers: 0 };
  held.set(databasePath, holding);
  holding.takers++;
  let given = false;
  return () => {
    if (given) return;
    given = true;
    if (--holding.takers > 0) return;
    held.delete(databasePath);
    // Closing the connection ends its open transaction, and with it the lock.
    holding.lock.close();
  };
}

function takeLock(databasePath: string): Database.Database {
  mkdirSync(dirname(databasePath), { recursive: true });
  const lock = new Database(`${databasePath}${LOCK_SUFFIX}`, { timeout: BUSY_TIMEOUT_MS });
  try {
    hold(lock, databasePath);
    return lock;
  } catch (error) {
    lock.close();
    throw error;
  }
}

// The holder's pid must be committed for a refused server to read it, and a commit lets the lock go:
// so take it, record this process, commit, and take it again, until it is held with this pid recorded.
function hold(lock: Database.Database, databasePath: string): void {
  for (;;) {
    if (!began(lock)) throw new DatabaseInUse(inUseMessage(holderOf(lock), databasePath));
    lock.exec("CREATE TABLE IF NOT EXISTS server (pid INTEGER NOT NULL)");
    if (holderOf(lock) === process.pid) return;
    lock.exec("DELETE FROM server");
    lock.prepare("INSERT INTO server (pid) VALUES (?)").run(process.pid);
    lock.exec("COMMIT");
  }
}

/** Opens a write transaction, which one connection at a time may have; false when another has it. */
function began(lock: Database.Database): boolean {
  try {
    lock.exec("BEGIN IMMEDIATE");
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_BUSY") return false;
    throw error;
  }
}

function holderOf(lock: Database.Database): number | null {
  try {
    const row = lock.prepare("SELECT pid FROM server").get() as { pid: number } | undefined;
    return row?.pid ?? null;
  } catch {
    // The first server has not recorded itself yet.
    return null;
  }
}

function inUseMessage(holder: number | null, databasePath: string): string {
  const who = holder === null ? "Another Loadline process" : `Another Loadline process (pid ${holder})`;
  return `${who} is using ${databasePath}; SQLite serves one process — use PostgreSQL (DATABASE_URL=postgres://…) to run several.`;
}
