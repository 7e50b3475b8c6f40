import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The carrier's vehicles (/vehicles) and the vehicle on a load (PATCH /loads/:id/vehicle).
// Statuses: 303 after a change from a form (201 / 200 / 204 for JSON), 422 with the messages beside
// the fields, 404 for anyone but the carrier's admins and members and for another account's
// vehicle; the shipper and the driver cannot choose a load's vehicle: 404, as for any form that is
// not theirs.

type User = Awaited<ReturnType<typeof createShipper>>;
type Signed = Awaited<ReturnType<typeof signedInAgent>>;
let shipper: User;
let carrierA: User;
let memberA: User;
let driverA: User;
let carrierB: User;
let load: { id: number };

beforeEach(async () => {
  shipper = await createShipper({ company: "Acme Foods" });
  carrierA = await createCarrier({ company: "Alpha Haulage" });
  memberA = await createUser("carrier", { role: "member", accountId: carrierA.accountId });
  driverA = await createUser("carrier", { role: "driver", accountId: carrierA.accountId, name: "Ann Driver" });
  carrierB = await createCarrier({ company: "Bravo Freight" });
  const job = await createJob(shipper.accountId, shipper.id);
  await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrierA.accountId, placedById: carrierA.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
  expect(await awardJob(job.id)).toMatchObject({ ok: true, loads: 1 });
  load = await db().load.findFirstOrThrow({ where: { jobId: job.id }, select: { id: true } });
  await db().load.update({ where: { id: load.id }, data: { driverId: driverA.id, status: "driver_assigned" } });
});

const vehicleForm = (overrides: Record<string, string> = {}) => ({ registration: "AB12 CDE", vehicle_type: "artic", payload_kg: "29000", euro_standard: "euro_6", tail_lift: "1", ...overrides });
const post = (agent: Signed, path: string, body: Record<string, string>) => agent.browser.post(path).type("form").send({ _csrf: agent.csrf, ...body });
const patch = (agent: Signed, path: string, body: Record<string, string>) => agent.browser.patch(path).type("form").send({ _csrf: agent.csrf, ...body });
const remove = (agent: Signed, path: string) => agent.browser.delete(path).type("form").send({ _csrf: agent.csrf });
const vehiclesOf = (accountId: number) => db().vehicle.findMany({ where: { accountId }, orderBy: { id: "asc" } });
const addVehicle = (accountId: number, registration: string, overrides: Record<string, unknown> = {}) =>
  db().vehicle.create({ data: { accountId, registration, vehicleType: "rigid_7_5t", payloadKg: 2500, euroStandard: "euro_6", tailLift: true, ...overrides } });
const vehicleIdOf = async (loadId: number) => (await db().load.findUniqueOrThrow({ where: { id: loadId }, select: { vehicleId: true } })).vehicleId;
/** The message shown beside a field (the _field partial's and the selects' markup). */
const besideField = (name: string, message: string) => `id="field_${name}_error">${message}</p>`;

describe("adding vehicles", () => {
  it("an admin adds a vehicle (303 back to the list, with the registration in its canonical form)", async () => {
    const a = await signedInAgent(carrierA.email);
    const empty = await a.browser.get("/vehicles");
    expect(empty.status).toBe(200);
    expect(empty.text).toContain("No vehicles yet");
    expect(empty.text).toContain('name="registration"');

    const added = await post(a, "/vehicles", vehicleForm({ registration: "ab12cde", payload_kg: "29,000", temperature_controlled: "1" }));
    expect(added.status).toBe(303);
    expect(added.headers.location).toBe("/vehicles");
    expect(await vehiclesOf(carrierA.accountId)).toMatchObject([
      { registration: "AB12 CDE", vehicleType: "artic", payloadKg: 29_000, euroStandard: "euro_6", tailLift: true, temperatureControlled: true },
    ]);
    const list = await a.browser.get("/vehicles");
    expect(list.text).toContain("AB12 CDE added");
    expect(list.text).toContain("Articulated (44 t)");
    expect(list.text).toContain("29,000 kg");
    expect(list.text).toContain("Tail-lift, Temperature controlled");
  });

  it("a member adds one too; a JSON caller gets 201 with the vehicle", async () => {
    const m = await signedInAgent(memberA.email);
    const added = await m.browser.post("/vehicles").set("Accept", "application/json").set("X-CSRF-Token", m.csrf).send(vehicleForm({ registration: "P45 XYZ", tail_lift: "" }));
    expect(added.status).toBe(201);
    expect(added.body.vehicle).toMatchObject({ registration: "P45 XYZ", vehicleType: "artic", payloadKg: 29_000, tailLift: false, typeLabel: "Articulated (44 t)" });
  });

  it.each([
    ["a registration that is not a UK one", { registration: "NOT A PLATE" }, "registration", "Enter a UK registration, like AB12 CDE"],
    ["no registration", { registration: "" }, "registration", "Enter a UK registration, like AB12 CDE"],
    ["a payload under 100 kg", { payload_kg: "99" }, "payload_kg", "The payload must be at least 100 kg"],
    ["a payload over 44,000 kg", { payload_kg: "44001" }, "payload_kg", "The payload cannot be more than 44,000 kg"],
    ["a payload that is not a number", { payload_kg: "heavy" }, "payload_kg", "Enter the payload in kilograms"],
    ["no payload", { payload_kg: "" }, "payload_kg", "Enter the payload in kilograms"],
    ["an unknown vehicle type", { vehicle_type: "hovercraft" }, "vehicle_type", "Choose a vehicle type from the list"],
    ["an unknown Euro standard", { euro_standard: "euro_9" }, "euro_standard", "Choose a Euro standard from the list"],
  ])("refuses %s (422, the message beside the field and in the summary, the answers kept, nothing stored)", async (_case, overrides, field, message) => {
    const a = await signedInAgent(carrierA.email);
    const refused = await post(a, "/vehicles", vehicleForm(overrides));
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(besideField(field, message));
    expect(refused.text).toContain(`<a href="#field_${field}">${message}</a>`);
    expect(refused.text).toContain("There is a problem");
    expect(refused.text).toContain("<title>Error: Vehicles");
    if (field !== "registration") expect(refused.text).toContain('value="AB12 CDE"');
    expect(refused.text).toMatch(/name="tail_lift" value="1" checked/);
    expect(await vehiclesOf(carrierA.accountId)).toEqual([]);
  });

  it("refuses a registration already on the account however it is typed (422), but another carrier may have the same plate", async () => {
    await addVehicle(carrierA.accountId, "AB12 CDE");
    const a = await signedInAgent(carrierA.email);
    const duplicate = await post(a, "/vehicles", vehicleForm({ registration: "ab 12 cde" }));
    expect(duplicate.status).toBe(422);
    expect(duplicate.text).toContain(besideField("registration", "This vehicle is already on your account"));
    expect(await vehiclesOf(carrierA.accountId)).toHaveLength(1);

    const b = await signedInAgent(carrierB.email);
    expect((await post(b, "/vehicles", vehicleForm())).status).toBe(303);
  });
});

describe("changing and removing vehicles", () => {
  it("edits a vehicle: the form shows it, a change is saved (303), a refused change re-renders the edit page (422)", async () => {
    const vehicle = await addVehicle(carrierA.accountId, "AB12 CDE");
    await addVehicle(carrierA.accountId, "XY34 ZZZ");
    const a = await signedInAgent(carrierA.email);
    const form = await a.browser.get(`/vehicles/${vehicle.id}/edit`);
    expect(form.status).toBe(200);
    expect(form.text).toContain("Edit AB12 CDE");
    expect(form.text).toContain('value="2500"');
    expect(form.text).toMatch(/<option value="rigid_7_5t" selected>/);
    expect(form.text).toContain('name="_method" value="patch"');

    const saved = await patch(a, `/vehicles/${vehicle.id}`, vehicleForm({ registration: "ab12cdf", vehicle_type: "rigid_18t", payload_kg: "9000", euro_standard: "euro_5", tail_lift: "" }));
    expect(saved.status).toBe(303);
    expect(await db().vehicle.findUniqueOrThrow({ where: { id: vehicle.id } })).toMatchObject({ registration: "AB12 CDF", vehicleType: "rigid_18t", payloadKg: 9000, euroStandard: "euro_5", tailLift: false });

    const tooHeavy = await patch(a, `/vehicles/${vehicle.id}`, vehicleForm({ payload_kg: "50000" }));
    expect(tooHeavy.status).toBe(422);
    expect(tooHeavy.text).toContain(besideField("payload_kg", "The payload cannot be more than 44,000 kg"));
    expect(tooHeavy.text).toContain('value="50000"');
    const taken = await patch(a, `/vehicles/${vehicle.id}`, vehicleForm({ registration: "XY34ZZZ" }));
    expect(taken.status).toBe(422);
    expect(taken.text).toContain(besideField("registration", "This vehicle is already on your account"));
    // Saving a vehicle under its own registration is no duplicate.
    expect((await patch(a, `/vehicles/${vehicle.id}`, vehicleForm({ registration: "AB12 CDF" }))).status).toBe(303);
    expect(await db().vehicle.findUniqueOrThrow({ where: { id: vehicle.id } })).toMatchObject({ registration: "AB12 CDF", payloadKg: 29_000 });
  });

  it("removes a vehicle (303, with a confirmation on the button); the load it was on runs without one", async () => {
    const vehicle = await addVehicle(carrierA.accountId, "AB12 CDE");
    await db().load.update({ where: { id: load.id }, data: { vehicleId: vehicle.id } });
    const a = await signedInAgent(carrierA.email);
    expect((await a.browser.get("/vehicles")).text).toContain('data-turbo-confirm="Remove AB12 CDE from your vehicles?');
    const removed = await remove(a, `/vehicles/${vehicle.id}`);
    expect(removed.status).toBe(303);
    expect(await vehiclesOf(carrierA.accountId)).toEqual([]);
    expect(await vehicleIdOf(load.id)).toBeNull();
    expect((await a.browser.get("/vehicles")).text).toContain("AB12 CDE removed");
    expect((await remove(a, `/vehicles/${vehicle.id}`)).status).toBe(404);
  });

  it("another carrier's vehicle answers 404 to its edit page, a change and a removal", async () => {
    const theirs = await addVehicle(carrierB.accountId, "AB12 CDE");
    const a = await signedInAgent(carrierA.email);
    expect((await a.browser.get(`/vehicles/${theirs.id}/edit`)).status).toBe(404);
    expect((await patch(a, `/vehicles/${theirs.id}`, vehicleForm({ payload_kg: "100" }))).status).toBe(404);
    expect((await remove(a, `/vehicles/${theirs.id}`)).status).toBe(404);
    expect((await a.browser.get("/vehicles")).text).not.toContain(`data-vehicle-id="${theirs.id}"`);
    expect(await db().vehicle.findUniqueOrThrow({ where: { id: theirs.id } })).toMatchObject({ payloadKg: 2500 });
    expect((await a.browser.get("/vehicles/abc/edit")).status).toBe(404);
  });
});

describe("who keeps vehicles", () => {
  it.each([
    ["a shipper", () => shipper],
    ["a driver", () => driverA],
  ])("%s gets 404 from every vehicle page and change", async (_who, who) => {
    const vehicle = await addVehicle(carrierA.accountId, "AB12 CDE");
    const agent = await signedInAgent(who().email);
    expect((await agent.browser.get("/vehicles")).status).toBe(404);
    expect((await post(agent, "/vehicles", vehicleForm({ registration: "XY34 ZZZ" }))).status).toBe(404);
    expect((await agent.browser.get(`/vehicles/${vehicle.id}/edit`)).status).toBe(404);
    expect((await patch(agent, `/vehicles/${vehicle.id}`, vehicleForm())).status).toBe(404);
    expect((await remove(agent, `/vehicles/${vehicle.id}`)).status).toBe(404);
    expect(await vehiclesOf(carrierA.accountId)).toHaveLength(1);
  });

  it("asks someone signed out to sign in", async () => {
    const { agent } = await import("../../support/app.ts");
    const page = await agent().get("/vehicles");
    expect(page.status).toBe(303);
    expect(page.headers.location).toBe("/login");
  });
});

describe("the vehicle on a load", () => {
  it("the carrier's office puts one of its vehicles on the load (303 back to the load), changes it and takes it off", async () => {
    const artic = await addVehicle(carrierA.accountId, "AB12 CDE", { vehicleType: "artic", payloadKg: 29_000 });
    const rigid = await addVehicle(carrierA.accountId, "XY34 ZZZ");
    const a = await signedInAgent(carrierA.email);
    const saved = await patch(a, `/loads/${load.id}/vehicle`, { vehicle_id: String(artic.id) });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe(`/loads/${load.id}`);
    expect(await vehicleIdOf(load.id)).toBe(artic.id);
    expect((await a.browser.get(`/loads/${load.id}`)).text).toContain("Vehicle saved");

    const m = await signedInAgent(memberA.email);
    expect((await patch(m, `/loads/${load.id}/vehicle`, { vehicle_id: String(rigid.id) })).status).toBe(303);
    expect(await vehicleIdOf(load.id)).toBe(rigid.id);
    expect((await patch(m, `/loads/${load.id}/vehicle`, { vehicle_id: "" })).status).toBe(303);
    expect(await vehicleIdOf(load.id)).toBeNull();

    const json = await a.browser.patch(`/loads/${load.id}/vehicle`).set("Accept", "application/json").set("X-CSRF-Token", a.csrf).send({ vehicle_id: String(artic.id) });
    expect(json.status).toBe(200);
    expect(json.body).toEqual({ load: { id: load.id, vehicleId: artic.id } });
  });

  it("refuses another account's vehicle or a made-up one (422 'Choose one of your vehicles', shown beside the choice)", async () => {
    const mine = await addVehicle(carrierA.accountId, "AB12 CDE");
    const theirs = await addVehicle(carrierB.accountId, "XY34 ZZZ");
    await db().load.update({ where: { id: load.id }, data: { vehicleId: mine.id } });
    const a = await signedInAgent(carrierA.email);
    const refused = await patch(a, `/loads/${load.id}/vehicle`, { vehicle_id: String(theirs.id) });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(besideField("vehicle_id", "Choose one of your vehicles"));
    expect(refused.text).toContain('<a href="#field_vehicle_id">Choose one of your vehicles</a>');
    expect(refused.text).toContain(`href="/loads/${load.id}"`);
    expect(refused.text).not.toContain("XY34 ZZZ");
    expect(await vehicleIdOf(load.id)).toBe(mine.id);

    const madeUp = await patch(a, `/loads/${load.id}/vehicle`, { vehicle_id: "not-a-vehicle" });
    expect(madeUp.status).toBe(422);
    expect(madeUp.text).toContain(besideField("vehicle_id", "Choose one of your vehicles"));
    const json = await a.browser.patch(`/loads/${load.id}/vehicle`).set("Accept", "application/json").set("X-CSRF-Token", a.csrf).send({ vehicle_id: String(theirs.id) });
    expect(json.status).toBe(422);
    expect(json.body).toEqual({ errors: { vehicle_id: "Choose one of your vehicles" } });
    expect(await vehicleIdOf(load.id)).toBe(mine.id);
  });

  it.each([["delivered"], ["cancelled"]])("refuses any change once the load is %s (422)", async (status) => {
    const mine = await addVehicle(carrierA.accountId, "AB12 CDE");
    await db().load.update({ where: { id: load.id }, data: { status, vehicleId: mine.id } });
    const a = await signedInAgent(carrierA.email);
    for (const vehicleId of ["", String(mine.id)]) {
      const refused = await patch(a, `/loads/${load.id}/vehicle`, { vehicle_id: vehicleId });
      expect(refused.status).toBe(422);
      expect(refused.text).toContain("The vehicle cannot be changed once the load is delivered or cancelled");
      expect(refused.text).not.toContain('name="vehicle_id"');
    }
    expect(await vehicleIdOf(load.id)).toBe(mine.id);
  });

  it("the driver and the shipper cannot choose the vehicle (404), nor can another carrier", async () => {
    const mine = await addVehicle(carrierA.accountId, "AB12 CDE");
    const theirs = await addVehicle(carrierB.accountId, "XY34 ZZZ");
    for (const [email, vehicleId] of [[driverA.email, mine.id], [shipper.email, mine.id], [carrierB.email, theirs.id]] as const) {
      const agent = await signedInAgent(email);
      expect((await patch(agent, `/loads/${load.id}/vehicle`, { vehicle_id: String(vehicleId) })).status).toBe(404);
      expect((await patch(agent, `/loads/${load.id}/vehicle`, { vehicle_id: "junk" })).status).toBe(404);
    }
    expect(await vehicleIdOf(load.id)).toBeNull();
    const a = await signedInAgent(carrierA.email);
    expect((await patch(a, "/loads/999999/vehicle", { vehicle_id: String(mine.id) })).status).toBe(404);
  });
});
