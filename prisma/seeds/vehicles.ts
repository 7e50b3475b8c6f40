// Each demo carrier's fleet: an artic (44 t gross, so about 29 t of payload), a 7.5 t rigid with a
// tail-lift and a refrigerated 18 t rigid. Pennine's load on the road runs on its artic. An account
// that already has vehicles is left as it is (run after the loads are seeded).
import type { PrismaClient } from "#generated/prisma/client.ts";

type Accounts = Record<string, number>;
type DemoVehicle = { registration: string; vehicleType: string; payloadKg: number; euroStandard: string; tailLift?: boolean; temperatureControlled?: boolean };

const FLEETS: Record<string, DemoVehicle[]> = {
  carrier: [
    { registration: "YX73 PHL", vehicleType: "artic", payloadKg: 29_000, euroStandard: "euro_6" },
    { registration: "YJ12 TLF", vehicleType: "rigid_7_5t", payloadKg: 2_500, euroStandard: "euro_5", tailLift: true },
    { registration: "YC22 FRZ", vehicleType: "refrigerated", payloadKg: 8_500, euroStandard: "euro_6", tailLift: true, temperatureControlled: true },
  ],
  carrier2: [
    { registration: "WU72 SFS", vehicleType: "artic", payloadKg: 29_000, euroStandard: "euro_6" },
    { registration: "WN13 TLR", vehicleType: "rigid_7_5t", payloadKg: 2_800, euroStandard: "euro_5", tailLift: true },
    { registration: "WR21 CHL", vehicleType: "refrigerated", payloadKg: 8_500, euroStandard: "euro_6", tailLift: true, temperatureControlled: true },
  ],
};

export async function seedVehicles(db: PrismaClient, accounts: Accounts): Promise<void> {
  for (const [key, fleet] of Object.entries(FLEETS)) {
    const accountId = accounts[key];
    if (!accountId || (await db.vehicle.count({ where: { accountId } })) > 0) continue;
    await db.vehicle.createMany({ data: fleet.map((vehicle) => ({ accountId, ...vehicle })) });
    if (key !== "carrier") continue;
    const artic = await db.vehicle.findUniqueOrThrow({ where: { accountId_registration: { accountId, registration: fleet[0]!.registration } }, select: { id: true } });
    await db.load.updateMany({ where: { carrierAccountId: accountId, status: "collected", vehicleId: null }, data: { vehicleId: artic.id } });
  }
}
