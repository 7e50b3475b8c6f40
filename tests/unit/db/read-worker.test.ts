import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { disconnectDb } from "#db/client.server.ts";
import { readOffThread } from "#db/read-worker.server.ts";
import { Prisma } from "#generated/prisma/client.ts";

// A SQLite database in memory belongs to the one connection that made it: no worker can open it,
// so reads meant for the worker are made on the app's connection (reads of a file: tests/http/charts).

const databaseUrl = process.env.DATABASE_URL;
beforeAll(() => {
  process.env.DATABASE_URL = "file::memory:";
});
afterAll(async () => {
  await disconnectDb();
  if (databaseUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = databaseUrl;
});

describe("a read off the app's thread, on a database in memory", () => {
  it("is made on the app's connection, with no worker started", async () => {
    const posted = vi.spyOn(Worker.prototype, "postMessage");
    const rows = await readOffThread<{ answer: unknown }>(Prisma.sql`SELECT ${41} + 1 AS answer`);
    expect(rows.map((row) => Number(row.answer))).toEqual([42]);
    expect(posted).not.toHaveBeenCalled();
  });
});
