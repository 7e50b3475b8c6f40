import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { addCharge, approve, framePath, scene, type Signed } from "../extra-charges/charge-fixtures.ts";

// A delivered load's road charges, offered to the carrier's office as ready-made "Other charge"
// lines; once added and approved they are lines of the invoice like any extra charge.

const place = (city: string, latitude: number, longitude: number, day: string) =>
  ({ city, latitude, longitude, countryCode: "GB", windowDate: new Date(`${day}T00:00:00Z`), windowFrom: "08:00", windowTo: "16:00" });
const INTO_BRISTOL = { pickup: place("Leeds", 53.7965, -1.5479, "2027-03-03"), delivery: place("Bristol", 51.4545, -2.5879, "2027-03-03") };
const NOTE = "Road charge passed on at cost: Bristol CAZ, £100.00 a day for lorries below Euro VI, 1 day (3 Mar 2027) (AB12 CDE)";

const acceptProof = (who: Signed, loadId: number) =>
  who.browser.post(`/loads/${loadId}/proof_review`).type("form").send({ _csrf: who.csrf, decision: "accept" });

async function withVehicle(euroStandard: string) {
  const s = await scene(INTO_BRISTOL);
  const vehicle = await db().vehicle.create({
    data: { accountId: s.parties.carrier.accountId, registration: "AB12 CDE", vehicleType: "artic", payloadKg: 29_000, euroStandard, grossWeightKg: 44_000, axles: 5 },
  });
  await db().load.update({ where: { id: s.loadId }, data: { vehicleId: vehicle.id } });
  return s;
}

describe("road charges as extra charges", () => {
  it("offers the Bristol CAZ charge of the load's Euro 5 lorry, ready to add; approved, it is a line of the invoice", async () => {
    const s = await withVehicle("euro_5");
    await acceptProof(s.shipperOffice, s.loadId).expect(303);
    const frame = (await s.carrierOffice.browser.get(framePath(s.loadId)).expect(200)).text;
    expect(frame).toContain('<input type="hidden" name="amount" value="100.00">');
    expect(frame).toContain(`<input type="hidden" name="note" value="${NOTE}">`);
    expect(frame).toContain("Add Bristol CAZ £100.00</button>");

    await addCharge(s.carrierOffice, s.loadId, { kind: "other", amount: "100.00", note: NOTE }).expect(303);
    const charge = await db().extraCharge.findFirstOrThrow({ where: { loadId: s.loadId } });
    expect([charge.kind, charge.amountPence, charge.note]).toEqual(["other", 10_000, NOTE]);
    await approve(s.shipperOffice, s.loadId, charge.id).expect(303);
    const line = await db().invoiceLine.findFirstOrThrow({ where: { extraChargeId: charge.id }, select: { netPence: true } });
    expect(line.netPence).toBe(10_000);
  });

  it("offers nothing for a Euro 6 lorry, and asks for the vehicle when the load has none", async () => {
    const compliant = await withVehicle("euro_6");
    expect((await compliant.carrierOffice.browser.get(framePath(compliant.loadId)).expect(200)).text).not.toContain("road-charge-line");
    const none = await scene(INTO_BRISTOL);
    expect((await none.carrierOffice.browser.get(framePath(none.loadId)).expect(200)).text).toContain(
      "Choose the load's vehicle to see the road charges on its route, ready to add.",
    );
  });

  it("is not shown to the shipper's office", async () => {
    const s = await withVehicle("euro_5");
    expect((await s.shipperOffice.browser.get(framePath(s.loadId)).expect(200)).text).not.toContain("road-charge");
  });
});
