import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { applyMigrations } from "#db/migrate.server.ts";
import { startPostgres } from "./services.ts";

export const POSTGRES_TEMPLATE = "loadline_template";

/**
 * One migrated database per run; every test file starts from its own copy: a SQLite file copied, or
 * for the http-pg project (the same HTTP tests on PostgreSQL) a database made from a template on a
 * PostgreSQL server started for the run.
 */
export default async function setup(project: TestProject) {
  if (project.name === "http-pg") return setupPostgres(project);
  const dir = mkdtempSync(path.join(tmpdir(), "loadline-test-"));
  const template = path.join(dir, "template.sqlite3");
  await applyMigrations(`file:${template}`);
  project.provide("templateDatabase", template);
  project.provide("postgresServer", "");
  return () => rmSync(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject) {
  const server = await startPostgres();
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${POSTGRES_TEMPLATE}`);
    await admin.end();
    await applyMigrations(databaseUrlOn(server.url, POSTGRES_TEMPLATE));
  } catch (error) {
    // A failed setup gets no teardown: stop the server here, or it outlives the run.
    await server.stop();
    throw error;
  }
  project.provide("templateDatabase", "");
  project.provide("postgresServer", server.url);
  return () => server.stop();
}

export function databaseUrlOn(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase: string;
    postgresServer: string;
  }
}
