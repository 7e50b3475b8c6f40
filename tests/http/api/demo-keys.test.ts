import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { DEMO_API_KEYS, seedApiKeys } from "../../../prisma/seeds/api-keys.ts";
import { seedUsers } from "../../../prisma/seeds/users.ts";
import { apiClient } from "../../support/api-client.ts";

describe("the demo API keys", () => {
  it("are made only with demo data", async () => {
    const accounts = await seedUsers(db());
    await seedApiKeys(db(), accounts, { demo: false });
    expect(await db().apiKey.count({ where: { accountId: accounts.shipper } })).toBe(0);
  });

  it("let the README's curl examples in, once each however often the seed runs", async () => {
    const accounts = await seedUsers(db());
    await seedApiKeys(db(), accounts, { demo: true });
    await seedApiKeys(db(), accounts, { demo: true });
    expect(await db().apiKey.count({ where: { accountId: { in: [accounts.shipper, accounts.carrier] } } })).toBe(2);
    for (const key of DEMO_API_KEYS) {
      expect(key.secret).toMatch(/^ll_live_[0-9A-Za-z]{32}$/);
      const { response } = await (await apiClient(key.secret)).GET("/jobs");
      expect(response.status).toBe(200);
    }
  });
});
