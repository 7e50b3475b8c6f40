import { defineConfig } from "vitest/config";

// Five projects: pure domain rules, HTTP routes against a real SQLite file, the same HTTP routes
// against a real PostgreSQL server, several processes on real servers, and Chromium flows.

// Tests of SQLite's own arrangements: one server per database file, and a test that counts queries
// through a SQLite client of its own (tests/http/statements.test.ts counts pages' statements on both).
const SQLITE_ONLY = ["tests/http/loads/queries.test.ts", "tests/http/server-start.test.ts", "tests/http/hardening/database-lock.test.ts", "tests/http/charts/read-worker-sqlite.test.ts"];
export default defineConfig({
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    // Two test files at a time. Left to itself vitest uses one worker on two cores, and then nearly
    // half of a run is spent loading each file's modules with no test running; every HTTP file has
    // a database of its own (tests/support/http-setup.ts), so files may overlap.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        extends: true,
        test: { name: "http", include: ["tests/http/**/*.test.ts"], setupFiles: ["tests/support/http-setup.ts"], testTimeout: 20_000, hookTimeout: 60_000 },
      },
      // The same HTTP tests on PostgreSQL (a server started for the run), but for the few about SQLite itself.
      {
        extends: true,
        test: {
          name: "http-pg",
          include: ["tests/http/**/*.test.ts"],
          exclude: SQLITE_ONLY,
          setupFiles: ["tests/support/http-setup.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      // Tests that start their own servers and processes (PostgreSQL, Redis, S3, several app processes).
      {
        extends: true,
        test: { name: "scale", include: ["tests/scale/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 180_000, pool: "forks", poolOptions: { forks: { singleFork: true } } },
      },
      {
        extends: true,
        test: { name: "e2e", include: ["tests/e2e/**/*.test.ts"], setupFiles: ["tests/support/http-setup.ts"], testTimeout: 90_000, hookTimeout: 120_000, pool: "forks", poolOptions: { forks: { singleFork: true } } },
      },
    ],
  },
});
