import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { seed } from "../../prisma/seed.ts";

const counts = async () => ({
  accounts: await db().account.count(),
  users: await db().user.count(),
  jobs: await db().job.count(),
  quotes: await db().quote.count(),
  loads: await db().load.count(),
  messages: await db().message.count(),
  notifications: await db().notification.count(),
});

describe("demo data", () => {
  it("is idempotent: seeding twice changes nothing", async () => {
    await seed(db());
    const once = await counts();
    expect(once.users).toBeGreaterThanOrEqual(5);
    await seed(db());
    expect(await counts()).toEqual(once);
  });
});
