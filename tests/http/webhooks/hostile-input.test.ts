import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { createSignInLimiter, WRITE_BUDGETS } from "#server/rate-limit.server.ts";
import { signedInAgent, testApp, type Agent } from "../../support/app.ts";
import { createShipper } from "../../support/fixtures.ts";
import { addEndpoint } from "./webhook-fixtures.ts";

// Every webhooks write with bodies no form would send (arbitrary fields, nested the way qs reads
// `a[b][0]`, arrays where a string belongs, JSON of any shape) and real and nonsense ids: never a 5xx.

const RUNS = 40;
const ROUTES = ["POST /account/webhooks", "PATCH /account/webhooks/:id", "DELETE /account/webhooks/:id", "POST /account/webhooks/:id/rotate",
  "POST /account/webhooks/:id/enable", "POST /account/webhooks/:id/deliveries/:id/retry"];
const budgets = WRITE_BUDGETS.map((budget) => ({ ...budget, points: ROUTES.length * RUNS * 2 }));
const app = testApp({}, { writeBudgets: budgets, signInLimiter: createSignInLimiter({ ipPoints: 100 }) });

let admin: { browser: Agent; csrf: string };
let endpointId: number;

beforeAll(async () => {
  const shipper = await createShipper();
  admin = await signedInAgent(shipper.email, app);
  endpointId = (await addEndpoint(admin, "https://hooks.example.com/a", ["job.published"])).id;
});

const text = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom("", "job.published", "https://[::1]", "http://", "https://a", "%00", "whsec_", "x".repeat(2_100)));
const key = fc.oneof(fc.constantFrom("url", "events", "events[]", "events[0]", "events[a]", "url[]", "url[a]", "_method"), fc.string({ maxLength: 10 }));
const form = fc.array(fc.tuple(key, text), { maxLength: 10 }).map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"));
const json = fc.dictionary(fc.constantFrom("url", "events", "other"), fc.jsonValue({ maxDepth: 2 }));
const id = fc.oneof(fc.constant("me"), fc.constantFrom("0", "-1", "abc", "99999999999", "1.5", "%20"), fc.nat(50).map(String));

describe("the webhooks routes with hostile input", () => {
  it.each(ROUTES)("%s never answers 5xx", async (route) => {
    const [method, pattern] = route.split(" ") as [string, string];
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(id, id, fc.oneof(form.map((body) => ({ type: "form", body })), json.map((body) => ({ type: "json", body }))), async (a, b, { type, body }) => {
        const path = pattern.replace(":id", a === "me" ? String(endpointId) : a).replace(":id", b === "me" ? "1" : b);
        const request = admin.browser[method.toLowerCase() as "post" | "patch" | "delete"](path).set("X-CSRF-Token", admin.csrf).type(type);
        const answer = await request.send(body as never);
        statuses.add(answer.status);
        expect(answer.status).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    // The cases reached the route's own checks, not only the CSRF check in front of it.
    expect([...statuses].some((status) => status !== 403)).toBe(true);
  });
});
