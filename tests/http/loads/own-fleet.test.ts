import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { OWN_DRIVER_NOT_AUCTIONED, OWN_DRIVER_TOO_LATE } from "#domain/jobs/own-fleet.ts";
import { agent, signedInAgent, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { realPng, uploaded } from "../../support/files.ts";
import { createJob, formBody, jobFormBody } from "../../support/job-fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";

// Own fleet: a shipper's admin invites drivers of its own, puts one on a single-load job, and that
// driver runs the load (collect, deliver with proof) as a carrier's driver does, seeing only the
// loads they drive.

type Person = Awaited<ReturnType<typeof createShipper>>;
type Signed = { browser: Agent; csrf: string };

let n = 0;
const newEmail = () => `own-fleet-${++n}-${Date.now()}@test.example`;

async function inviteAs(person: Person, fields: Record<string, string>) {
  const { browser, csrf } = await signedInAgent(person.email);
  return browser.post("/team/invitations").type("form").send({ _csrf: csrf, ...fields });
}

/** Accepts the last invitation e-mailed to `email` in a fresh browser. */
async function acceptInvitation(email: string, name: string) {
  const path = new URL(lettersTo(email).at(-1)!.link!).pathname;
  const browser = agent();
  const page = await browser.get(path);
  const _csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(page.text)![1];
  return { response: await browser.post(path).type("form").send({ _csrf, name, password: "drives-our-own-lorry" }), browser };
}

const publish = (office: Signed, fields: Record<string, unknown>, button: "publish" | "draft" = "publish") =>
  office.browser.post("/jobs").type("form").send(formBody({ _csrf: office.csrf, ...jobFormBody(fields), [button]: "1" }));

const jobId = (response: { headers: Record<string, string> }) => Number(/^\/jobs\/(\d+)$/.exec(response.headers.location ?? "")![1]);

describe("a shipper's team", () => {
  let admin: Person;
  beforeEach(async () => {
    admin = await createShipper({ name: "Rita Retail", company: `Own Fleet Retail ${++n}` });
  });

  it("has drivers: the admin invites one from the team page, who joins and lands on their loads", async () => {
    const { browser } = await signedInAgent(admin.email);
    expect((await browser.get("/team")).text).toContain('id="invite_role_driver"');
    const email = newEmail();
    const sent = await inviteAs(admin, { name: "Owen Fleet", email, role: "driver" });
    expect([sent.status, sent.headers.location]).toEqual([303, "/team"]);
    expect(lettersTo(email)[0]!.text).toContain("as driver");

    const { response, browser: phone } = await acceptInvitation(email, "Owen Fleet");
    expect([response.status, response.headers.location]).toEqual([303, "/loads"]);
    expect(await db().user.findUniqueOrThrow({ where: { email } })).toMatchObject({ accountId: admin.accountId, role: "driver", name: "Owen Fleet" });
    const loads = await phone.get("/loads");
    expect(loads.status).toBe(200);
    expect(loads.text).toContain("No loads assigned to you yet.");
  });

  it("a member cannot invite a driver (403), and nothing is sent", async () => {
    const member = await createUser("shipper", { role: "member", accountId: admin.accountId });
    const email = newEmail();
    expect((await inviteAs(member, { name: "Not Invited", email, role: "driver" })).status).toBe(403);
    expect(lettersTo(email)).toEqual([]);
  });

  it("the admin may make a member a driver", async () => {
    const member = await createUser("shipper", { role: "member", accountId: admin.accountId });
    const { browser, csrf } = await signedInAgent(admin.email);
    const changed = await browser.post(`/team/members/${member.id}`).type("form").send({ _csrf: csrf, _method: "patch", role: "driver" });
    expect(changed.status).toBe(303);
    expect((await db().user.findUniqueOrThrow({ where: { id: member.id } })).role).toBe("driver");
  });
});

describe("a single-load job for the shipper's own driver", () => {
  let shipper: Person;
  let driver: Person;
  let office: Signed;
  beforeEach(async () => {
    shipper = await createShipper({ company: `Own Fleet Foods ${++n}` });
    driver = await createUser("shipper", { role: "driver", accountId: shipper.accountId, name: "Owen Fleet" });
    office = await signedInAgent(shipper.email);
  });

  it("is awarded as it is published: its load goes to the driver, run by the shipper's own account, with no tender", async () => {
    const response = await publish(office, { reference: "Own fleet to Bristol", assigned_driver_id: String(driver.id) });
    expect(response.status).toBe(303);
    const id = jobId(response);
    const job = await db().job.findUniqueOrThrow({ where: { id }, include: { loads: { include: { stops: true } } } });
    expect(job).toMatchObject({ status: "awarded", assignedDriverId: driver.id, awardedAt: expect.any(Date) });
    expect(job.loads).toEqual([
      expect.objectContaining({ sequence: 1, carrierAccountId: shipper.accountId, driverId: driver.id, status: "driver_assigned", quoteId: null, priceCents: null }),
    ]);
    const [load] = job.loads;
    expect([load!.pickupDate?.toISOString(), load!.deliveryDate?.toISOString(), load!.stops.length]).toEqual(["2031-03-03T00:00:00.000Z", "2031-03-04T00:00:00.000Z", 2]);
    expect(await db().notification.count({ where: { userId: driver.id, kind: "driver_assigned" } })).toBe(1);
    expect((await office.browser.get(`/jobs/${id}`)).text).toContain("Your job is published for your own driver: its load is on your Loads page.");
    expect((await office.browser.get("/loads")).text).toContain(`data-load-id="${load!.id}"`);

    // Carriers never see it: it is not out for quotes.
    const carrier = await signedInAgent((await createCarrier()).email);
    expect((await carrier.browser.get("/jobs")).text).not.toContain("Own fleet to Bristol");
    expect((await carrier.browser.get(`/jobs/${id}`)).status).toBe(404);
  });

  it("saved as a draft, is awarded to the driver when published later", async () => {
    const draft = await publish(office, { reference: "Own fleet draft", assigned_driver_id: String(driver.id) }, "draft");
    const id = jobId(draft);
    expect(await db().load.count({ where: { jobId: id } })).toBe(0);
    const published = await office.browser.post(`/jobs/${id}/publication`).type("form").send({ _csrf: office.csrf });
    expect([published.status, published.headers.location]).toEqual([303, `/jobs/${id}`]);
    expect((await db().job.findUniqueOrThrow({ where: { id } })).status).toBe("awarded");
    expect(await db().load.findMany({ where: { jobId: id }, select: { driverId: true, carrierAccountId: true, status: true } })).toEqual([
      { driverId: driver.id, carrierAccountId: shipper.accountId, status: "driver_assigned" },
    ]);
  });

  it("is not auctioned (422 beside the driver), and nothing is saved", async () => {
    const before = await db().job.count({ where: { shipperAccountId: shipper.accountId } });
    const response = await publish(office, { assigned_driver_id: String(driver.id), is_auction: "1", auction_opens_at: "2031-03-01T09:00", auction_closes_at: "2031-03-01T12:00" });
    expect(response.status).toBe(422);
    expect(response.text).toContain(OWN_DRIVER_NOT_AUCTIONED);
    expect(await db().job.count({ where: { shipperAccountId: shipper.accountId } })).toBe(before);
  });

  it("cannot be given to the driver once out for quotes (422): the carriers keep it", async () => {
    const id = jobId(await publish(office, { reference: "Out for quotes" }));
    const edit = await office.browser.post(`/jobs/${id}`).type("form").send(formBody({ _csrf: office.csrf, _method: "patch", ...jobFormBody({ reference: "Out for quotes", assigned_driver_id: String(driver.id) }) }));
    expect(edit.status).toBe(422);
    expect(edit.text).toContain(OWN_DRIVER_TOO_LATE);
    expect(await db().job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "open", assignedDriverId: null });
    expect(await db().load.count({ where: { jobId: id } })).toBe(0);
  });

  it("refuses a driver who has left the account (422)", async () => {
    await db().user.update({ where: { id: driver.id }, data: { removedAt: new Date() } });
    const response = await publish(office, { assigned_driver_id: String(driver.id) });
    expect(response.status).toBe(422);
    expect(response.text).toContain("Choose a driver from the list");
  });
});

describe("the shipper's driver", () => {
  let shipper: Person;
  let driver: Person;
  let office: Signed;
  let cab: Signed;
  let jobIdOf: number;
  let loadId: number;
  beforeEach(async () => {
    shipper = await createShipper({ company: `Own Fleet Mills ${++n}` });
    driver = await createUser("shipper", { role: "driver", accountId: shipper.accountId, name: "Owen Fleet" });
    office = await signedInAgent(shipper.email);
    cab = await signedInAgent(driver.email);
    jobIdOf = jobId(await publish(office, { reference: "Flour to Bristol", assigned_driver_id: String(driver.id) }));
    loadId = (await db().load.findFirstOrThrow({ where: { jobId: jobIdOf } })).id;
  });

  it("sees the load on /loads and its page, marks it collected and delivers it with proof; the office is told", async () => {
    const list = await cab.browser.get("/loads");
    expect(list.status).toBe(200);
    expect(list.text).toContain(`<li data-load-id="${loadId}">`);
    expect(list.text).toContain("Collect from Leeds, GB");
    const page = await cab.browser.get(`/loads/${loadId}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain("Mark collected");

    // Collected ahead of its day (3 March 2031): confirmed after the warning.
    const collected = await cab.browser.post(`/loads/${loadId}/status`).type("form").send({ _csrf: cab.csrf, _method: "patch", status: "collected", confirmed: "1" });
    expect([collected.status, collected.headers.location]).toEqual([303, `/loads/${loadId}`]);
    expect((await db().job.findUniqueOrThrow({ where: { id: jobIdOf } })).status).toBe("in_progress");

    expect((await cab.browser.get(`/loads/${loadId}/delivery`)).status).toBe(200);
    const photo = await uploaded(cab.browser, cab.csrf, await realPng(800, 600), "photo", "delivered.png");
    const delivered = await cab.browser.post(`/loads/${loadId}/delivery`).type("form").send({ _csrf: cab.csrf, recipient_name: "Pat at goods-in", "blob_signed_ids[]": photo });
    expect([delivered.status, delivered.headers.location]).toEqual([303, `/loads/${loadId}`]);
    const load = await db().load.findUniqueOrThrow({ where: { id: loadId }, include: { proof: { include: { photos: true } } } });
    expect(load).toMatchObject({ status: "delivered", collectedAt: expect.any(Date), deliveredAt: expect.any(Date) });
    expect(load.proof).toMatchObject({ recipientName: "Pat at goods-in", recordedById: driver.id });
    expect(load.proof!.photos).toHaveLength(1);
    expect((await db().job.findUniqueOrThrow({ where: { id: jobIdOf } })).status).toBe("completed");
    expect(await db().notification.count({ where: { userId: shipper.id, kind: "load_status" } })).toBe(2);
  });

  it("sees none of the shipper's jobs, quotes or other loads: lists answer 403, records 404", async () => {
    const carrier = await createCarrier();
    const tender = await createJob(shipper.accountId, shipper.id, { status: "awarded", reference: "Carrier's run" });
    const carriersLoad = await db().load.create({ data: { jobId: tender.id, sequence: 1, carrierAccountId: carrier.accountId, status: "assigned" } });
    const colleague = await createUser("shipper", { role: "driver", accountId: shipper.accountId });
    const colleaguesLoad = (await db().load.findFirstOrThrow({ where: { jobId: jobId(await publish(office, { reference: "Colleague's run", assigned_driver_id: String(colleague.id) })) } })).id;
    const open = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Asking carriers" });
    await db().quote.create({ data: { jobId: open.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
    const contract = await createJob(shipper.accountId, shipper.id, { status: "awarded", jobType: "contract" });
    const elsewhere = await createShipper();
    const strangersLoad = await db().load.create({ data: { jobId: (await createJob(elsewhere.accountId, elsewhere.id, { status: "awarded" })).id, sequence: 1, carrierAccountId: elsewhere.accountId, status: "assigned" } });

    // The office sees all of it, so the driver's 404s are about who they are, not what exists.
    expect((await office.browser.get(`/jobs/${open.id}/messages?carrier_account_id=${carrier.accountId}`)).status).toBe(200);
    expect((await office.browser.get(`/jobs/${contract.id}/acceptances`)).status).toBe(200);

    expect((await cab.browser.get("/jobs")).status).toBe(403);
    expect((await cab.browser.get("/jobs/new")).status).toBe(403);
    const posted = await publish(cab, { reference: "Driver's own job" });
    expect(posted.status).toBe(403);
    expect(await db().job.count({ where: { reference: "Driver's own job" } })).toBe(0);
    for (const path of [
      `/jobs/${jobIdOf}`, `/jobs/${open.id}`, `/jobs/${open.id}/edit`, `/jobs/${open.id}/quotes`, `/jobs/${open.id}/files`,
      `/jobs/${open.id}/messages?carrier_account_id=${carrier.accountId}`, `/jobs/${contract.id}/acceptances`,
      `/loads/${carriersLoad.id}`, `/loads/${colleaguesLoad}`, `/loads/${strangersLoad.id}`, `/loads/${loadId}/messages`, "/team",
    ]) {
      expect([path, (await cab.browser.get(path)).status]).toEqual([path, 404]);
    }
    const award = await cab.browser.post(`/jobs/${open.id}/award`).type("form").send({ _csrf: cab.csrf });
    expect(award.status).toBe(404);
    const selector = await cab.browser.post("/loads_carrier_selector").set("X-CSRF-Token", cab.csrf).send({ job_id: open.id, address: { city: "Leeds", country: "GB" }, date: "2031-03-03" });
    expect(selector.status).toBe(404);
    const moved = await cab.browser.post(`/loads/${colleaguesLoad}/status`).type("form").send({ _csrf: cab.csrf, _method: "patch", status: "collected" });
    expect(moved.status).toBe(404);
    expect((await db().load.findUniqueOrThrow({ where: { id: colleaguesLoad } })).status).toBe("driver_assigned");

    const list = await cab.browser.get("/loads");
    expect(list.text).toContain(`data-load-id="${loadId}"`);
    for (const other of [carriersLoad.id, colleaguesLoad, strangersLoad.id]) expect(list.text).not.toContain(`data-load-id="${other}"`);
  });

  it("cannot remove a document the office added to the load (403); the office can", async () => {
    const document = await uploaded(office.browser, office.csrf, await realPng(400, 300), "document", "booking.png");
    const attached = await office.browser.post(`/loads/${loadId}/attachments`).set({ "X-CSRF-Token": office.csrf, Accept: "application/json" }).send({ blob_signed_id: document });
    expect(attached.status).toBe(201);
    const id = (attached.body as { attachment: { id: number } }).attachment.id;
    expect((await cab.browser.get(`/attachments/${id}`)).status).toBe(200);
    expect((await cab.browser.delete(`/attachments/${id}`).set("X-CSRF-Token", cab.csrf)).status).toBe(403);
    expect(await db().attachment.count({ where: { id } })).toBe(1);
    expect((await office.browser.delete(`/attachments/${id}`).set("X-CSRF-Token", office.csrf)).status).toBe(303);
  });

  it("can be replaced by the office on the load page; the first driver then no longer sees the load", async () => {
    const second = await createUser("shipper", { role: "driver", accountId: shipper.accountId, name: "Nia Relief" });
    const page = await office.browser.get(`/loads/${loadId}`);
    expect(page.text).toContain(`<option value="${second.id}"`);
    expect(page.text).not.toContain("Hand to another carrier");
    const changed = await office.browser.post(`/loads/${loadId}/driver`).type("form").send({ _csrf: office.csrf, _method: "patch", driver_id: String(second.id) });
    expect([changed.status, changed.headers.location]).toEqual([303, `/loads/${loadId}`]);
    expect((await db().load.findUniqueOrThrow({ where: { id: loadId } })).driverId).toBe(second.id);
    expect((await cab.browser.get(`/loads/${loadId}`)).status).toBe(404);

    // A shipper's office puts drivers only on the loads its own fleet runs, never on a carrier's.
    const carrier = await createCarrier();
    const hired = await db().load.create({ data: { jobId: (await createJob(shipper.accountId, shipper.id, { status: "awarded" })).id, sequence: 1, carrierAccountId: carrier.accountId, status: "assigned" } });
    const refused = await office.browser.post(`/loads/${hired.id}/driver`).type("form").send({ _csrf: office.csrf, _method: "patch", driver_id: String(second.id) });
    expect(refused.status).toBe(422);
    expect((await db().load.findUniqueOrThrow({ where: { id: hired.id } })).driverId).toBeNull();
  });
});
