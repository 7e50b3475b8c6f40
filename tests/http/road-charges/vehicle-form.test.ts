import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier } from "../../support/fixtures.ts";

// The vehicle form's road-charge fields: gross weight, axles and a London DVS permit, all optional;
// a refused answer is 422 with its message beside the field and in the summary.

type Signed = Awaited<ReturnType<typeof signedInAgent>>;
let carrier: Awaited<ReturnType<typeof createCarrier>>;
let office: Signed;

beforeEach(async () => {
  carrier = await createCarrier();
  office = await signedInAgent(carrier.email);
});

const vehicleForm = (overrides: Record<string, string> = {}) => ({ registration: "AB12 CDE", vehicle_type: "artic", payload_kg: "29000", euro_standard: "euro_5", ...overrides });
const post = (body: Record<string, string>) => office.browser.post("/vehicles").type("form").send({ _csrf: office.csrf, ...body });
const stored = () => db().vehicle.findMany({ where: { accountId: carrier.accountId }, select: { grossWeightKg: true, axles: true, dvsPermit: true } });

describe("the vehicle form's road-charge fields", () => {
  it("stores the gross weight, axles and DVS permit, and shows them again on the edit form", async () => {
    expect((await post(vehicleForm({ gross_weight_kg: "44,000", axles: "5", dvs_permit: "1" }))).status).toBe(303);
    expect(await stored()).toEqual([{ grossWeightKg: 44_000, axles: 5, dvsPermit: true }]);
    const { id } = await db().vehicle.findFirstOrThrow({ where: { accountId: carrier.accountId } });
    const edit = await office.browser.get(`/vehicles/${id}/edit`);
    expect(edit.status).toBe(200);
    expect(edit.text).toContain('name="gross_weight_kg" type="text" value="44000"');
    expect(edit.text).toContain('name="axles" type="text" value="5"');
    expect(edit.text).toMatch(/name="dvs_permit" value="1" checked/);
  });

  it("leaves them blank: road charges read them from the vehicle type", async () => {
    expect((await post(vehicleForm())).status).toBe(303);
    expect(await stored()).toEqual([{ grossWeightKg: null, axles: null, dvsPermit: false }]);
  });

  it.each([
    ["gross_weight_kg", "lots", "Enter the gross weight in kilograms, or leave it blank"],
    ["gross_weight_kg", "50000", "The gross weight cannot be more than 44,000 kg"],
    ["axles", "12", "Enter the number of axles, from 2 to 8, or leave it blank"],
  ])("refuses %s %j (422, beside the field, nothing stored)", async (field, typed, message) => {
    const refused = await post(vehicleForm({ [field]: typed }));
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(`id="field_${field}_error">${message}</p>`);
    expect(refused.text).toContain(`<a href="#field_${field}">${message}</a>`);
    expect(refused.text).toContain(`value="${typed}"`);
    expect(await stored()).toEqual([]);
  });
});
