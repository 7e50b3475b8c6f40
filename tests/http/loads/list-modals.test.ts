import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The /loads list's own behaviours: the shipper's job switcher (?job=) and the carrier's
// assign-driver modal, which posts to the load's driver route and comes back to the list.

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrier: User;
let driver: User;
let foreignDriver: User;
let firstJob: { id: number; reference: string };
let secondJob: { id: number; reference: string };
let loadId: number;

async function awardedJob(reference: string) {
  const job = await createJob(shipper.accountId, shipper.id, { reference, expectedQuantity: 1, numberOfLoads: 1 });
  await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
  expect(await awardJob(job.id)).toMatchObject({ ok: true });
  return job;
}

beforeEach(async () => {
  shipper = await createShipper({ company: "Switcher Foods" });
  carrier = await createCarrier({ company: "Modal Haulage" });
  driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId, name: "Mo Driver" });
  foreignDriver = await createUser("carrier", { role: "driver", accountId: (await createCarrier()).accountId, name: "Not Theirs" });
  firstJob = await awardedJob(`Switch A ${Date.now()}`);
  secondJob = await awardedJob(`Switch B ${Date.now()}`);
  loadId = (await db().load.findFirstOrThrow({ where: { jobId: firstJob.id } })).id;
});

const patchDriver = (agent: Awaited<ReturnType<typeof signedInAgent>>, body: Record<string, string>) =>
  agent.browser.patch(`/loads/${loadId}/driver`).type("form").send({ _csrf: agent.csrf, ...body });

describe("the shipper's job switcher on /loads", () => {
  it("lists 'All jobs' and each job with loads as URLs, and ?job= keeps to that job's loads", async () => {
    const s = await signedInAgent(shipper.email);
    const all = await s.browser.get("/loads");
    expect(all.status).toBe(200);
    expect(all.text).toContain('data-controller="navigate-select" data-action="navigate-select#visit"');
    expect(all.text).toContain('<option value="/loads">All jobs</option>');
    expect(all.text).toContain(`<option value="/loads?job=${secondJob.id}">${secondJob.reference}</option>`);
    expect(all.text).toContain(`<option value="/loads?job=${firstJob.id}">${firstJob.reference}</option>`);

    const one = await s.browser.get(`/loads?job=${firstJob.id}`);
    expect(one.status).toBe(200);
    expect(one.text).toContain(`data-load-id="${loadId}"`);
    expect(one.text.match(/data-load-id=/g)).toHaveLength(1);
    expect(one.text).toContain(`<option value="/loads?job=${firstJob.id}" selected>${firstJob.reference}</option>`);
  });

  it("answers 404 for another shipper's job, a job without loads and an id that names no record", async () => {
    const other = await createShipper();
    const theirs = await createJob(other.accountId, other.id, { reference: "Not yours" });
    const draft = await createJob(shipper.accountId, shipper.id, { reference: "No loads yet", status: "draft" });
    const s = await signedInAgent(shipper.email);
    for (const job of [String(theirs.id), String(draft.id), "abc", "0x1", "-1"]) {
      expect((await s.browser.get(`/loads?job=${job}`)).status, job).toBe(404);
    }
  });

  it("shows no switcher to a carrier, whose loads ?job= filters the same way", async () => {
    const c = await signedInAgent(carrier.email);
    const list = await c.browser.get(`/loads?job=${secondJob.id}`);
    expect(list.status).toBe(200);
    expect(list.text).not.toContain("navigate-select");
    expect(list.text).not.toContain(`data-load-id="${loadId}"`);
  });
});

describe("the carrier's assign-driver modal on /loads", () => {
  it("offers a modal with the driver form for each load that can take a driver, and copy buttons with the load number", async () => {
    const c = await signedInAgent(carrier.email);
    const list = await c.browser.get("/loads");
    expect(list.text).toContain(`data-modal-anchor-value="assign-driver-${loadId}"`);
    expect(list.text).toContain(`<form action="/loads/${loadId}/driver" method="post"`);
    expect(list.text).toContain('<input type="hidden" name="return_to" value="/loads">');
    expect(list.text).toContain(`<option value="${driver.id}">Mo Driver</option>`);
    expect(list.text).toContain(`data-clipboard-text-value="${firstJob.reference} · 1"`);
  });

  it("after saving from the list, goes back to the list (or its page) with a flash", async () => {
    const c = await signedInAgent(carrier.email);
    const saved = await patchDriver(c, { driver_id: String(driver.id), return_to: "/loads" });
    expect(saved.status).toBe(303);
    expect(saved.headers.location).toBe("/loads");
    expect(await db().load.findUniqueOrThrow({ where: { id: loadId } })).toMatchObject({ driverId: driver.id, status: "driver_assigned" });
    expect((await c.browser.get("/loads")).text).toContain('class="flash flash-notice toast" role="status"');

    expect((await patchDriver(c, { driver_id: String(driver.id), return_to: "/loads?page=2" })).headers.location).toBe("/loads?page=2");
    for (const elsewhere of ["https://evil.example/loads", "//evil.example", "/loads?page=2&x=1", "/jobs"]) {
      expect((await patchDriver(c, { driver_id: String(driver.id), return_to: elsewhere })).headers.location).toBe(`/loads/${loadId}`);
    }
  });

  it("answers a refused driver with 422: the list again, that load's modal open with the error, nothing changed", async () => {
    const c = await signedInAgent(carrier.email);
    const refused = await patchDriver(c, { driver_id: String(foreignDriver.id), return_to: "/loads" });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain(`data-load-id="${loadId}"`);
    expect(refused.text).toMatch(new RegExp(`data-modal-anchor-value="assign-driver-${loadId}" data-modal-open-value="true"`));
    expect(refused.text).toContain(`<p class="field-error" id="list_driver_${loadId}_error">Choose one of your drivers</p>`);
    expect(refused.text.match(/data-modal-open-value="true"/g)?.length).toBe(2); // this modal and the page's confirm template
    expect(await db().load.findUniqueOrThrow({ where: { id: loadId } })).toMatchObject({ driverId: null, status: "assigned" });
  });
});
