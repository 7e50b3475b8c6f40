// Runs before each HTTP/e2e test file: a private copy of the migrated database and test settings.
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { POSTGRES_TEMPLATE, databaseUrlOn } from "./global-setup.ts";

const postgresServer = inject("postgresServer");
const dir = mkdtempSync(path.join(tmpdir(), "loadline-db-"));
let dropDatabase = async () => {};

if (postgresServer) {
  const name = `loadline_test_${randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${POSTGRES_TEMPLATE}`);
  process.env.DATABASE_URL = databaseUrlOn(postgresServer, name);
  dropDatabase = () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
} else {
  const file = path.join(dir, "test.sqlite3");
  copyFileSync(inject("templateDatabase"), file);
  process.env.DATABASE_URL = `file:${file}`;
}
// Files the app keeps beside its database (outbox, uploads) stay in this test file's own folder.
process.env.DATA_DIR = dir;
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET = "test-secret-test-secret-test-secret-0123456789";
process.env.LOG_LEVEL = "silent";
process.env.SEED_DEMO_DATA ??= "false";

afterAll(async () => {
  const { disconnectDb } = await import("#db/client.server.ts");
  await disconnectDb();
  await dropDatabase();
  rmSync(dir, { recursive: true, force: true });
});

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresServer });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
