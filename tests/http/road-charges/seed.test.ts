import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { seedRoadCharges } from "../../../prisma/seeds/road-charges.ts";
import { seedUsers } from "../../../prisma/seeds/users.ts";
import { seedVehicles } from "../../../prisma/seeds/vehicles.ts";
import { signedInAgent } from "../../support/app.ts";
import { pageText } from "../pools/pool-helpers.ts";

describe("the demo road charges", () => {
  it("give Pennine a Euro 5 artic whose Bristol job shows the CAZ charge, and a job over the Dartford Crossing, once", async () => {
    const accounts = await seedUsers(db());
    await seedVehicles(db(), accounts);
    await seedRoadCharges(db(), accounts);
    await seedRoadCharges(db(), accounts);
    expect(await db().vehicle.count({ where: { accountId: accounts.carrier, registration: "YK15 CAZ" } })).toBe(1);
    expect(await db().vehicle.findFirstOrThrow({ where: { accountId: accounts.carrier, registration: "YX73 PHL" }, select: { grossWeightKg: true, axles: true, dvsPermit: true } }))
      .toEqual({ grossWeightKg: 44_000, axles: 5, dvsPermit: true });

    const { browser } = await signedInAgent("carrier@example.com");
    const bristol = await db().job.findFirstOrThrow({ where: { reference: "Ambient pallets: Leeds to Bristol Temple Quay" } });
    const page = pageText((await browser.get(`/jobs/${bristol.id}`).expect(200)).text);
    expect(page).toContain("Road charges on this route: Bristol CAZ £100.00 a day for lorries below Euro VI");
    expect(page).toMatch(/YK15 CAZ Bristol CAZ £100\.00 \(£100\.00 a day for lorries below Euro VI, 1 day \([^)]+\)\) £100\.00/);

    const dartford = await db().job.findFirstOrThrow({ where: { reference: "Paper reels: Maidstone to Chelmsford" } });
    expect(pageText((await browser.get(`/jobs/${dartford.id}`).expect(200)).text)).toContain("Dartford Crossing £4.20 two-axle or £8.40 multi-axle");
  });
});
