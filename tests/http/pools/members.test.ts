import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { poolIdsOf } from "#models/pools/membership.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { spyOnStatements } from "../../support/statements.ts";
import { ratedLoad } from "../scores/score-fixtures.ts";
import { fieldMessage, makePool, pageText, summaryLines } from "./pool-helpers.ts";

// A pool's carriers: found by name and added, refused when no carrier or blocked, added twice with
// no change, shown with their scores, removed by the shipper, and leaving from the carrier's side.

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let pennine: User;
let severn: User;
let pool: Awaited<ReturnType<typeof makePool>>;
const tag = () => Math.random().toString(36).slice(2, 8);
let word: string;

beforeEach(async () => {
  word = tag();
  shipper = await createShipper({ company: `Northwind ${word}` });
  pennine = await createCarrier({ company: `Pennine Haulage ${word}` });
  severn = await createCarrier({ company: `Severn Freight ${word}` });
  pool = await makePool("Chilled regulars", shipper);
});

const addCarrier = async (who: User, accountId: unknown, poolId: number = pool.id) => {
  const { browser, csrf } = await signedInAgent(who.email);
  return { browser, response: await browser.post(`/pools/${poolId}/members`).type("form").send({ _csrf: csrf, carrier_account_id: String(accountId) }) };
};
const searchResults = (html: string) => [...html.matchAll(/<li data-carrier-id="(\d+)">\s*<a href="\/companies\/\d+">([^<]+)<\/a>/g)].map((m) => m[2]);

describe("finding a carrier by name", () => {
  it("lists carriers whose name contains the words, letter case aside, by name; not shippers, members or blocked ones", async () => {
    const blocked = await createCarrier({ company: `Blocked Haulage ${word}` });
    const blocker = await createCarrier({ company: `Blocking Haulage ${word}` });
    await createShipper({ company: `Shipper Haulage ${word}` });
    await db().companyBlock.createMany({ data: [
      { blockerAccountId: shipper.accountId, blockedAccountId: blocked.accountId, blockedById: shipper.id },
      { blockerAccountId: blocker.accountId, blockedAccountId: shipper.accountId, blockedById: blocker.id },
    ] });
    await db().poolMember.create({ data: { poolId: pool.id, carrierAccountId: severn.accountId } });
    const { browser } = await signedInAgent(shipper.email);
    const page = await browser.get(`/pools/${pool.id}?q=${word.toUpperCase()}`).expect(200);
    expect(searchResults(page.text)).toEqual([`Pennine Haulage ${word}`]);
    expect(page.text).toContain(`<input type="hidden" name="carrier_account_id" value="${pennine.accountId}">`);
  });

  it("offers at most ten, and matches % and _ as themselves", async () => {
    for (let i = 0; i < 12; i++) await createCarrier({ company: `Many ${word} ${String(i).padStart(2, "0")}` });
    const { browser } = await signedInAgent(shipper.email);
    expect(searchResults((await browser.get(`/pools/${pool.id}?q=many ${word}`)).text)).toHaveLength(10);
    expect(searchResults((await browser.get(`/pools/${pool.id}?q=%25`)).text)).toEqual([]);
    const none = await browser.get(`/pools/${pool.id}?q=_${word}_`).expect(200);
    expect(pageText(none.text)).toContain(`No carriers found called "_${word}_" that you can add.`);
  });

  it("answers any query string with a page (a list, a long text), never a 500", async () => {
    const { browser } = await signedInAgent(shipper.email);
    expect((await browser.get(`/pools/${pool.id}?q=a&q=b`)).status).toBe(200);
    expect((await browser.get(`/pools/${pool.id}?q=${"x".repeat(5000)}`)).status).toBe(200);
  });
});

describe("adding a carrier (POST /pools/:id/members)", () => {
  it("adds it: 303 back with a notice, audited, and the carrier's kept list of pools is told", async () => {
    expect(await poolIdsOf(pennine.accountId)).toEqual([]);
    const { browser, response } = await addCarrier(shipper, pennine.accountId);
    expect([response.status, response.headers.location]).toEqual([303, `/pools/${pool.id}`]);
    expect(await db().poolMember.findUnique({ where: { poolId_carrierAccountId: { poolId: pool.id, carrierAccountId: pennine.accountId } } })).toMatchObject({ addedById: shipper.id });
    expect(await poolIdsOf(pennine.accountId)).toEqual([pool.id]);
    expect(pageText((await browser.get(`/pools/${pool.id}`)).text)).toContain(`Pennine Haulage ${word} added to Chilled regulars`);
    const logged = await db().auditLog.findFirst({ where: { action: "pool.member_add", actorId: shipper.id } });
    expect(JSON.parse(logged!.data)).toEqual({ accountId: shipper.accountId, poolId: pool.id, carrierAccountId: pennine.accountId });
  });

  it("adding one already in is no change, said so", async () => {
    await addCarrier(shipper, pennine.accountId);
    const { browser, response } = await addCarrier(shipper, pennine.accountId);
    expect(response.status).toBe(303);
    expect(pageText((await browser.get(`/pools/${pool.id}`)).text)).toContain(`Pennine Haulage ${word} is already in Chilled regulars: no change`);
    expect(await db().poolMember.count({ where: { poolId: pool.id } })).toBe(1);
    expect(await db().auditLog.count({ where: { action: "pool.member_add", actorId: shipper.id } })).toBe(1);
  });

  it.each([
    { what: "a shipper", id: async () => (await createShipper()).accountId, message: "Choose a carrier company to add" },
    { what: "an unknown company", id: async () => 999_999_999, message: "Choose a carrier company to add" },
  ])("refuses $what with 422, beside the search", async ({ id, message }) => {
    const { response } = await addCarrier(shipper, await id());
    expect(response.status).toBe(422);
    expect(summaryLines(response.text)).toEqual([message]);
    expect(fieldMessage(response.text, "field_q")).toBe(message);
    expect(await db().poolMember.count({ where: { poolId: pool.id } })).toBe(0);
  });

  it.each(["the shipper blocked the carrier", "the carrier blocked the shipper"])("refuses a carrier when %s (422)", async (which) => {
    const [by, target] = which.startsWith("the shipper") ? [shipper, pennine] : [pennine, shipper];
    await db().companyBlock.create({ data: { blockerAccountId: by.accountId, blockedAccountId: target.accountId, blockedById: by.id } });
    const { response } = await addCarrier(shipper, pennine.accountId);
    expect(response.status).toBe(422);
    expect(summaryLines(response.text)).toEqual([`You cannot add Pennine Haulage ${word}: one of your companies has blocked the other`]);
    expect(await db().poolMember.count({ where: { poolId: pool.id } })).toBe(0);
  });

  it("refuses a form with neither a carrier nor an address (422), and a malformed id as none", async () => {
    for (const body of [{}, { carrier_account_id: "abc" }, { carrier_account_id: ["1", "2"], email: "" }]) {
      const { browser, csrf } = await signedInAgent(shipper.email);
      const response = await browser.post(`/pools/${pool.id}/members`).type("form").send({ _csrf: csrf, ...body });
      expect(response.status).toBe(422);
      expect(fieldMessage(response.text, "field_email")).toBe("Choose a carrier to add, or enter an e-mail address to invite");
    }
  });

  it("is the shipper's office's only: another shipper 404, its driver 403, a carrier 404", async () => {
    const driver = await createUser("shipper", { accountId: shipper.accountId, role: "driver" });
    expect((await addCarrier(await createShipper(), pennine.accountId)).response.status).toBe(404);
    expect((await addCarrier(driver, pennine.accountId)).response.status).toBe(403);
    expect((await addCarrier(pennine, pennine.accountId)).response.status).toBe(404);
    expect(await db().poolMember.count({ where: { poolId: pool.id } })).toBe(0);
  });
});

describe("the pool's page", () => {
  const spy = spyOnStatements();
  afterAll(() => spy.restore());

  it("shows each member's score (★ and count, or No ratings yet) with a link to its profile, all scores in one statement", async () => {
    await ratedLoad(shipper, pennine, { centistars: 450 });
    await db().poolMember.createMany({ data: [{ poolId: pool.id, carrierAccountId: pennine.accountId }, { poolId: pool.id, carrierAccountId: severn.accountId }] });
    const { browser } = await signedInAgent(shipper.email);
    const page = await browser.get(`/pools/${pool.id}`).expect(200);
    const rows = [...page.text.matchAll(/<tr data-member-id="(\d+)">([\s\S]*?)<\/tr>/g)].map((m) => [m[1], pageText(m[2]!)]);
    expect(rows.map(([id]) => Number(id))).toEqual([pennine.accountId, severn.accountId]);
    expect(rows[0]![1]).toMatch(new RegExp(`^Pennine Haulage ${word} ★ 4\\.5 \\(1 rating\\) New on Loadline .* Remove Pennine Haulage ${word}$`));
    expect(rows[1]![1]).toMatch(/No ratings yet/);
    expect(page.text).toContain(`<a href="/companies/${pennine.accountId}">Pennine Haulage ${word}</a>`);
    expect(page.text).toContain(`action="/pools/${pool.id}/members/${pennine.accountId}"`);

    const counted = async (n: number) => {
      await browser.get(`/pools/${pool.id}?warm=${n}`).expect(200);
      // A rating written (none changed): the scores kept since the last view are read again, as after a real one.
      await db().rating.updateMany({ where: { id: -1 }, data: { hiddenAt: null } });
      spy.clear();
      await browser.get(`/pools/${pool.id}?n=${n}`).expect(200);
      return spy.sent();
    };
    const two = await counted(1);
    expect(two.filter((sql) => sql.includes('FROM "Rating"'))).toHaveLength(1);
    const more = await Promise.all([1, 2, 3].map(() => createCarrier()));
    await db().poolMember.createMany({ data: more.map((carrier) => ({ poolId: pool.id, carrierAccountId: carrier.accountId })) });
    const five = await counted(2);
    expect(five.length, five.join("\n")).toBe(two.length);
  });
});

describe("removing a carrier (DELETE /pools/:id/members/:account_id)", () => {
  beforeEach(async () => {
    await db().poolMember.create({ data: { poolId: pool.id, carrierAccountId: pennine.accountId } });
  });

  it("the shipper removes it: 303 back with a notice, audited, the carrier's kept list told", async () => {
    expect(await poolIdsOf(pennine.accountId)).toEqual([pool.id]);
    const { browser, csrf } = await signedInAgent(shipper.email);
    const response = await browser.post(`/pools/${pool.id}/members/${pennine.accountId}`).type("form").send({ _csrf: csrf, _method: "delete" });
    expect([response.status, response.headers.location]).toEqual([303, `/pools/${pool.id}`]);
    expect(await poolIdsOf(pennine.accountId)).toEqual([]);
    expect(pageText((await browser.get(`/pools/${pool.id}`)).text)).toContain(`Pennine Haulage ${word} removed from Chilled regulars`);
    expect(await db().auditLog.count({ where: { action: "pool.member_remove", actorId: shipper.id } })).toBe(1);
  });

  it("404 for a carrier not in the pool, a malformed id, another shipper's pool; 403 for the shipper's driver", async () => {
    const { browser, csrf } = await signedInAgent(shipper.email);
    for (const id of [severn.accountId, "x1", 0]) expect((await browser.delete(`/pools/${pool.id}/members/${id}`).type("form").send({ _csrf: csrf })).status).toBe(404);
    const other = await signedInAgent((await createShipper()).email);
    expect((await other.browser.delete(`/pools/${pool.id}/members/${pennine.accountId}`).type("form").send({ _csrf: other.csrf })).status).toBe(404);
    const driver = await signedInAgent((await createUser("shipper", { accountId: shipper.accountId, role: "driver" })).email);
    expect((await driver.browser.delete(`/pools/${pool.id}/members/${pennine.accountId}`).type("form").send({ _csrf: driver.csrf })).status).toBe(403);
    expect(await db().poolMember.count({ where: { poolId: pool.id } })).toBe(1);
  });
});

describe("the carrier's side", () => {
  it("lists the pools its company is in, with the shipper's name and a Leave button with a confirm", async () => {
    await db().poolMember.create({ data: { poolId: pool.id, carrierAccountId: pennine.accountId } });
    const member = await createUser("carrier", { accountId: pennine.accountId, role: "member" });
    const { browser } = await signedInAgent(member.email);
    const page = await browser.get("/pools").expect(200);
    expect(page.text).toContain("<h1>Pools you are in</h1>");
    const row = /<tr data-pool-id="(\d+)">([\s\S]*?)<\/tr>/.exec(page.text)!;
    expect(Number(row[1])).toBe(pool.id);
    expect(pageText(row[2]!)).toMatch(new RegExp(`^Northwind ${word} Chilled regulars .* Leave Northwind ${word}'s pool Chilled regulars$`));
    expect(row[2]).toContain(`action="/pools/${pool.id}/members/${pennine.accountId}"`);
    expect(row[2]).toContain("data-turbo-confirm=");
    expect((await signedInAgent(severn.email)).browser.get("/pools").then((r) => r.text)).resolves.toContain("You are not in any shipper's pool yet.");
  });

  it("leaves a pool: 303 to /pools with a notice, audited; again is 404; another carrier's id is 404", async () => {
    await db().poolMember.createMany({ data: [{ poolId: pool.id, carrierAccountId: pennine.accountId }, { poolId: pool.id, carrierAccountId: severn.accountId }] });
    const { browser, csrf } = await signedInAgent(pennine.email);
    expect((await browser.delete(`/pools/${pool.id}/members/${severn.accountId}`).type("form").send({ _csrf: csrf })).status).toBe(404);
    const response = await browser.post(`/pools/${pool.id}/members/${pennine.accountId}`).type("form").send({ _csrf: csrf, _method: "delete" });
    expect([response.status, response.headers.location]).toEqual([303, "/pools"]);
    expect(pageText((await browser.get("/pools")).text)).toContain(`You have left Northwind ${word}'s pool Chilled regulars`);
    expect(await poolIdsOf(pennine.accountId)).toEqual([]);
    expect(await poolIdsOf(severn.accountId)).toEqual([pool.id]);
    expect(await db().auditLog.count({ where: { action: "pool.member_leave", actorId: pennine.id } })).toBe(1);
    expect((await browser.delete(`/pools/${pool.id}/members/${pennine.accountId}`).type("form").send({ _csrf: csrf })).status).toBe(404);
  });

  it("a carrier's driver may neither list nor leave (403)", async () => {
    await db().poolMember.create({ data: { poolId: pool.id, carrierAccountId: pennine.accountId } });
    const driver = await createUser("carrier", { accountId: pennine.accountId, role: "driver" });
    const { browser, csrf } = await signedInAgent(driver.email);
    expect((await browser.get("/pools")).status).toBe(403);
    expect((await browser.delete(`/pools/${pool.id}/members/${pennine.accountId}`).type("form").send({ _csrf: csrf })).status).toBe(403);
    expect(await db().poolMember.count({ where: { poolId: pool.id } })).toBe(1);
  });
});
