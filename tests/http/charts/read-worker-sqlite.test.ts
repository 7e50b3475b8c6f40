import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { closeReadWorker, readOffThread } from "#db/read-worker.server.ts";
import { Prisma } from "#generated/prisma/client.ts";
import { createShipper } from "../../support/fixtures.ts";

// The read worker's own connection to the SQLite file (src/db/read-worker.server.ts): read-only, and
// replaced when its thread stops. SQLite only (vitest.config.ts): on PostgreSQL there is no worker,
// the database itself works beside the app.

const plain = (rows: Record<string, unknown>[]) => rows.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === "bigint" ? Number(value) : value])));

describe("the read worker's connection", () => {
  it("cannot write: it is read-only", async () => {
    await createShipper();
    const before = await db().account.count();
    await expect(readOffThread(Prisma.sql`DELETE FROM "Account" RETURNING "id"`)).rejects.toThrow(/readonly|read-only/i);
    expect(await db().account.count()).toBe(before);
  });

  it("fails the reads of a worker that stops, and starts another for the next", async () => {
    const shipper = await createShipper();
    const slow = readOffThread(Prisma.sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${1_000_000}) SELECT COUNT(*) AS counted FROM n`);
    await closeReadWorker();
    await expect(slow).rejects.toThrow(/stopped/);
    expect(plain(await readOffThread(Prisma.sql`SELECT COUNT(*) AS shippers FROM "Account" WHERE "id" = ${shipper.accountId}`))).toEqual([{ shippers: 1 }]);
  });
});
