import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { seedPools } from "../../../prisma/seeds/pools.ts";
import { seedUsers } from "../../../prisma/seeds/users.ts";

describe("the demo pool", () => {
  it("gives Northwind the pool Pennine regulars holding Pennine Haulage only, once, and returns its id", async () => {
    const accounts = await seedUsers(db());
    const id = await seedPools(db(), accounts);
    const pool = await db().pool.findUniqueOrThrow({ where: { id }, include: { members: { select: { carrierAccountId: true } } } });
    expect(pool).toMatchObject({ name: "Pennine regulars", shipperAccountId: accounts.shipper, members: [{ carrierAccountId: accounts.carrier }] });
    expect((await db().account.findUniqueOrThrow({ where: { id: accounts.carrier } })).name).toBe("Pennine Haulage Ltd");
    expect((await db().account.findUniqueOrThrow({ where: { id: accounts.shipper } })).name).toBe("Northwind Foods Ltd");

    expect(await seedPools(db(), accounts)).toBe(id);
    expect(await db().pool.count({ where: { shipperAccountId: accounts.shipper } })).toBe(1);
    expect(await db().poolMember.count({ where: { poolId: id } })).toBe(1);
  });
});
