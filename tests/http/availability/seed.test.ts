import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { seedAvailability } from "../../../prisma/seeds/availability.ts";
import { seedUsers } from "../../../prisma/seeds/users.ts";
import { seedVehicles } from "../../../prisma/seeds/vehicles.ts";
import { signedInAgent } from "../../support/app.ts";
import { referencesIn } from "./helpers.ts";

describe("the demo planned journey", () => {
  it("gives the demo carrier a Bristol → Leeds journey with a job along it, once", async () => {
    const accounts = await seedUsers(db());
    await seedVehicles(db(), accounts);
    await seedAvailability(db(), accounts);
    await seedAvailability(db(), accounts);
    const journeys = await db().vehicleAvailability.findMany({ where: { accountId: accounts.carrier } });
    expect(journeys).toHaveLength(1);
    const { browser } = await signedInAgent("carrier@example.com");
    const list = await browser.get("/availability");
    expect(list.text).toContain("Bristol → Leeds");
    expect(list.text).toContain("1 job found");
    const page = await browser.get(`/availability/${journeys[0]!.id}`);
    expect(page.status).toBe(200);
    expect(referencesIn(page.text)).toEqual(["Along the way: Birmingham to Leeds"]);
  });
});
