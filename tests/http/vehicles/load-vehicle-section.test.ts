import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { renderTemplate } from "#lib/templates.server.ts";
import { awardJob } from "#models/award.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";
import { vehicleSectionFor } from "#pages/vehicles/load-vehicle.server.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The load page's vehicle section (views/vehicles/_load_vehicle.ejs) from vehicleSectionFor: the
// same read-only line for everyone who sees the load, the choice for the carrier's office only.

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrierA: User;
let driverA: User;
let carrierB: User;
let loadId: number;

beforeEach(async () => {
  shipper = await createShipper();
  carrierA = await createCarrier();
  driverA = await createUser("carrier", { role: "driver", accountId: carrierA.accountId });
  carrierB = await createCarrier();
  const job = await createJob(shipper.accountId, shipper.id);
  await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrierA.accountId, placedById: carrierA.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
  await awardJob(job.id);
  loadId = (await db().load.findFirstOrThrow({ where: { jobId: job.id } })).id;
  await db().load.update({ where: { id: loadId }, data: { driverId: driverA.id, status: "driver_assigned" } });
});

const loadNow = () => db().load.findUniqueOrThrow({ where: { id: loadId }, select: { id: true, status: true, vehicleId: true, carrierAccountId: true } });
const viewer = async (user: User) => (await findUserWithAccount(user.id))!;
const render = async (user: User) => {
  const load = await loadNow();
  const section = await vehicleSectionFor(load, await viewer(user));
  return { section, html: await renderTemplate("vehicles/_load_vehicle", { load, ...section, csrfToken: "token", errors: {} }) };
};
const refrigerated = (accountId: number, registration = "AB12 CDE") =>
  db().vehicle.create({ data: { accountId, registration, vehicleType: "refrigerated", payloadKg: 9_500, euroStandard: "euro_6", tailLift: true, temperatureControlled: true } });

describe("the load's vehicle section", () => {
  it("shows the shipper and the driver the vehicle's registration, type, payload, Euro standard, tail-lift and temperature control, read-only", async () => {
    const vehicle = await refrigerated(carrierA.accountId);
    await db().load.update({ where: { id: loadId }, data: { vehicleId: vehicle.id } });
    for (const user of [shipper, driverA]) {
      const { section, html } = await render(user);
      expect(section).toMatchObject({ canChange: false, vehicles: [], vehicle: { id: vehicle.id, registration: "AB12 CDE" } });
      const line = html.replace(/\s+/g, " ");
      expect(line).toContain("AB12 CDE");
      expect(line).toContain("Refrigerated (fridge)");
      expect(line).toContain("9,500 kg payload");
      expect(line).toContain("Euro 6");
      expect(line).toContain("· Tail-lift");
      expect(line).toContain("· Temperature controlled");
      expect(html).not.toContain("<form");
    }
  });

  it("says when there is no vehicle yet, and reads no vehicle for it", async () => {
    const { section, html } = await render(shipper);
    expect(section.vehicle).toBeNull();
    expect(html).toContain("The carrier has not said which vehicle yet.");
  });

  it("gives the carrier's office the line and a choice of its vehicles, with the load's selected, until delivery", async () => {
    const vehicle = await refrigerated(carrierA.accountId);
    await db().vehicle.create({ data: { accountId: carrierA.accountId, registration: "XY34 ZZZ", vehicleType: "rigid_7_5t", payloadKg: 2_500, euroStandard: "euro_5" } });
    await refrigerated(carrierB.accountId, "BB11 BBB");
    await db().load.update({ where: { id: loadId }, data: { vehicleId: vehicle.id } });
    const { section, html } = await render(carrierA);
    expect(section.canChange).toBe(true);
    expect(section.vehicles.map((choice) => choice.registration)).toEqual(["AB12 CDE", "XY34 ZZZ"]);
    expect(html).toContain(`action="/loads/${loadId}/vehicle"`);
    expect(html).toContain('name="_method" value="patch"');
    expect(html).toContain(`<option value="${vehicle.id}" selected>AB12 CDE · Refrigerated (fridge) · 9,500 kg</option>`);
    expect(html).toContain("XY34 ZZZ · 7.5 t rigid · 2,500 kg");
    expect(html).not.toContain("BB11 BBB");
    expect(html).toContain("Save vehicle");

    await db().load.update({ where: { id: loadId }, data: { status: "delivered" } });
    const delivered = await render(carrierA);
    expect(delivered.section).toMatchObject({ canChange: false, vehicles: [], vehicle: { id: vehicle.id } });
    expect(delivered.html).not.toContain("<form");
    expect(delivered.html).toContain("AB12 CDE");
  });

  it("shows no one the vehicle of a carrier the load was taken from", async () => {
    const vehicle = await refrigerated(carrierA.accountId);
    await db().load.update({ where: { id: loadId }, data: { vehicleId: vehicle.id, carrierAccountId: carrierB.accountId, driverId: null, status: "assigned" } });
    expect((await render(shipper)).section.vehicle).toBeNull();
    expect((await render(carrierB)).section.vehicle).toBeNull();
  });
});
