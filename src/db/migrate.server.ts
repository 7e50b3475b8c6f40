import { existsSync } from "node:fs";
import type { DiagnoseMigrationHistoryOutput } from "@prisma/schema-engine-wasm/schema_engine_bg";
import {
  DEFAULT_MIGRATION_PATHS,
  migrationDirectoryName,
  readMigrationList,
  readSchemaFiles,
  writeMigration,
  type MigrationPaths,
} from "#db/migrations-folder.server.ts";
import { NO_SCHEMA_FILTER, withSchemaEngine } from "#db/schema-engine.server.ts";
import { preparedSqliteFilePath, sqliteFilePath } from "#db/sqlite-file.server.ts";

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

// Schema-only work (diffs) needs no real database; the engine still wants a main connection.
const SCRATCH_DATABASE_URL = ":memory:";
const DIFF_HAS_CHANGES = 2;
const MIGRATIONS_TABLE_MISSING = "P1014";

/** Applies pending migrations, recording them in `_prisma_migrations`; returns the names applied. */
export async function applyMigrations(databaseUrl: string, paths: Partial<MigrationPaths> = {}): Promise<string[]> {
  const { migrationsDir, schemaPath } = { ...DEFAULT_MIGRATION_PATHS, ...paths };
  preparedSqliteFilePath(databaseUrl);
  const migrationsList = await readMigrationList(migrationsDir);
  const schemaFiles = await readSchemaFiles(schemaPath);
  const output = await withSchemaEngine({ databaseUrl, schemaFiles }, (engine) =>
    engine.applyMigrations({ migrationsList, filters: NO_SCHEMA_FILTER }),
  );
  return output.appliedMigrationNames;
}

/** Writes `<timestamp>_<name>/migration.sql` for the schema changes not yet in a migration. */
export async function createMigration(name: string, paths: Partial<MigrationPaths> = {}, now: Date = new Date()): Promise<string | null> {
  const { migrationsDir } = { ...DEFAULT_MIGRATION_PATHS, ...paths };
  const directoryName = migrationDirectoryName(name, now);
  const sql = await checkDrift(paths);
  if (sql === "") return null;
  await writeMigration(migrationsDir, directoryName, sql);
  return directoryName;
}

/** SQL that would bring the migrations up to schema.prisma; "" when they agree. */
export async function checkDrift(paths: Partial<MigrationPaths> = {}): Promise<string> {
  const { migrationsDir, schemaPath } = { ...DEFAULT_MIGRATION_PATHS, ...paths };
  const schemaFiles = await readSchemaFiles(schemaPath);
  const migrationsList = await readMigrationList(migrationsDir);
  const result = await withSchemaEngine({ databaseUrl: SCRATCH_DATABASE_URL, schemaFiles }, (engine) =>
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
  const { migrationsDir, schemaPath } = { ...DEFAULT_MIGRATION_PATHS, ...paths };
  const migrationsList = await readMigrationList(migrationsDir);
  const migrations = migrationsList.migrationDirectories.map((directory) => directory.path);
  if (!existsSync(sqliteFilePath(databaseUrl))) return summarise(migrations, null);
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
