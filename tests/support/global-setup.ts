import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "#db/migrate.server.ts";

/** One migrated SQLite file per run; every test file starts from its own copy. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "loadline-test-"));
  const template = path.join(dir, "template.sqlite3");
  await applyMigrations(`file:${template}`);
  project.provide("templateDatabase", template);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
  }
}
