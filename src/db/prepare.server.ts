import type { Logger } from "pino";
import { applyMigrations } from "#db/migrate.server.ts";
import { lockDatabaseFile } from "#db/process-lock.server.ts";
import { sqliteFilePath } from "#db/sqlite-file.server.ts";
import { databaseKind } from "#db/database-kind.ts";

/**
 * Makes the database ready for this process: takes a SQLite file for this process alone (PostgreSQL
 * serves any number), and applies pending migrations (once, however many processes start together).
 * Returns the function that gives the database back on shutdown.
 */
export async function prepareDatabase(databaseUrl: string, logger: Logger): Promise<() => void> {
  const release = databaseKind(databaseUrl) === "sqlite" ? lockDatabaseFile(sqliteFilePath(databaseUrl)) : () => {};
  try {
    const applied = await applyMigrations(databaseUrl);
    if (applied.length) logger.info({ applied }, "migrations applied");
    return release;
  } catch (error) {
    release();
    throw error;
  }
}
