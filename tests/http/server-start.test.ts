import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "#lib/env.server.ts";
import { createLogger } from "#lib/logger.server.ts";
import { startServer } from "#server/start.server.ts";

describe("starting the server", () => {
  it("creates, migrates and seeds an empty database, and keeps data across restarts", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "start-")), "fresh.sqlite3");
    const env = parseEnv({ ...process.env, DATABASE_URL: `file:${file}`, PORT: "0", HOST: "127.0.0.1", SEED_DEMO_DATA: "true" });
    process.env.DATABASE_URL = env.DATABASE_URL;

    const first = await startServer(env, createLogger("silent"));
    const page = await fetch(`${first.url}/login`);
    expect(page.status).toBe(200);
    const { db } = await import("#db/client.server.ts");
    const demoEmails = (await db().user.findMany({ select: { email: true } })).map((user) => user.email);
    expect(demoEmails).toEqual(expect.arrayContaining(["shipper@example.com", "carrier@example.com", "carrier2@example.com", "driver@example.com", "support@example.com"]));
    await db().account.update({ where: { id: 1 }, data: { name: "Renamed before restart" } });
    const users = await db().user.count();
    await first.close();

    const second = await startServer(env, createLogger("silent"));
    expect(await db().user.count()).toBe(users);
    expect((await db().account.findUniqueOrThrow({ where: { id: 1 } })).name).toBe("Renamed before restart");
    await second.close();
  });
});
