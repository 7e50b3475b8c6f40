import { beforeAll, describe, expect, it } from "vitest";
import { officeOf } from "#domain/accounts/team.ts";
import { db } from "#db/client.server.ts";
import { readBoardFilters, boardQuery } from "#domain/jobs/board-filters.ts";
import { recordMatches } from "#models/saved-searches/matches.server.ts";
import { signedInAgent, testApp, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper, createSupport, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

type User = Awaited<ReturnType<typeof createCarrier>>;

let carrier: User;
let browser: Agent;
let csrf: string;

beforeAll(async () => {
  carrier = await createCarrier({ name: "Callum Carrier" });
  ({ browser, csrf } = await signedInAgent(carrier.email));
});

const save = (fields: Record<string, string>, as: { browser: Agent; csrf: string } = { browser, csrf }) =>
  as.browser.post("/saved_searches").type("form").send({ _csrf: as.csrf, ...fields });

const searchesOf = (userId: number) => db().savedSearch.findMany({ where: { userId }, orderBy: { id: "asc" } });

/** A fresh carrier office user, signed in. */
async function newCarrier(role: "admin" | "member" = "admin") {
  const user = role === "admin" ? await createCarrier() : await createUser("carrier", { role, accountId: (await createCarrier()).accountId });
  return { user, ...(await signedInAgent(user.email)) };
}

describe("POST /saved_searches: saving the board's filters", () => {
  it("keeps the filters under the name (not the page or order) and goes back to the board with a notice", async () => {
    const response = await save({ name: "  Curtain-siders   to Scotland ", delivery_region: "GB:Scotland", vehicle_type: "curtain_side", sort: "newest", page: "3" }).expect(303);
    expect(response.headers.location).toMatch(/^\/jobs\?delivery_region=GB%3AScotland&vehicle_type=curtain_side(&|$)/);
    expect(response.headers.location).not.toContain("page=");

    const [search] = await searchesOf(carrier.id);
    expect(search).toMatchObject({ name: "Curtain-siders to Scotland" });
    expect(JSON.parse(search!.filters)).toEqual({ delivery_region: "GB:Scotland", vehicle_type: "curtain_side" });

    const board = await browser.get(response.headers.location!).expect(200);
    expect(board.text).toContain("Saved search “Curtain-siders to Scotland” saved. We&#39;ll tell you when a new job matches.");
  });

  it("is open to a carrier's members as well as its admins", async () => {
    const member = await newCarrier("member");
    await save({ name: "Drums", load_type: "drums" }, member).expect(303);
    expect(await searchesOf(member.user.id)).toHaveLength(1);
  });

  it.each([
    ["a blank name", { name: "   ", load_type: "drums" }, "Enter a name for this search", true],
    ["no name at all", { load_type: "drums" }, "Enter a name for this search", true],
    ["a name over 60 characters", { name: "x".repeat(61), load_type: "drums" }, "Name must be 60 characters or fewer", true],
    ["no filters", { name: "Everything", sort: "newest", page: "2" }, "Choose at least one filter to save", false],
    ["only filters the board does not know", { name: "Nothing", vehicle_type: "spaceship", colour: "red" }, "Choose at least one filter to save", false],
  ])("refuses %s (422), the problem summarised and beside its field", async (_case, fields, message, besideName) => {
    const { user, ...as } = await newCarrier();
    const page = await save(fields, as).expect(422);
    expect(page.text).toContain("<title>Error: Save this search");
    expect(page.text).toContain("There is a problem");
    const summary = /<div class="form-error error-summary"[\s\S]*?<\/div>/.exec(page.text)?.[0] ?? "";
    expect(summary).toContain(message);
    if (besideName) {
      expect(summary).toContain(`<a href="#field_name">${message}</a>`);
      expect(page.text).toContain(`<p class="field-error" id="field_name_error">${message}</p>`);
      expect(page.text).toContain('aria-invalid="true"');
      // The filters ride along, so the corrected form saves them.
      expect(page.text).toContain('<input type="hidden" name="load_type" value="drums">');
    } else {
      expect(page.text).toContain('href="/jobs');
    }
    expect(await searchesOf(user.id)).toEqual([]);
  });

  it("keeps what was typed when the form comes back", async () => {
    const page = await save({ name: "x".repeat(61), delivery_region: "GB:Wales" }).expect(422);
    expect(page.text).toContain(`value="${"x".repeat(61)}"`);
    expect(page.text).toContain('<input type="hidden" name="delivery_region" value="GB:Wales">');
    expect(page.text).toContain("To Wales");
  });

  it("refuses a second search of the same name (in any case)", async () => {
    const as = await newCarrier();
    await save({ name: "Welsh loads", pickup_region: "GB:Wales" }, as).expect(303);
    const page = await save({ name: "WELSH LOADS", pickup_region: "GB:England" }, as).expect(422);
    expect(page.text).toContain("You already have a saved search with this name");
    expect(await searchesOf(as.user.id)).toHaveLength(1);
  });

  it("keeps at most 20 searches per user: the 21st is refused", async () => {
    const as = await newCarrier();
    await db().savedSearch.createMany({ data: Array.from({ length: 20 }, (_, i) => ({ userId: as.user.id, name: `Search ${i + 1}`, filters: '{"load_type":"drums"}' })) });
    const page = await save({ name: "One more", load_type: "ibc" }, as).expect(422);
    expect(page.text).toContain("You can save up to 20 searches. Delete one you no longer need to save another.");
    expect(await searchesOf(as.user.id)).toHaveLength(20);
    // Another user's searches do not count towards it.
    await save({ name: "One more", load_type: "ibc" }).expect(303);
  });
});

describe("GET /saved_searches", () => {
  it("lists each search: its name, what it filters, its new open jobs, a link to the board and a delete button", async () => {
    const as = await newCarrier();
    await save({ name: "Into France", delivery_region: "FR", load_type: "palletised" }, as).expect(303);
    await save({ name: "Welsh drums", pickup_region: "GB:Wales", load_type: "drums" }, as).expect(303);
    const [intoFrance] = await searchesOf(as.user.id);

    const shipper = await createShipper();
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Pallets to Lyon", delivery: { city: "Lyon", countryCode: "FR", region: null } });
    expect(await recordMatches(job.id)).toBeGreaterThanOrEqual(1);

    const page = await as.browser.get("/saved_searches").expect(200);
    expect(page.text).toContain("<h1>Saved searches</h1>");
    expect(page.text).toContain("2 saved searches of 20");
    const row = /<tr id="saved_search_\d+">[\s\S]*?<\/tr>/.exec(page.text)?.[0] ?? "";
    expect(row).toContain("Into France");
    expect(row).toContain("To France · palletised");
    expect(row).toContain("1 open job");
    expect(row).toContain('href="/jobs?delivery_region=FR&amp;load_type=palletised">Open on the board</a>');
    expect(row).toContain(`action="/saved_searches/${intoFrance!.id}"`);
    expect(row).toContain('name="_method" value="delete"');
    expect(page.text).toContain("From Wales · drums");
    expect(page.text).toContain("None yet");

    // A match whose job has left the board (cancelled, awarded) is no longer counted.
    await db().job.update({ where: { id: job.id }, data: { status: "cancelled" } });
    const after = await as.browser.get("/saved_searches").expect(200);
    expect(after.text).not.toContain("1 open job");
  });

  it("says when there are none yet", async () => {
    const as = await newCarrier();
    const page = await as.browser.get("/saved_searches").expect(200);
    expect(page.text).toContain("No saved searches yet.");
  });
});

describe("PATCH /saved_searches/:id: renaming", () => {
  it("renames one's own search, by the same rules as a new name", async () => {
    const as = await newCarrier();
    await save({ name: "Old name", load_type: "ibc" }, as).expect(303);
    const [search] = await searchesOf(as.user.id);
    const send = (name: string) => as.browser.post(`/saved_searches/${search!.id}`).type("form").send({ _csrf: as.csrf, _method: "patch", name });

    expect((await send("IBC loads")).headers.location).toBe("/saved_searches");
    expect((await searchesOf(as.user.id))[0]!.name).toBe("IBC loads");

    const refused = await send(" ").expect(422);
    expect(refused.text).toContain(`<a href="#field_name_${search!.id}">Enter a name for this search</a>`);
    expect(refused.text).toContain(`id="field_name_${search!.id}_error">Enter a name for this search</p>`);
    expect((await searchesOf(as.user.id))[0]!.name).toBe("IBC loads");
  });

  it("cannot rename another user's search (404)", async () => {
    const owner = await newCarrier();
    await save({ name: "Mine", load_type: "ibc" }, owner).expect(303);
    const [search] = await searchesOf(owner.user.id);
    await browser.post(`/saved_searches/${search!.id}`).type("form").send({ _csrf: csrf, _method: "patch", name: "Taken over" }).expect(404);
    expect((await searchesOf(owner.user.id))[0]!.name).toBe("Mine");
  });
});

describe("DELETE /saved_searches/:id", () => {
  it("deletes one's own search, its matches with it", async () => {
    const as = await newCarrier();
    await save({ name: "Short-lived", delivery_region: "DE" }, as).expect(303);
    const [search] = await searchesOf(as.user.id);
    const shipper = await createShipper();
    const job = await createJob(shipper.accountId, shipper.id, { delivery: { city: "Hamburg", countryCode: "DE", region: null } });
    await recordMatches(job.id);
    expect(await db().savedSearchMatch.count({ where: { savedSearchId: search!.id } })).toBe(1);

    const response = await as.browser.post(`/saved_searches/${search!.id}`).type("form").send({ _csrf: as.csrf, _method: "delete" }).expect(303);
    expect(response.headers.location).toBe("/saved_searches");
    expect(await searchesOf(as.user.id)).toEqual([]);
    expect(await db().savedSearchMatch.count({ where: { savedSearchId: search!.id } })).toBe(0);
    const list = await as.browser.get("/saved_searches").expect(200);
    expect(list.text).toContain("Saved search “Short-lived” deleted.");
  });

  it("answers 404 for another user's search (even a colleague's) and for one that does not exist", async () => {
    const owner = await newCarrier();
    await save({ name: "Not yours", delivery_region: "DE" }, owner).expect(303);
    const [search] = await searchesOf(owner.user.id);
    const colleague = await createUser("carrier", { role: "admin", accountId: owner.user.accountId });
    const other = await signedInAgent(colleague.email);
    for (const as of [{ browser, csrf }, other]) {
      await as.browser.post(`/saved_searches/${search!.id}`).type("form").send({ _csrf: as.csrf, _method: "delete" }).expect(404);
    }
    await browser.post("/saved_searches/999999").type("form").send({ _csrf: csrf, _method: "delete" }).expect(404);
    await browser.post("/saved_searches/abc").type("form").send({ _csrf: csrf, _method: "delete" }).expect(404);
    expect(await searchesOf(owner.user.id)).toHaveLength(1);
  });
});

describe("who keeps saved searches: carrier office users only", () => {
  it.each([
    ["a driver", async () => createUser("carrier", { role: "driver", accountId: carrier.accountId })],
    ["a shipper", async () => createShipper()],
    ["support", async () => createSupport()],
  ])("%s finds no such pages (404)", async (_who, make) => {
    const user = await make();
    const as = await signedInAgent(user.email);
    await as.browser.get("/saved_searches").expect(404);
    await save({ name: "Sneaky", load_type: "drums" }, as).expect(404);
    const [search] = await searchesOf(carrier.id);
    await as.browser.post(`/saved_searches/${search!.id}`).type("form").send({ _csrf: as.csrf, _method: "delete" }).expect(404);
    expect(await searchesOf(user.id)).toEqual([]);
  });
});

describe("views/saved_searches/_save_form.ejs (on the job board)", () => {
  const render = (locals: Record<string, unknown>) =>
    new Promise<string>((resolve, reject) => testApp().render("saved_searches/_save_form", { csrfToken: "token", office: officeOf(locals.currentUser as Parameters<typeof officeOf>[0]), ...locals }, (err, html) => (err ? reject(err) : resolve(html))));
  const filters = readBoardFilters({ delivery_region: "GB:Scotland", load_type: "drums", sort: "newest", page: "2" });

  it("offers a carrier's office the form: a name, and the board's filters hidden", async () => {
    const html = await render({ currentUser: carrier, filters, boardQuery });
    expect(html).toContain('<form action="/saved_searches" method="post"');
    expect(html).toContain('<label for="saved_search_name">Name this search</label>');
    expect(html).toContain('<input type="hidden" name="delivery_region" value="GB:Scotland">');
    expect(html).toContain('<input type="hidden" name="load_type" value="drums">');
    expect(html).not.toContain('name="page"');
    expect(html).toContain(">Save search</button>");
    // The query string itself works as well as the board's function.
    expect(await render({ currentUser: carrier, filters, boardQuery: "delivery_region=GB%3AScotland" })).toContain('<input type="hidden" name="delivery_region" value="GB:Scotland">');
  });

  it("asks for filters first when none are chosen", async () => {
    const html = await render({ currentUser: carrier, filters: readBoardFilters({}), boardQuery });
    expect(html).not.toContain("<form");
    expect(html).toContain("Choose filters above");
  });

  it("shows nothing to drivers, shippers or anyone signed out", async () => {
    const driver = await db().user.create({ data: { accountId: carrier.accountId, email: `d-${Date.now()}@test.example`, name: "D", role: "driver", passwordHash: "x" }, include: { account: true } });
    const shipper = await createShipper();
    for (const currentUser of [driver, shipper, null]) expect((await render({ currentUser, filters, boardQuery })).trim()).toBe("");
  });
});
