import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { createSignInLimiter } from "#server/rate-limit.server.ts";
import { csrfTokenFor, signedInAgent, testApp, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper, createSupport, createUser } from "../../support/fixtures.ts";
import { formBody } from "../../support/job-fixtures.ts";
import { pruneDeliveryLog } from "#models/webhooks/log.server.ts";
import { addEndpoint } from "./webhook-fixtures.ts";

// The account's webhook pages: its admin's alone (403 for the rest of the account), another
// account's endpoint a 404 on every route, refused forms answered 422 with the message beside the
// field and nothing saved; in production (private addresses refused) an http or private address.

type Signed = { browser: Agent; csrf: string };
type User = Awaited<ReturnType<typeof createShipper>>;

const app = testApp({}, { signInLimiter: createSignInLimiter({ ipPoints: 1_000 }) });
const production = testApp({ WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: "false" }, { signInLimiter: createSignInLimiter({ ipPoints: 1_000 }) });

let shipper: User;
let carrier: User;
let admin: Signed;
let carrierAdmin: Signed;
let mine: number;
let theirs: number;
let theirDelivery: number;

beforeAll(async () => {
  shipper = await createShipper({ company: "Crunch Foods" });
  carrier = await createCarrier({ company: "Pennine Haulage" });
  [admin, carrierAdmin] = await Promise.all([signedInAgent(shipper.email, app), signedInAgent(carrier.email, app)]);
  mine = (await addEndpoint(admin, "https://hooks.crunch.example/loadline", ["job.published"])).id;
  theirs = (await addEndpoint(carrierAdmin, "https://hooks.pennine.example/loadline", ["quote.created"])).id;
  theirDelivery = (await db().webhookDelivery.create({ data: { endpointId: theirs, messageId: `msg_theirs_${theirs}`, event: "quote.created", payload: "{}", nextAttemptAt: null } })).id;
});

const post = (who: Signed, path: string, body: Record<string, unknown> = {}) => who.browser.post(path).type("form").send(formBody({ _csrf: who.csrf, ...body }));

describe("who may see the webhooks pages", () => {
  it.each(["member", "driver"] as const)("a %s of the account gets 403 on every page and action", async (role) => {
    const person = await createUser("shipper", { role, accountId: shipper.accountId });
    const who = await signedInAgent(person.email, app);
    expect((await who.browser.get("/account/webhooks")).status).toBe(403);
    expect((await who.browser.get(`/account/webhooks/${mine}`)).status).toBe(403);
    expect((await post(who, "/account/webhooks", { url: "https://a.example/h", events: ["job.published"] })).status).toBe(403);
    expect((await post(who, `/account/webhooks/${mine}/rotate`)).status).toBe(403);
  });

  it("the admin sees the list and an endpoint's page, which never shows its secret", async () => {
    const list = (await admin.browser.get("/account/webhooks").expect(200)).text;
    expect(list).toContain('<a href="/account/webhooks/' + mine + '">https://hooks.crunch.example/loadline</a>');
    expect(list).toContain("None yet");
    const page = (await admin.browser.get(`/account/webhooks/${mine}`).expect(200)).text;
    const { secret } = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: mine } });
    expect(page).not.toContain(secret);
    expect(page).toContain('name="events[]" value="job.published" checked');
  });

  it("offers each side only its own events", async () => {
    const shipperForm = (await admin.browser.get("/account/webhooks/new").expect(200)).text;
    const carrierForm = (await carrierAdmin.browser.get("/account/webhooks/new").expect(200)).text;
    expect(shipperForm).toContain('value="job.published"');
    expect(carrierForm).not.toContain('value="job.published"');
    expect(carrierForm).toContain('value="load.position"');
  });

  it.each([
    ["GET", ""], ["PATCH", ""], ["DELETE", ""], ["POST", "/rotate"], ["POST", "/enable"], ["POST", "/deliveries/1/retry"],
  ])("another account's endpoint is a 404: %s %s", async (method, tail) => {
    const path = `/account/webhooks/${theirs}${tail}`;
    const answer = method === "GET" ? await admin.browser.get(path) : await post(admin, path, { _method: method === "POST" ? undefined : method.toLowerCase(), events: ["job.published"] });
    expect(answer.status).toBe(404);
    expect(await db().webhookEndpoint.findUniqueOrThrow({ where: { id: theirs } })).toMatchObject({ url: "https://hooks.pennine.example/loadline", events: '["quote.created"]', previousSecret: null });
  });

  it.each(["abc", "0", "99999999999"])("an endpoint id %s is a 404", async (id) => {
    expect((await admin.browser.get(`/account/webhooks/${id}`)).status).toBe(404);
  });

  it("another endpoint's delivery cannot be sent again through one's own: 404", async () => {
    expect((await post(admin, `/account/webhooks/${mine}/deliveries/${theirDelivery}/retry`)).status).toBe(404);
    expect((await db().webhookDelivery.findUniqueOrThrow({ where: { id: theirDelivery } })).nextAttemptAt).toBeNull();
  });
});

describe("support impersonating the admin", () => {
  it("reads the pages but may not add, change, rotate or delete (403): a secret would outlast the impersonation", async () => {
    const support = await createSupport();
    const x = await signedInAgent(support.email, app);
    await x.browser.post("/admin/impersonations").type("form").send({ _csrf: x.csrf, user_id: shipper.id }).expect(303);
    const as = { browser: x.browser, csrf: await csrfTokenFor(x.browser, "/dashboard") };
    expect((await as.browser.get("/account/webhooks")).status).toBe(200);
    const before = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: mine } });
    for (const [path, body] of [["/account/webhooks", { url: "https://a.example/h", events: ["job.published"] }], [`/account/webhooks/${mine}/rotate`, {}], [`/account/webhooks/${mine}`, { _method: "delete" }]] as const) {
      const answer = await post(as, path, body);
      expect(answer.status).toBe(403);
      expect(answer.text).toContain("You cannot change webhooks while impersonating a user.");
    }
    expect(await db().webhookEndpoint.findUniqueOrThrow({ where: { id: mine } })).toEqual(before);
  });
});

describe("refused forms", () => {
  const count = () => db().webhookEndpoint.count({ where: { accountId: shipper.accountId } });

  it.each([
    { case: "no address", body: { url: "", events: ["job.published"] }, field: "url", message: "Enter an https address" },
    { case: "not an address", body: { url: "hooks dot example", events: ["job.published"] }, field: "url", message: "Enter an https address" },
    { case: "no event", body: { url: "https://a.example/h" }, field: "events", message: "Choose at least one event" },
    { case: "only the other side's events", body: { url: "https://a.example/h", events: ["load.position_x"] }, field: "events", message: "Choose at least one event" },
  ])("$case: 422, the message beside $field, nothing saved", async ({ body, field, message }) => {
    const before = await count();
    const answer = await post(admin, "/account/webhooks", body);
    expect(answer.status).toBe(422);
    expect(answer.text).toContain(`<p class="field-error" id="field_${field}_error">${message}</p>`);
    expect(answer.text).toContain("There is a problem");
    // The summary's link leads to the field (the first box of the events), which names its message.
    const target = field === "url" ? "field_url" : "field_events_job_published";
    expect(answer.text).toContain(`<a href="#${target}">${message}</a>`);
    expect(answer.text).toMatch(new RegExp(`id="${target}"[^>]*aria-describedby="[^"]*field_${field}_error" aria-invalid="true"`));
    expect(await count()).toBe(before);
  });

  it.each([
    { url: "http://hooks.crunch.example/loadline", message: "Enter an https address" },
    { url: "https://127.0.0.1/hooks", message: "That address is on a private network" },
    { url: "https://[fd00::1]/hooks", message: "That address is on a private network" },
    { url: "https://169.254.169.254/latest", message: "That address is on a private network" },
    { url: "https://localhost:8443/hooks", message: "That address is on a private network" },
  ])("in production $url is refused: $message", async ({ url, message }) => {
    const who = await signedInAgent(shipper.email, production);
    const before = await count();
    const answer = await post(who, "/account/webhooks", { url, events: ["job.published"] });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain(`<p class="field-error" id="field_url_error">${message}</p>`);
    expect(await count()).toBe(before);
  });

  it("changing the events: none is refused (422), some are saved", async () => {
    const refused = await post(admin, `/account/webhooks/${mine}`, { _method: "patch" });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('<p class="field-error" id="field_events_error">Choose at least one event</p>');
    const saved = await post(admin, `/account/webhooks/${mine}`, { _method: "patch", events: ["job.published", "invoice.paid"] });
    expect(saved.status).toBe(303);
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id: mine } })).events).toBe('["job.published","invoice.paid"]');
  });
});

describe("an endpoint's life", () => {
  it("is turned back on after being disabled, and deleted with its log", async () => {
    const { id } = await addEndpoint(admin, "https://hooks.crunch.example/other", ["job.published"]);
    await db().webhookEndpoint.update({ where: { id }, data: { disabledAt: new Date() } });
    expect((await admin.browser.get(`/account/webhooks/${id}`).expect(200)).text).toContain("Turn back on");
    expect((await post(admin, `/account/webhooks/${id}/enable`)).status).toBe(303);
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id } })).disabledAt).toBeNull();
    await db().webhookDelivery.create({ data: { endpointId: id, messageId: `msg_gone_${id}`, event: "job.published", payload: "{}" } });
    const deleted = await post(admin, `/account/webhooks/${id}`, { _method: "delete" });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.location).toBe("/account/webhooks");
    expect(await db().webhookEndpoint.count({ where: { id } })).toBe(0);
    expect(await db().webhookDelivery.count({ where: { endpointId: id } })).toBe(0);
  });

  it("an account has at most 20 endpoints: the 21st is refused (422) with the reason", async () => {
    const other = await createCarrier();
    const office = await signedInAgent(other.email, app);
    await db().webhookEndpoint.createMany({ data: Array.from({ length: 20 }, (_, n) => ({ accountId: other.accountId, createdById: other.id, url: `https://h.example/${n}`, events: '["quote.created"]', secret: "whsec_x" })) });
    const answer = await post(office, "/account/webhooks", { url: "https://h.example/21", events: ["quote.created"] });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain("<li>An account can have up to 20 endpoints: delete one you no longer use first</li>");
    expect(await db().webhookEndpoint.count({ where: { accountId: other.accountId } })).toBe(20);
  });

  it("keeps finished deliveries in the log for 30 days, and those still being tried however old", async () => {
    const { id } = await addEndpoint(admin, "https://hooks.crunch.example/log", ["job.published"]);
    const day = 86_400_000;
    const now = Date.now();
    const row = (name: string, data: Record<string, Date | null>) => db().webhookDelivery.create({ data: { endpointId: id, messageId: `msg_${name}_${id}`, event: "job.published", payload: "{}", nextAttemptAt: null, ...data } });
    await row("old_delivered", { deliveredAt: new Date(now - 31 * day) });
    await row("old_failed", { failedAt: new Date(now - 31 * day) });
    const kept = [
      await row("recent", { deliveredAt: new Date(now - 29 * day) }),
      await row("trying", { nextAttemptAt: new Date(now + day), createdAt: new Date(now - 40 * day) }),
    ];
    expect(await pruneDeliveryLog(new Date(now))).toBe(2);
    expect((await db().webhookDelivery.findMany({ where: { endpointId: id }, orderBy: { id: "asc" } })).map((d) => d.id)).toEqual(kept.map((d) => d.id));
  });
});
