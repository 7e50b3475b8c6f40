import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { createPrisma } from "#db/client.server.ts";
import { applyMigrations, migrationStatus } from "#db/migrate.server.ts";
import { DEFAULT_MIGRATION_PATHS, readMigrationList } from "#db/migrations-folder.server.ts";

const scratch = mkdtempSync(join(tmpdir(), "haulage-apply-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const databasePath = join(scratch, "nested", "fresh.sqlite3");
const databaseUrl = `file:${databasePath}`;

type MigrationRow = { migration_name: string; finished_at: unknown; rolled_back_at: unknown; applied_steps_count: number };

function inspect<T>(query: (sqlite: Database.Database) => T): T {
  const sqlite = new Database(databasePath, { readonly: true });
  try {
    return query(sqlite);
  } finally {
    sqlite.close();
  }
}

function modelTables(): string[] {
  const schema = readFileSync(DEFAULT_MIGRATION_PATHS.schemaPath, "utf8");
  return [...schema.matchAll(/^model (\w+) \{/gm)].map((match) => match[1] ?? "").sort();
}

describe("applyMigrations on a fresh SQLite file", { timeout: 60_000 }, () => {
  it("applies every migration once, recording each in _prisma_migrations", async () => {
    const folder = (await readMigrationList(DEFAULT_MIGRATION_PATHS.migrationsDir)).migrationDirectories.map((d) => d.path);
    expect(folder.length).toBeGreaterThan(0);
    expect((await migrationStatus(databaseUrl)).pending).toEqual(folder);

    expect(await applyMigrations(databaseUrl)).toEqual(folder);

    const tables = inspect((sqlite) =>
      sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").pluck().all(),
    );
    expect(tables).toEqual(["_prisma_migrations", ...modelTables()].sort());
    const rows = inspect((sqlite) => sqlite.prepare("SELECT * FROM _prisma_migrations ORDER BY migration_name").all() as MigrationRow[]);
    expect(rows.map((row) => row.migration_name)).toEqual(folder);
    for (const row of rows) {
      expect(row.rolled_back_at).toBeNull();
      expect(typeof row.finished_at).toBe("number");
      expect(row.applied_steps_count).toBe(1);
    }
    expect(await migrationStatus(databaseUrl)).toMatchObject({ applied: folder, pending: [], upToDate: true });
  });

  it("applies nothing on a second run", async () => {
    expect(await applyMigrations(databaseUrl)).toEqual([]);
    const count = inspect((sqlite) => sqlite.prepare("SELECT count(*) FROM _prisma_migrations").pluck().get());
    expect(count).toBe((await readMigrationList(DEFAULT_MIGRATION_PATHS.migrationsDir)).migrationDirectories.length);
  });

  it("gives a client in WAL mode with foreign keys enforced", async () => {
    const prisma = createPrisma(databaseUrl);
    try {
      const [journal] = await prisma.$queryRawUnsafe<Array<{ journal_mode: string }>>("PRAGMA journal_mode");
      const [foreignKeys] = await prisma.$queryRawUnsafe<Array<{ foreign_keys: bigint }>>("PRAGMA foreign_keys");
      const [busy] = await prisma.$queryRawUnsafe<Array<{ timeout: bigint }>>("PRAGMA busy_timeout");
      expect(journal?.journal_mode).toBe("wal");
      expect(foreignKeys?.foreign_keys).toBe(1n);
      expect(busy?.timeout).toBe(5000n);
      await expect(prisma.user.create({ data: { accountId: 999, email: "x@example.com", name: "X", role: "member", passwordHash: "h" } })).rejects.toThrow();
    } finally {
      await prisma.$disconnect();
    }
    expect(inspect((sqlite) => sqlite.pragma("journal_mode", { simple: true }))).toBe("wal");
  });
});
