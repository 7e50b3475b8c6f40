import { existsSync } from "node:fs";
import type { DiagnoseMigrationHistoryOutput } from "@prisma/schema-engine-wasm/schema_engine_bg";
import {
  migrationDirectoryName,
  migrationPathsFor,
  readMigrationList,
  readSchemaFiles,
  writeMigration,
  type MigrationPaths,
} from "#db/migrations-folder.server.ts";
import { NO_SCHEMA_FILTER, withSchemaEngine } from "#db/schema-engine.server.ts";
import { lockDatabaseFile } from "#db/process-lock.server.ts";
import { connectCreatingDatabase } from "#db/postgres-database.server.ts";
import { preparedSqliteFilePath, sqliteFilePath } from "#db/sqlite-file.server.ts";
import { databaseKind } from "#db/database-kind.ts";

export type { MigrationPaths };

export type MigrationStatus = {
  migrations: string[];
  applied: string[];
  pending: string[];
  failed: string[];
  edited: string[];
  missingFromFolder: string[];
  upToDate: boolean;
};

// Schema-only work (diffs) on SQLite needs no real database; the engine still wants a main connection.
// PostgreSQL's diffs replay the migrations into a shadow database, so they need a server's URL.
const SCRATCH_DATABASE_URL = ":memory:";
// Any fixed number: every process that migrates one PostgreSQL database takes this advisory lock.
const MIGRATION_LOCK_KEY = 20_261_125;
const DIFF_HAS_CHANGES = 2;
const MIGRATIONS_TABLE_MISSING = "P1014";

/**
 * Applies pending migrations, recording them in `_prisma_migrations`; returns the names applied. On
 * PostgreSQL the database is created when the server has none by its name, and several processes may
 * start together: each waits for a database-wide advisory lock, so the first applies the migrations
 * and the others find nothing left to do. A SQLite file is migrated under its server lock: refused
 * while another Loadline process holds it, whoever else is reading it.
 */
export async function applyMigrations(databaseUrl: string, paths: Partial<MigrationPaths> = {}): Promise<string[]> {
  if (databaseKind(databaseUrl) === "postgresql") return withAdvisoryLock(databaseUrl, () => applyPending(databaseUrl, paths));
  const release = lockDatabaseFile(preparedSqliteFilePath(databaseUrl));
  try {
    return await applyPending(databaseUrl, paths);
  } finally {
    release();
  }
}

async function withAdvisoryLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const client = await connectCreatingDatabase(databaseUrl);
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    return await work();
  } finally {
    await client.end();
  }
}

async function applyPending(databaseUrl: string, paths: Partial<MigrationPaths>): Promise<string[]> {
  const kind = databaseKind(databaseUrl);
  const { migrationsDir, schemaPath } = { ...migrationPathsFor(kind), ...paths };
  const migrationsList = await readMigrationList(migrationsDir, kind);
  const schemaFiles = await readSchemaFiles(schemaPath);
  const output = await withSchemaEngine({ databaseUrl, schemaFiles }, (engine) =>
    engine.applyMigrations({ migrationsList, filters: NO_SCHEMA_FILTER }),
  );
  return output.appliedMigrationNames;
}

/**
 * Writes `<timestamp>_<name>/migration.sql` for the schema changes not yet in a migration. For
 * PostgreSQL's migrations pass a server's URL as `databaseUrl` (see SCRATCH_DATABASE_URL).
 */
export async function createMigration(
  name: string, paths: Partial<MigrationPaths> = {}, now: Date = new Date(), databaseUrl = SCRATCH_DATABASE_URL,
): Promise<string | null> {
  const kind = databaseKind(databaseUrl);
  const { migrationsDir } = { ...migrationPathsFor(kind), ...paths };
  const directoryName = migrationDirectoryName(name, now);
  const sql = await checkDrift(paths, databaseUrl);
  if (sql === "") return null;
  await writeMigration(migrationsDir, directoryName, sql, kind);
  return directoryName;
}

/** SQL that would bring the migrations up to the schema; "" when they agree. */
export async function checkDrift(paths: Partial<MigrationPaths> = {}, databaseUrl = SCRATCH_DATABASE_URL): Promise<string> {
  const kind = databaseKind(databaseUrl);
  const { migrationsDir, schemaPath } = { ...migrationPathsFor(kind), ...paths };
  const schemaFiles = await readSchemaFiles(schemaPath);
  const migrationsList = await readMigrationList(migrationsDir, kind);
  const result = await withSchemaEngine({ databaseUrl, schemaFiles }, (engine) =>
    engine.diff({
      from: { tag: "migrations", ...migrationsList },
      to: { tag: "schemaDatamodel", files: schemaFiles },
      script: true,
      exitCode: true,
      filters: NO_SCHEMA_FILTER,
    }),
  );
  return result.exitCode === DIFF_HAS_CHANGES ? (result.stdout ?? "") : "";
}

export async function migrationStatus(databaseUrl: string, paths: Partial<MigrationPaths> = {}): Promise<MigrationStatus> {
  const kind = databaseKind(databaseUrl);
  const { migrationsDir, schemaPath } = { ...migrationPathsFor(kind), ...paths };
  const migrationsList = await readMigrationList(migrationsDir, kind);
  const migrations = migrationsList.migrationDirectories.map((directory) => directory.path);
  if (kind === "sqlite" && !existsSync(sqliteFilePath(databaseUrl))) return summarise(migrations, null);
  const schemaFiles = await readSchemaFiles(schemaPath);
  const diagnosis = await withSchemaEngine({ databaseUrl, schemaFiles }, (engine) =>
    engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters: NO_SCHEMA_FILTER }),
  ).catch((error: unknown) => {
    if (isEngineError(error, MIGRATIONS_TABLE_MISSING)) return null;
    throw error;
  });
  return summarise(migrations, diagnosis);
}

function summarise(migrations: string[], diagnosis: DiagnoseMigrationHistoryOutput | null): MigrationStatus {
  const history = diagnosis?.history ?? null;
  const unapplied = diagnosis === null ? migrations : history && "unappliedMigrationNames" in history ? history.unappliedMigrationNames : [];
  const missingFromFolder = history && "unpersistedMigrationNames" in history ? history.unpersistedMigrationNames : [];
  const failed = diagnosis?.failedMigrationNames ?? [];
  const edited = diagnosis?.editedMigrationNames ?? [];
  const applied = migrations.filter((name) => !unapplied.includes(name) && !failed.includes(name));
  const upToDate = unapplied.length + failed.length + edited.length + missingFromFolder.length === 0;
  return { migrations, applied, pending: unapplied, failed, edited, missingFromFolder, upToDate };
}

function isEngineError(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === code;
}
