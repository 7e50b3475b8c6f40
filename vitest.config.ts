import { defineConfig } from "vitest/config";

// Three projects: pure domain rules, HTTP routes against a real SQLite file, and Chromium flows.
export default defineConfig({
  test: {
    globalSetup: ["tests/support/global-setup.ts"],
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      {
        extends: true,
        test: { name: "http", include: ["tests/http/**/*.test.ts"], setupFiles: ["tests/support/http-setup.ts"], testTimeout: 20_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: { name: "e2e", include: ["tests/e2e/**/*.test.ts"], setupFiles: ["tests/support/http-setup.ts"], testTimeout: 90_000, hookTimeout: 120_000, pool: "forks", poolOptions: { forks: { singleFork: true } } },
      },
    ],
  },
});
