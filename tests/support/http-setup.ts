// Runs before each HTTP/e2e test file: a private copy of the migrated database and test settings.
import { copyFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";

const dir = mkdtempSync(path.join(tmpdir(), "loadline-db-"));
const file = path.join(dir, "test.sqlite3");
copyFileSync(inject("templateDatabase"), file);

process.env.DATABASE_URL = `file:${file}`;
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET = "test-secret-test-secret-test-secret-0123456789";
process.env.LOG_LEVEL = "silent";
process.env.SEED_DEMO_DATA ??= "false";

afterAll(async () => {
  const { disconnectDb } = await import("#db/client.server.ts");
  await disconnectDb();
});
