import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request } from "express";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { sgidFor } from "#models/messages.server.ts";
import { createSignInLimiter, WRITE_BUDGETS } from "#server/rate-limit.server.ts";
import { signedInAgent, testApp, type Agent, type TestApp } from "../../support/app.ts";
import { createCarrier, createShipper, createSupport, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// Every write route, as each kind of user, with bodies no form would send: arbitrary JSON, arbitrary
// form fields (nested the way qs reads `a[b][0]`), real and nonsense ids. Whatever arrives, the answer
// is never a 5xx, and every case reaches the route it was sent to (its own checks answer it, not the
// CSRF check, a body parser or a rate limit in front of every route).
const RUNS_PER_ROUTE = 40;

type Person = { agent: Agent; csrf: string };
type Ids = { job: number; load: number; quote: number; notification: number; sgid: string; carrierAccount: number };
type Route = { method: "post" | "patch" | "put" | "delete"; path: (id: string, ids: Ids) => string; as: "shipper" | "carrier" | "driver" | "support" | "visitor"; rawBody?: true };

const ROUTES: Route[] = [
  { method: "post", path: () => "/signup", as: "visitor" },
  { method: "post", path: () => "/signup/confirmation_letter", as: "visitor" },
  { method: "post", path: () => "/session", as: "visitor" },
  { method: "post", path: () => "/collect", as: "visitor" },
  { method: "post", path: () => "/api/v1/client_errors", as: "visitor" },
  { method: "patch", path: () => "/account", as: "shipper" },
  { method: "patch", path: () => "/account/email_preferences", as: "shipper" },
  { method: "post", path: () => "/account/billing", as: "shipper" },
  { method: "patch", path: () => "/account/billing", as: "carrier" },
  { method: "post", path: () => "/admin/impersonations", as: "support" },
  { method: "post", path: () => "/jobs", as: "shipper" },
  { method: "patch", path: (id) => `/jobs/${id}`, as: "shipper" },
  { method: "post", path: (id) => `/jobs/${id}/publication`, as: "shipper" },
  { method: "patch", path: (id) => `/jobs/${id}/allocation_rules`, as: "shipper" },
  { method: "post", path: (id) => `/jobs/${id}/award`, as: "shipper" },
  { method: "post", path: (id) => `/jobs/${id}/quotes`, as: "carrier" },
  { method: "patch", path: (id, ids) => `/jobs/${ids.job}/quotes/${id}`, as: "carrier" },
  { method: "delete", path: (id, ids) => `/jobs/${ids.job}/quotes/${id}`, as: "carrier" },
  { method: "post", path: (id) => `/jobs/${id}/secure_now`, as: "carrier" },
  { method: "post", path: (id) => `/jobs/${id}/messages`, as: "carrier" },
  { method: "patch", path: (id) => `/loads/${id}/driver`, as: "carrier" },
  { method: "patch", path: (id) => `/loads/${id}/status`, as: "driver" },
  { method: "post", path: (id) => `/loads/${id}/collection`, as: "driver" },
  { method: "delete", path: (id) => `/loads/${id}/collection`, as: "driver" },
  { method: "post", path: (id) => `/loads/${id}/positions`, as: "driver" },
  { method: "patch", path: (id) => `/loads/${id}/carrier`, as: "shipper" },
  { method: "post", path: () => "/loads_carrier_selector", as: "shipper" },
  { method: "post", path: (id) => `/loads/${id}/messages`, as: "shipper" },
  { method: "post", path: (id) => `/loads/${id}/proof_review`, as: "shipper" },
  { method: "post", path: (id) => `/invoices/${id}/payment`, as: "shipper" },
  { method: "post", path: (id) => `/invoices/${id}/receipt`, as: "carrier" },
  { method: "post", path: (id) => `/invoices/${id}/send`, as: "carrier" },
  { method: "post", path: (id) => `/invoices/${id}/credit_notes`, as: "carrier" },
  { method: "post", path: () => "/self_billing_agreements", as: "shipper" },
  { method: "post", path: (id) => `/self_billing_agreements/${id}/accept`, as: "carrier" },
  { method: "post", path: (id) => `/self_billing_agreements/${id}/decline`, as: "carrier" },
  { method: "post", path: (id) => `/self_billing_agreements/${id}/end`, as: "shipper" },
  { method: "post", path: (id) => `/loads/${id}/extra_charges`, as: "carrier" },
  { method: "post", path: (id, ids) => `/loads/${ids.load}/extra_charges/${id}/approve`, as: "shipper" },
  { method: "post", path: (id, ids) => `/loads/${ids.load}/extra_charges/${id}/refuse`, as: "shipper" },
  { method: "put", path: (id) => `/api/v1/messages/${id}/read.json`, as: "carrier" },
  { method: "post", path: () => "/api/v1/message_typing_event", as: "carrier" },
  { method: "patch", path: (id) => `/notifications/${id}`, as: "carrier" },
  { method: "post", path: (id) => `/jobs/${id}/cancellation`, as: "shipper" },
  { method: "post", path: () => "/team/invitations", as: "carrier" },
  { method: "delete", path: (id) => `/team/invitations/${id}`, as: "carrier" },
  { method: "patch", path: (id) => `/team/members/${id}`, as: "carrier" },
  { method: "delete", path: (id) => `/team/members/${id}`, as: "carrier" },
  { method: "post", path: (id) => `/invitations/${id}`, as: "visitor" },
  { method: "post", path: () => "/vehicles", as: "carrier" },
  { method: "patch", path: (id) => `/vehicles/${id}`, as: "carrier" },
  { method: "delete", path: (id) => `/vehicles/${id}`, as: "carrier" },
  { method: "patch", path: (id) => `/loads/${id}/vehicle`, as: "carrier" },
  { method: "post", path: () => "/saved_searches", as: "carrier" },
  { method: "patch", path: (id) => `/saved_searches/${id}`, as: "carrier" },
  { method: "delete", path: (id) => `/saved_searches/${id}`, as: "carrier" },
  { method: "post", path: () => "/support/messages", as: "shipper" },
  { method: "post", path: () => "/support/typing", as: "shipper" },
  { method: "post", path: (id) => `/admin/support/${id}/messages`, as: "support" },
  { method: "post", path: (id) => `/jobs/${id}/acceptance`, as: "carrier" },
  { method: "post", path: (id) => `/account/compliance/${id}`, as: "carrier" },
  { method: "post", path: (id) => `/companies/${id}/block`, as: "shipper" },
  { method: "delete", path: (id) => `/companies/${id}/block`, as: "carrier" },
  { method: "post", path: () => "/pools", as: "shipper" },
  { method: "patch", path: (id) => `/pools/${id}`, as: "shipper" },
  { method: "delete", path: (id) => `/pools/${id}`, as: "shipper" },
  { method: "post", path: (id) => `/pools/${id}/members`, as: "shipper" },
  { method: "delete", path: (id, ids) => `/pools/${id}/members/${ids.carrierAccount}`, as: "carrier" },
  { method: "delete", path: (id) => `/pools/${id}/invitations/${id}`, as: "shipper" },
  { method: "post", path: () => "/account/api_keys", as: "shipper" },
  { method: "delete", path: (id) => `/account/api_keys/${id}`, as: "shipper" },
  { method: "post", path: () => "/availability", as: "carrier" },
  { method: "delete", path: (id) => `/availability/${id}`, as: "carrier" },
  { method: "post", path: (id) => `/loads/${id}/delivery`, as: "driver" },
  { method: "post", path: (id) => `/loads/${id}/attachments`, as: "shipper" },
  { method: "post", path: () => "/api/v1/direct_uploads?use=photo", as: "shipper" },
  // The file's bytes, PUT to the URL its announcement gave: read raw, before any form or JSON parsing.
  { method: "put", path: (id) => `/api/v1/direct_uploads/${id}`, as: "shipper", rawBody: true },
  // A mail client's one-click unsubscribe: no session or CSRF token needed, its body never read.
  { method: "post", path: (id) => `/unsubscribe/${id}`, as: "visitor", rawBody: true },
];
const CASES = ROUTES.length * RUNS_PER_ROUTE;

// The run's own rate limits. One person here sends up to a thousand writes a minute, which the real
// budgets rightly refuse (rate-limits.test.ts proves they do, on the app every other test uses): here
// each budget holds the whole run, and the sign-in limiter's clock moves on a quarter of an hour at
// every reading, so each wrong password meets a forgotten address (its waits are the limiter's own tests).
const FUZZ_BUDGETS = WRITE_BUDGETS.map((budget) => ({ ...budget, points: CASES }));
let signInClock = Date.now();
const fuzzSignInLimiter = createSignInLimiter({ ipPoints: CASES, now: () => (signInClock += 15 * 60_000 + 1) });

/** The Express route a case met, by the id the case sends in a header: its method and path pattern, or null for none. */
const routeMet = new Map<string, string | null>();
const CASE_HEADER = "x-fuzz-case";

/** The app with the run's budgets, wrapped to note which route (if any) answered each case. */
function recordingApp(): TestApp {
  const app = testApp({}, { writeBudgets: FUZZ_BUDGETS, signInLimiter: fuzzSignInLimiter });
  return (req: IncomingMessage, res: ServerResponse) => {
    const caseId = req.headers[CASE_HEADER];
    if (typeof caseId === "string") res.on("finish", () => {
      const { route, method } = req as Request;
      routeMet.set(caseId, route ? `${method} ${String(route.path)}` : null);
    });
    app(req, res);
  };
}

/** Whether the route met is the one the case was sent to: same method, and its pattern's fixed segments match the path. */
function reachedOwnRoute(route: Route, path: string, met: string | null | undefined): boolean {
  if (!met) return false;
  const [method, pattern = ""] = met.split(" ");
  const wanted = path.split("?")[0]!.split("/");
  const parts = pattern.split("/");
  return method === route.method.toUpperCase() && parts.length === wanted.length && parts.every((part, i) => part.startsWith(":") || part === wanted[i]);
}

const FIELD_NAMES = ["job", "reference", "price", "number_of_loads", "status", "driver_id", "carrier_account_id", "pickup_date", "body", "email", "password",
  "current_password", "user_id", "job_id", "load_id", "to_account_id", "address", "date", "name", "data", "message", "first_bid_percentage", "_method", "publish"];
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("", "0", "-1", "1e308", "NaN", "Infinity", "0x1", "1.5", "99999999999999999999", "<script>", "%00", "[object Object]"));
const formKey = fc.oneof(
  fc.constantFrom(...FIELD_NAMES),
  fc.tuple(fc.constantFrom("job", "address", "job[pickups]", "job[deliveries]"), fc.oneof(fc.nat(30).map(String), fc.constantFrom(...FIELD_NAMES, "city", "window_date", "1700000000"))).map(([a, b]) => `${a}[${b}]`),
  fc.string({ maxLength: 12 }),
);
const formBody = fc.array(fc.tuple(formKey, text), { maxLength: 12 }).map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"));
// JSON objects only: every write's body is read as an object before any route, and anything else is
// refused there (see "bodies that are not a JSON object" below), so it could never reach a route.
const jsonBody = fc.oneof(fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })), fc.dictionary(fc.constantFrom(...FIELD_NAMES), fc.jsonValue({ maxDepth: 2 })));
const idFor = (ids: Ids) => fc.oneof(fc.constantFrom(String(ids.job), String(ids.load), String(ids.quote), String(ids.notification), ids.sgid), text.filter((s) => s !== "" && !s.includes("/") && !s.includes("?") && !s.includes("#")));

let people: Record<Route["as"], Person>;
let ids: Ids;

beforeAll(async () => {
  const app = recordingApp();
  const shipper = await createShipper();
  const carrier = await createCarrier();
  const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
  const job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 2, numberOfLoads: 2 });
  const quote = await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 2, status: "active" } });
  await awardJob(job.id);
  const load = await db().load.findFirstOrThrow({ where: { jobId: job.id } });
  await db().load.update({ where: { id: load.id }, data: { driverId: driver.id, status: "driver_assigned" } });
  const message = await db().message.create({ data: { jobId: job.id, loadId: load.id, fromUserId: shipper.id, fromAccountId: shipper.accountId, toAccountId: carrier.accountId, body: "hi" } });
  const notification = await db().notification.create({ data: { userId: carrier.id, kind: "message", title: "t", body: "b" } });
  ids = { job: job.id, load: load.id, quote: quote.id, notification: notification.id, sgid: sgidFor(message.id), carrierAccount: carrier.accountId };
  const signed = async (email: string) => {
    const { browser, csrf } = await signedInAgent(email, app);
    return { agent: browser, csrf };
  };
  const visitor = await signedInAgent((await createShipper()).email, app);
  await visitor.browser.delete("/session").set("X-CSRF-Token", visitor.csrf);
  const visitorCsrf = /<meta name="csrf-token" content="([^"]+)"/.exec((await visitor.browser.get("/login")).text)![1]!;
  people = {
    shipper: await signed(shipper.email),
    carrier: await signed(carrier.email),
    driver: await signed(driver.email),
    support: await signed((await createSupport()).email),
    visitor: { agent: visitor.browser, csrf: visitorCsrf },
  };
});

describe("every write route, fuzzed", () => {
  it(`never answers 5xx, and every case reaches its route (${ROUTES.length} routes × ${RUNS_PER_ROUTE} cases)`, async () => {
    const failures: string[] = [];
    const turnedAway: string[] = [];
    let cases = 0;
    const statuses = new Map<number, number>();
    const reach: { route: string; reached: number; cases: number; answers: string }[] = [];
    for (const route of ROUTES) {
      const mine = { reached: 0, cases: 0, statuses: new Map<number, number>() };
      await fc.assert(
        fc.asyncProperty(idFor(ids), fc.oneof(formBody.map((body) => ({ form: body })), jsonBody.map((body) => ({ json: body }))), async (id, body) => {
          const person = people[route.as];
          const path = route.path(encodeURIComponent(id), ids);
          const caseId = String((cases += 1));
          const request = person.agent[route.method](path).set("X-CSRF-Token", person.csrf).set(CASE_HEADER, caseId);
          const response = "form" in body ? await request.type("form").send(body.form) : await request.set("Content-Type", "application/json").send(JSON.stringify(body.json));
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          mine.statuses.set(response.status, (mine.statuses.get(response.status) ?? 0) + 1);
          mine.cases += 1;
          const described = `${route.method.toUpperCase()} ${route.path(id, ids)} ${JSON.stringify(body).slice(0, 200)} → ${response.status}`;
          if (reachedOwnRoute(route, path, routeMet.get(caseId))) mine.reached += 1;
          else turnedAway.push(`${described} (met ${routeMet.get(caseId) ?? "no route"})`);
          if (response.status >= 500) failures.push(described);
          return response.status < 500;
        }),
        { numRuns: RUNS_PER_ROUTE, seed: 20261125 },
      ).catch(() => undefined);
      const answers = [...mine.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(" ");
      reach.push({ route: `${route.method.toUpperCase()} ${route.path(":id", ids)} (${route.as})`, reached: mine.reached, cases: mine.cases, answers });
    }
    const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(", ");
    console.log(`fuzz: ${cases} cases over ${ROUTES.length} write routes (${answers}), ${failures.length} answers of 500 or above`);
    console.table(reach);
    if (failures.length) console.log(failures.join("\n"));
    expect(statuses.get(429) ?? 0).toBe(0);
    expect(turnedAway).toEqual([]);
    expect(reach.every((row) => row.cases === RUNS_PER_ROUTE)).toBe(true);
    expect(failures).toEqual([]);
  }, 600_000);

  it("answers a JSON body that is not an object before any route, with 400 or 422 and never 5xx", async () => {
    const misses: string[] = [];
    for (const route of ROUTES.filter((r) => !r.rawBody)) {
      const person = people[route.as];
      for (const body of ["null", '"text"', "42", "[]", '[{"body":"hi"}]']) {
        const caseId = `non-object ${route.method} ${route.path("1", ids)} ${body}`;
        const response = await person.agent[route.method](route.path(String(ids.job), ids)).set("X-CSRF-Token", person.csrf).set(CASE_HEADER, caseId).set("Content-Type", "application/json").send(body);
        if (![400, 422].includes(response.status) || routeMet.get(caseId) !== null) misses.push(`${caseId} → ${response.status} (met ${routeMet.get(caseId) ?? "no route"})`);
      }
    }
    expect(misses).toEqual([]);
  });
});
