import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseUnavailable, connectCreatingDatabase } from "#db/postgres-database.server.ts";
import { freePort, startPostgres, type Service } from "../support/services.ts";
import { launchApp, ready, refusalOf, stopped, type AppProcess } from "../support/app-process.ts";
import { databaseUrlOn } from "../support/global-setup.ts";

// A new PostgreSQL server has only its maintenance database, `postgres`: app processes started on it
// create the database DATABASE_URL names, once however many start together, and a server that cannot
// be reached or will not create it stops each process with one sentence naming the server.

const SECOND = 1_000;

let postgres: Service;
let dataDir: string;
beforeAll(async () => {
  postgres = await startPostgres();
  dataDir = mkdtempSync(path.join(tmpdir(), "loadline-fresh-pg-"));
}, 60 * SECOND);
afterAll(async () => {
  await postgres?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function query(serverUrl: string, sql: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(sql)).rows.map((row: Record<string, unknown>) => String(Object.values(row)[0]));
  } finally {
    await client.end();
  }
}

const databasesOn = (serverUrl: string) => query(serverUrl, "SELECT datname FROM pg_database ORDER BY datname");
const at = (serverUrl: string) => `127.0.0.1:${new URL(serverUrl).port}`;
const app = (databaseUrl: string) => launchApp({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir });

describe("app processes on a new PostgreSQL server", () => {
  it("create the database they are given when two start at the same moment, and both come up", async () => {
    expect(await databasesOn(postgres.url)).toEqual(["postgres", "template0", "template1"]);
    const databaseUrl = databaseUrlOn(postgres.url, "loadline");
    const apps: AppProcess[] = [];
    try {
      apps.push(...(await Promise.all([app(databaseUrl), app(databaseUrl)])));
      await Promise.all(apps.map((started) => ready(started)));

      for (const started of apps) expect((await fetch(`${started.url}/up`)).status).toBe(200);
      expect(await databasesOn(postgres.url)).toContain("loadline");
    } finally {
      await Promise.all(apps.map(({ child }) => stopped(child)));
    }
  }, 180 * SECOND);

  it("stop with one sentence when nothing answers at the server's address", async () => {
    const closed = `postgres://postgres@127.0.0.1:${await freePort()}/loadline`;

    expect(await refusalOf(await app(closed))).toEqual({ code: 1, messages: [`Cannot reach PostgreSQL at ${at(closed)}: connection refused.`], stderr: "" });
  }, 60 * SECOND);

  it("stop with one sentence when their user may not create databases", async () => {
    await query(postgres.url, "CREATE ROLE clerk LOGIN");
    const url = new URL(databaseUrlOn(postgres.url, "loadline_clerk"));
    url.username = "clerk";

    expect(await refusalOf(await app(url.toString()))).toEqual({
      code: 1,
      messages: [`PostgreSQL at ${at(postgres.url)} refused to create database "loadline_clerk": permission denied (the user "clerk" needs CREATEDB).`],
      stderr: "",
    });
    expect(await databasesOn(postgres.url)).not.toContain("loadline_clerk");
  }, 60 * SECOND);
});

describe("connecting to a database that may not exist yet", () => {
  it("creates it once for connections asking at the same moment", async () => {
    const databaseUrl = databaseUrlOn(postgres.url, "Started Together");
    const clients = await Promise.all(Array.from({ length: 6 }, () => connectCreatingDatabase(databaseUrl)));
    const names = await Promise.all(clients.map(async (client) => (await client.query("SELECT current_database() AS name")).rows[0].name as string));
    await Promise.all(clients.map((client) => client.end()));

    expect(new Set(names)).toEqual(new Set(["Started Together"]));
  });

  it("creates it from template1 on a server without a postgres database, however many ask", async () => {
    const server = await startPostgres();
    try {
      await query(databaseUrlOn(server.url, "template1"), "DROP DATABASE postgres");
      const databaseUrl = databaseUrlOn(server.url, "loadline");
      const clients = await Promise.all(Array.from({ length: 3 }, () => connectCreatingDatabase(databaseUrl)));
      await Promise.all(clients.map((client) => client.end()));

      expect(await databasesOn(databaseUrl)).toEqual(["loadline", "template0", "template1"]);
    } finally {
      await server.stop();
    }
  }, 60 * SECOND);

  it("names the server and the reason when it cannot be used", async () => {
    const unknownRole = new URL(databaseUrlOn(postgres.url, "loadline"));
    unknownRole.username = "nobody";

    const refusals = await Promise.all([unknownRole.toString(), "postgres://postgres@loadline-db.invalid:6543/loadline"].map((url) => connectCreatingDatabase(url).catch((error: unknown) => error)));

    for (const refusal of refusals) expect(refusal).toBeInstanceOf(DatabaseUnavailable);
    expect((refusals[0] as Error).message).toBe(`PostgreSQL at ${at(postgres.url)} refused the connection: role "nobody" does not exist.`);
    expect((refusals[1] as Error).message).toMatch(/^Cannot reach PostgreSQL at loadline-db\.invalid:6543: unknown host/);
  });
});
