import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";

export const DEFAULT_DATABASE_URL = "file:./data/development.sqlite3";

// Both the schema engine and the client must write DateTime the way the native engine does
// (integer milliseconds), so `_prisma_migrations` stays readable by `prisma migrate deploy`.
export const SQLITE_TIMESTAMP_FORMAT = "unixepoch-ms";

/** Absolute path of a `file:` SQLite URL (relative paths are taken from the working directory). */
export function sqliteFilePath(databaseUrl: string): string {
  const path = databaseUrl.replace(/^file:/, "").replace(/\?.*$/, "");
  if (path === "") throw new Error(`Not a SQLite file URL: ${databaseUrl}`);
  return path === ":memory:" ? path : resolve(path);
}

/** Like sqliteFilePath, and creates the folder the database file lives in. */
export function preparedSqliteFilePath(databaseUrl: string): string {
  const path = sqliteFilePath(databaseUrl);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  return path;
}
