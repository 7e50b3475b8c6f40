import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { toDateInputValue } from "#domain/format/dates.ts";
import { awardJob } from "#models/award.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The dashboard's "today" is the calendar day in London.
const today = () => new Date(`${toDateInputValue(new Date())}T00:00:00Z`);

describe("dashboard panels", () => {
  it("count what each kind of user has to do, scoped to their own account", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
    const stranger = await createCarrier();
    const pickup = { windowDate: today() };
    const awarded = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 2, numberOfLoads: 2, pickup });
    await createJob(shipper.accountId, shipper.id);
    await db().quote.create({ data: { jobId: awarded.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 30_000, numberOfLoads: 2, status: "active" } });
    await awardJob(awarded.id);
    const [first] = await db().load.findMany({ where: { jobId: awarded.id }, orderBy: { sequence: "asc" } });
    await db().load.update({ where: { id: first!.id }, data: { driverId: driver.id, status: "driver_assigned" } });

    const stat = (html: string, title: string) => new RegExp(`<span class="stat-value">(\\d+)</span>\\s*<span class="stat-title">${title}</span>`).exec(html)?.[1];

    const shipperPage = (await (await signedInAgent(shipper.email)).browser.get("/dashboard")).text;
    expect(stat(shipperPage, "Jobs out for quotes")).toBe("1");
    expect(stat(shipperPage, "Loads on the road")).toBe("2");
    expect(shipperPage).toContain("Next collections");

    const carrierPage = (await (await signedInAgent(carrier.email)).browser.get("/dashboard")).text;
    expect(stat(carrierPage, "Loads to assign a driver")).toBe("1");
    expect(stat(carrierPage, "Loads collecting today")).toBe("2");
    expect(carrierPage).toContain(`href="/loads/${first!.id}"`);

    // A driver has no dashboard: the loads they drive are their start page.
    const driverVisit = await (await signedInAgent(driver.email)).browser.get("/dashboard");
    expect([driverVisit.status, driverVisit.headers.location]).toEqual([303, "/loads"]);

    const strangerPage = (await (await signedInAgent(stranger.email)).browser.get("/dashboard")).text;
    expect(stat(strangerPage, "Loads collecting today")).toBe("0");
    expect(strangerPage).not.toContain(`href="/loads/${first!.id}"`);
  });
});
