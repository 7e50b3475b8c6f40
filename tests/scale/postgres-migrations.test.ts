import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, checkDrift, migrationStatus } from "#db/migrate.server.ts";
import { POSTGRES_MIGRATION_PATHS, readMigrationList } from "#db/migrations-folder.server.ts";
import { startPostgres, type Service } from "../support/services.ts";
import { databaseUrlOn } from "../support/global-setup.ts";

let server: Service;
beforeAll(async () => {
  server = await startPostgres();
}, 60_000);
afterAll(() => server.stop());

async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return databaseUrlOn(server.url, name);
}

describe("PostgreSQL migrations", () => {
  it("bring a database to exactly prisma/postgresql/schema.prisma (no drift)", async () => {
    expect(await checkDrift({}, server.url)).toBe("");
  });

  it("are applied once when several processes start together, each waiting its turn", async () => {
    const url = await freshDatabase("started_together");
    const folder = (await readMigrationList(POSTGRES_MIGRATION_PATHS.migrationsDir, "postgresql")).migrationDirectories.map((d) => d.path);
    const applied = await Promise.all(Array.from({ length: 5 }, () => applyMigrations(url)));
    expect(applied.filter((names) => names.length > 0)).toEqual([folder]);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const rows = await client.query(`SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name`);
    await client.end();
    expect(rows.rows.map((row: { migration_name: string }) => row.migration_name)).toEqual(folder);
    expect(await migrationStatus(url)).toMatchObject({ applied: folder, pending: [], upToDate: true });
  });
});
