import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkDrift, createMigration } from "#db/migrate.server.ts";
import { DEFAULT_MIGRATION_PATHS, migrationDirectoryName } from "#db/migrations-folder.server.ts";

const scratch = mkdtempSync(join(tmpdir(), "haulage-drift-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function schemaWithProbeModel(): string {
  const path = join(scratch, "schema-with-probe.prisma");
  const schema = readFileSync(DEFAULT_MIGRATION_PATHS.schemaPath, "utf8");
  writeFileSync(path, `${schema}\nmodel DriftProbe {\n  id Int @id @default(autoincrement())\n}\n`);
  return path;
}

describe("schema.prisma and prisma/migrations", { timeout: 60_000 }, () => {
  it("agree: every schema change has a migration (run `npm run db:migrate -- create NAME`)", async () => {
    expect(await checkDrift()).toBe("");
  });

  it("drift check reports the SQL for a model no migration creates", async () => {
    const sql = await checkDrift({ schemaPath: schemaWithProbeModel() });
    expect(sql).toContain('CREATE TABLE "DriftProbe"');
    expect(sql).not.toContain('CREATE TABLE "Account"');
  });
});

describe("createMigration", { timeout: 60_000 }, () => {
  it("writes <timestamp>_<name>/migration.sql with the diff, then nothing once it is covered", async () => {
    const migrationsDir = join(scratch, "migrations");
    cpSync(DEFAULT_MIGRATION_PATHS.migrationsDir, migrationsDir, { recursive: true });
    const paths = { migrationsDir, schemaPath: schemaWithProbeModel() };

    const created = await createMigration("Add drift probe", paths, new Date(Date.UTC(2031, 0, 2, 3, 4, 5)));

    expect(created).toBe("20310102030405_add_drift_probe");
    expect(readFileSync(join(migrationsDir, "20310102030405_add_drift_probe", "migration.sql"), "utf8")).toContain('CREATE TABLE "DriftProbe"');
    expect(await createMigration("again", paths)).toBeNull();
    expect(await checkDrift(paths)).toBe("");
  });

  it("writes the lock file when starting a migrations folder", async () => {
    const migrationsDir = join(scratch, "fresh-migrations");
    const created = await createMigration("init", { migrationsDir });
    expect(created).toMatch(/^\d{14}_init$/);
    expect(readFileSync(join(migrationsDir, "migration_lock.toml"), "utf8")).toContain('provider = "sqlite"');
    expect(existsSync(join(migrationsDir, created ?? "", "migration.sql"))).toBe(true);
  });
});

describe("migrationDirectoryName", () => {
  const at = new Date(Date.UTC(2030, 11, 31, 23, 59, 58));
  it.each([
    ["init", "20301231235958_init"],
    ["Add loads table", "20301231235958_add_loads_table"],
    ["  --quotes: index!  ", "20301231235958_quotes_index"],
  ])("names %j as %s", (name, expected) => {
    expect(migrationDirectoryName(name, at)).toBe(expected);
  });

  it("rejects a name without letters or digits", () => {
    expect(() => migrationDirectoryName(" -- ", at)).toThrow(/no letters or digits/);
  });
});
