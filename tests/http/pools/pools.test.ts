import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { poolIdsOf } from "#models/pools/membership.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createSupport, createUser } from "../../support/fixtures.ts";
import { fieldMessage, makePool as makeAnyPool, summaryLines } from "./pool-helpers.ts";

// Making, renaming and deleting a shipper's pools (/pools, /pools/:id) and who may: the shipper's
// office (admins and members); drivers are told 403; support, carriers and other shippers 404.

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;

beforeEach(async () => {
  shipper = await createShipper({ company: `Northwind ${Date.now()}` });
});

const makePool = (name: string, owner: User = shipper) => makeAnyPool(name, owner);

describe("the shipper's pools list", () => {
  it("lists the office's pools by name with their carrier counts, and a form to make one", async () => {
    const chilled = await makePool("Chilled regulars");
    await makePool("Ambient");
    const carrier = await createCarrier();
    await db().poolMember.create({ data: { poolId: chilled.id, carrierAccountId: carrier.accountId } });
    await makePool("Someone else's", await createShipper());
    const { browser } = await signedInAgent(shipper.email);
    const page = await browser.get("/pools").expect(200);
    const rows = [...page.text.matchAll(/<td data-label="Pool"><a href="\/pools\/(\d+)">([^<]+)<\/a><\/td>\s*<td data-label="Carriers">([^<]+)<\/td>/g)].map((m) => [m[2], m[3]]);
    expect(rows).toEqual([["Ambient", "0 carriers"], ["Chilled regulars", "1 carrier"]]);
    expect(page.text).toContain('<form action="/pools" method="post"');
    expect(page.text).toContain("<title>Carrier pools");
  });

  it("shows an empty state to a shipper with no pools", async () => {
    const { browser } = await signedInAgent(shipper.email);
    expect((await browser.get("/pools").expect(200)).text).toContain("No pools yet.");
  });
});

describe("making a pool (POST /pools)", () => {
  it("makes it with the name tidied, 303 to its page with a notice; a member of the office may too", async () => {
    const member = await createUser("shipper", { accountId: shipper.accountId, role: "member" });
    const { browser, csrf } = await signedInAgent(member.email);
    const response = await browser.post("/pools").type("form").send({ _csrf: csrf, name: "  Chilled   regulars " });
    const pool = await db().pool.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId } });
    expect([response.status, response.headers.location]).toEqual([303, `/pools/${pool.id}`]);
    expect(pool).toMatchObject({ name: "Chilled regulars", createdById: member.id });
    expect((await browser.get(`/pools/${pool.id}`).expect(200)).text).toContain("Pool Chilled regulars made. Add the carriers you trust to it.");
  });

  it.each([
    { name: "", message: "Enter a name for the pool" },
    { name: "    ", message: "Enter a name for the pool" },
    { name: "x".repeat(61), message: "The pool's name must be 60 characters or fewer" },
    { name: "chilled REGULARS", message: "You already have a pool called chilled REGULARS" },
  ])("refuses $name.length characters with 422: $message, keeping what was typed", async ({ name, message }) => {
    await makePool("Chilled regulars");
    const { browser, csrf } = await signedInAgent(shipper.email);
    const response = await browser.post("/pools").type("form").send({ _csrf: csrf, name });
    expect(response.status).toBe(422);
    expect(summaryLines(response.text)).toEqual([message]);
    expect(fieldMessage(response.text, "field_pool_name")).toBe(message);
    expect(response.text).toContain(`value="${name}"`);
    expect(response.text).toContain("<title>Error: Carrier pools");
    expect(await db().pool.count({ where: { shipperAccountId: shipper.accountId } })).toBe(1);
  });

  it("lets two shippers use the same name", async () => {
    await makePool("Scotland", await createShipper());
    const { browser, csrf } = await signedInAgent(shipper.email);
    expect((await browser.post("/pools").type("form").send({ _csrf: csrf, name: "Scotland" })).status).toBe(303);
  });

  it("answers a body that is no form (a list, a number) with 422, never a 500", async () => {
    const { browser, csrf } = await signedInAgent(shipper.email);
    const response = await browser.post("/pools").set("X-CSRF-Token", csrf).send({ name: ["a", "b"] });
    expect(response.status).toBe(422);
    expect((await browser.post("/pools").set("X-CSRF-Token", csrf).send({ name: 12 })).status).toBe(422);
  });

  it("refuses a form without its CSRF token (403)", async () => {
    const { browser } = await signedInAgent(shipper.email);
    expect((await browser.post("/pools").type("form").send({ name: "Scotland" })).status).toBe(403);
    expect(await db().pool.count({ where: { shipperAccountId: shipper.accountId } })).toBe(0);
  });
});

describe("renaming and deleting", () => {
  it("renames (PATCH), 303 back with a notice", async () => {
    const pool = await makePool("Chilled");
    const { browser, csrf } = await signedInAgent(shipper.email);
    const response = await browser.post(`/pools/${pool.id}`).type("form").send({ _csrf: csrf, _method: "patch", name: "Chilled regulars" });
    expect([response.status, response.headers.location]).toEqual([303, `/pools/${pool.id}`]);
    expect((await db().pool.findUniqueOrThrow({ where: { id: pool.id } })).name).toBe("Chilled regulars");
    expect((await browser.get(`/pools/${pool.id}`)).text).toContain("Pool renamed to Chilled regulars");
  });

  it("keeps its own name in another letter case, and refuses another pool's name (422, the page again, as typed)", async () => {
    const pool = await makePool("Chilled");
    await makePool("Scotland");
    const { browser, csrf } = await signedInAgent(shipper.email);
    expect((await browser.patch(`/pools/${pool.id}`).type("form").send({ _csrf: csrf, name: "CHILLED" })).status).toBe(303);
    const refused = await browser.patch(`/pools/${pool.id}`).type("form").send({ _csrf: csrf, name: "scotland" });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('<p class="field-error" id="field_pool_name_error">You already have a pool called scotland</p>');
    expect(refused.text).toContain('value="scotland"');
    expect(refused.text).toContain("<h1>CHILLED</h1>");
    expect((await db().pool.findUniqueOrThrow({ where: { id: pool.id } })).name).toBe("CHILLED");
  });

  it("deletes the pool with its members (the carriers' kept lists are told) and invitations, 303 to /pools", async () => {
    const pool = await makePool("Chilled");
    const carrier = await createCarrier();
    await db().poolMember.create({ data: { poolId: pool.id, carrierAccountId: carrier.accountId } });
    await db().poolInvitation.create({ data: { poolId: pool.id, email: "waiting@example.org", tokenDigest: `d-${pool.id}`, invitedById: shipper.id, expiresAt: new Date(Date.now() + 86_400_000) } });
    expect(await poolIdsOf(carrier.accountId)).toEqual([pool.id]);
    const { browser, csrf } = await signedInAgent(shipper.email);
    const response = await browser.post(`/pools/${pool.id}`).type("form").send({ _csrf: csrf, _method: "delete" });
    expect([response.status, response.headers.location]).toEqual([303, "/pools"]);
    expect(await db().pool.count({ where: { id: pool.id } })).toBe(0);
    expect(await db().poolInvitation.count({ where: { poolId: pool.id } })).toBe(0);
    expect(await poolIdsOf(carrier.accountId)).toEqual([]);
    expect((await browser.get("/pools")).text).toContain("Pool Chilled deleted");
  });
});

describe("who may", () => {
  it("gives another shipper's pool, an unknown id and a malformed id 404 on every route", async () => {
    const theirs = await makePool("Theirs", await createShipper());
    const { browser, csrf } = await signedInAgent(shipper.email);
    for (const id of [theirs.id, 999_999_999, "abc", "0x1"]) {
      expect((await browser.get(`/pools/${id}`)).status).toBe(404);
      expect((await browser.patch(`/pools/${id}`).type("form").send({ _csrf: csrf, name: "Mine now" })).status).toBe(404);
      expect((await browser.delete(`/pools/${id}`).type("form").send({ _csrf: csrf })).status).toBe(404);
      expect((await browser.post(`/pools/${id}/members`).type("form").send({ _csrf: csrf, email: "x@example.org" })).status).toBe(404);
    }
    expect((await db().pool.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe("Theirs");
  });

  it("tells drivers 403 and support 404; a carrier's office may not make pools (404)", async () => {
    const pool = await makePool("Chilled");
    const driver = await createUser("shipper", { accountId: shipper.accountId, role: "driver" });
    const carrierDriver = await createUser("carrier", { role: "driver" });
    for (const [who, status] of [[driver, 403], [carrierDriver, 403], [await createSupport(), 404]] as const) {
      const { browser, csrf } = await signedInAgent(who.email);
      expect((await browser.get("/pools")).status).toBe(status);
      expect((await browser.get(`/pools/${pool.id}`)).status).toBe(status);
      expect((await browser.post("/pools").type("form").send({ _csrf: csrf, name: "Mine" })).status).toBe(status);
    }
    const { browser, csrf } = await signedInAgent((await createCarrier()).email);
    expect((await browser.get(`/pools/${pool.id}`)).status).toBe(404);
    expect((await browser.post("/pools").type("form").send({ _csrf: csrf, name: "Mine" })).status).toBe(404);
    expect(await db().pool.count({ where: { name: "Mine" } })).toBe(0);
  });

  it("sends someone signed out to sign in", async () => {
    const { agent } = await import("../../support/app.ts");
    const response = await agent().get("/pools");
    expect([response.status, response.headers.location]).toEqual([303, "/login"]);
  });
});
