import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { VehicleInputSchema, vehicleFormValues } from "#domain/vehicles/vehicle-input.ts";
import { seed } from "../../../prisma/seed.ts";
import { seedUsers } from "../../../prisma/seeds/users.ts";
import { seedVehicles } from "../../../prisma/seeds/vehicles.ts";

describe("demo vehicles", () => {
  it("give each demo carrier three vehicles (Pennine a fourth, its Euro 5 artic for road charges) and Pennine's load on the road its artic, once", async () => {
    await seed(db());
    const accounts = await seedUsers(db());
    await seedVehicles(db(), accounts);
    const fleets = async () =>
      (await db().vehicle.findMany({ orderBy: { id: "asc" }, select: { accountId: true, registration: true, vehicleType: true, tailLift: true, temperatureControlled: true } })).map((v) => [v.accountId, v.registration, v.vehicleType, v.tailLift, v.temperatureControlled]);
    const once = await fleets();
    expect(once).toEqual([
      [accounts.carrier, "YX73 PHL", "artic", false, false],
      [accounts.carrier, "YJ12 TLF", "rigid_7_5t", true, false],
      [accounts.carrier, "YC22 FRZ", "refrigerated", true, true],
      [accounts.carrier2, "WU72 SFS", "artic", false, false],
      [accounts.carrier2, "WN13 TLR", "rigid_7_5t", true, false],
      [accounts.carrier2, "WR21 CHL", "refrigerated", true, true],
      // The road-charges demo's (prisma/seeds/road-charges.ts): a lorry below Euro VI, so Bristol's CAZ charges it.
      [accounts.carrier, "YK15 CAZ", "artic", false, false],
    ]);
    const onTheRoad = await db().load.findMany({ where: { vehicleId: { not: null } }, select: { status: true, carrierAccountId: true, vehicle: { select: { registration: true } } } });
    expect(onTheRoad).toEqual([{ status: "collected", carrierAccountId: accounts.carrier, vehicle: { registration: "YX73 PHL" } }]);

    await seedVehicles(db(), accounts);
    expect(await fleets()).toEqual(once);

    // Every demo vehicle is one the form would accept as it stands.
    for (const vehicle of await db().vehicle.findMany()) {
      expect(VehicleInputSchema.parse(vehicleFormValues(vehicle))).toMatchObject({ registration: vehicle.registration, payloadKg: vehicle.payloadKg });
    }
  });
});
