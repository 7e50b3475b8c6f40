// Offline stand-in for `prisma migrate dev/deploy/status/diff`, run on Prisma's Wasm schema engine.
import { applyMigrations, checkDrift, createMigration, migrationStatus } from "#db/migrate.server.ts";
import { readFileSync, writeFileSync } from "node:fs";
import { DEFAULT_DATABASE_URL } from "#db/sqlite-file.server.ts";
import { DEFAULT_MIGRATION_PATHS, POSTGRES_MIGRATION_PATHS } from "#db/migrations-folder.server.ts";
import { derivePostgresSchema } from "#db/postgres-schema.ts";
import { startPostgres } from "../tests/support/services.ts";

const USAGE = "usage: tsx scripts/migrate.ts create NAME | deploy | status | drift";
const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const [command, name] = process.argv.slice(2);

// Creates the SQLite migration, derives the PostgreSQL schema and creates its migration too: that
// diff replays PostgreSQL's migrations into a shadow database, on a throwaway server started here.
async function create(): Promise<number> {
  if (!name) return fail(USAGE);
  const now = new Date();
  const created = await createMigration(name, {}, now);
  console.log(created ? `Created prisma/migrations/${created}/migration.sql` : "No schema changes for SQLite.");
  writeFileSync(POSTGRES_MIGRATION_PATHS.schemaPath, derivePostgresSchema(readFileSync(DEFAULT_MIGRATION_PATHS.schemaPath, "utf8")));
  const server = await startPostgres();
  try {
    const forPostgres = await createMigration(name, {}, now, server.url);
    console.log(forPostgres ? `Created prisma/postgresql/migrations/${forPostgres}/migration.sql` : "No schema changes for PostgreSQL.");
  } finally {
    await server.stop();
  }
  return 0;
}

async function deploy(): Promise<number> {
  const started = performance.now();
  const applied = await applyMigrations(databaseUrl);
  const took = `${Math.round(performance.now() - started)} ms`;
  console.log(applied.length ? `Applied ${applied.join(", ")} (${took})` : `No pending migrations (${took}).`);
  return 0;
}

async function status(): Promise<number> {
  const report = await migrationStatus(databaseUrl);
  console.log(`${report.migrations.length} migrations, ${report.applied.length} applied to ${databaseUrl}`);
  const problems = { pending: report.pending, failed: report.failed, edited: report.edited, "missing from folder": report.missingFromFolder };
  for (const [label, names] of Object.entries(problems)) if (names.length) console.log(`${label}: ${names.join(", ")}`);
  console.log(report.upToDate ? "Database schema is up to date." : "Database schema is NOT up to date.");
  return report.upToDate ? 0 : 1;
}

async function drift(): Promise<number> {
  const sql = await checkDrift();
  if (sql === "") {
    console.log("schema.prisma and prisma/migrations agree.");
    return 0;
  }
  console.error("schema.prisma differs from prisma/migrations. Create a migration for:\n");
  console.log(sql);
  return 1;
}

function fail(message: string): number {
  console.error(message);
  return 2;
}

const commands: Record<string, () => Promise<number>> = { create, deploy, status, drift };
const run = command ? commands[command] : undefined;
process.exitCode = run ? await run() : fail(USAGE);
