import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

// SQLite serves one server process: a second one on the same file would race the first for
// migrations and writes, and neither would see the other's cache invalidations or live messages. The first to start writes its pid into "<database>.lock"; a later one
// finds a live pid there and refuses to start with one clear line. A lock left by a crashed
// process (its pid no longer running) is taken over.

export class DatabaseInUse extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function holderOf(lockPath: string): number | null {
  try {
    const pid = Number(readFileSync(lockPath, "utf8").trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the database file for this process; returns the function that gives it back. */
export function lockDatabaseFile(databasePath: string): () => void {
  if (databasePath === ":memory:") return () => {};
  const lockPath = `${databasePath}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = holderOf(lockPath);
      if (holder !== null && holder !== process.pid && isRunning(holder)) {
        throw new DatabaseInUse(`Another Loadline process (pid ${holder}) is using ${databasePath}; SQLite serves one process — use PostgreSQL (DATABASE_URL=postgres://…) to run several.`);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseInUse(`Could not take ${lockPath}; remove it if no Loadline server is running.`);
}
