import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { seed } from "../../../prisma/seed.ts";

describe("demo messaging seed", () => {
  it("gives the demo users conversations and notifications, and a second run adds nothing", async () => {
    await seed(db());
    const counts = async () => ({ messages: await db().message.count(), notifications: await db().notification.count() });
    const first = await counts();

    await seed(db());

    expect(await counts()).toEqual(first);
    const shipper = await db().user.findUniqueOrThrow({ where: { email: "shipper@example.com" } });
    const carrier = await db().user.findUniqueOrThrow({ where: { email: "carrier@example.com" } });
    expect(await db().message.count({ where: { toAccountId: shipper.accountId, readAt: null } })).toBeGreaterThan(0);
    expect(await db().message.count({ where: { toAccountId: carrier.accountId, readAt: null } })).toBeGreaterThan(0);
    expect(await db().message.count({ where: { loadId: null } })).toBeGreaterThan(0);
    expect(await db().notification.count({ where: { userId: shipper.id, kind: "quote_received" } })).toBeGreaterThan(0);
  });
});
