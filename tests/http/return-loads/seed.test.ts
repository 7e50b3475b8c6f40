import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { seedBidding } from "../../../prisma/seeds/bidding.ts";
import { seedReturnLoads } from "../../../prisma/seeds/return-loads.ts";
import { seedUsers } from "../../../prisma/seeds/users.ts";
import { signedInAgent } from "../../support/app.ts";

describe("the demo return loads", () => {
  it("give Pennine's load delivering at Avonmouth, Bristol, return loads within 25 miles, once", async () => {
    const accounts = await seedUsers(db());
    await seedBidding(db(), accounts);
    await seedReturnLoads(db(), accounts);
    await seedReturnLoads(db(), accounts);
    expect(await db().job.count({ where: { reference: { startsWith: "Return load:" } } })).toBe(3);

    const load = await db().load.findFirstOrThrow({ where: { carrierAccountId: accounts.carrier, status: "collected" } });
    const { browser } = await signedInAgent("carrier@example.com");
    const page = await browser.get(`/loads/${load.id}/return_loads`);
    expect(page.status).toBe(200);
    for (const reference of ["Cribbs Causeway to Leeds", "Portbury Dock to Manchester", "Severnside to Plymouth"]) {
      expect(page.text).toContain(`Return load: ${reference}`);
    }
  });
});
