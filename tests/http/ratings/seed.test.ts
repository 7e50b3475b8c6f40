import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { seed } from "../../../prisma/seed.ts";
import { seedRatings } from "../../../prisma/seeds/ratings.ts";
import { seedUsers } from "../../../prisma/seeds/users.ts";
import { signedInAgent } from "../../support/app.ts";

// The demo's ratings: Northwind and both carriers have rated each other on a year's delivered
// loads (revealed, one with Pennine's reply), and Northwind's rating of Pennine's latest delivery is
// still blind to Pennine. A second run adds nothing.

describe("demo ratings", () => {
  it("rates both ways on delivered loads, with one reply and one still blind, once", async () => {
    await seed(db());
    const accounts = await seedUsers(db());
    await seedRatings(db(), accounts);
    const once = await db().rating.count();
    await seedRatings(db(), accounts);
    expect(await db().rating.count()).toBe(once);

    const by = (side: string, raterAccountId: number) => db().rating.count({ where: { side, raterAccountId } });
    expect(await by("shipper", accounts.shipper)).toBeGreaterThanOrEqual(7);
    expect(await by("carrier", accounts.carrier)).toBeGreaterThanOrEqual(1);
    expect(await by("carrier", accounts.carrier2)).toBeGreaterThanOrEqual(1);
    const replied = await db().rating.findMany({ where: { reply: { not: null } }, select: { ratedAccountId: true } });
    expect(replied).toEqual([{ ratedAccountId: accounts.carrier }]);

    const blind = await db().rating.findFirstOrThrow({ where: { side: "shipper", ratedAccountId: accounts.carrier, load: { ratings: { none: { side: "carrier" } } } }, select: { loadId: true, comment: true } });
    const pennine = await signedInAgent("carrier@example.com");
    const page = (await pennine.browser.get(`/loads/${blind.loadId}/rating`).expect(200)).text;
    expect(page).toContain("Northwind Foods Ltd has rated you. You will see it once you have rated them too");
    expect(page).toContain("<h1>Rate Northwind Foods Ltd</h1>");
  });
});
