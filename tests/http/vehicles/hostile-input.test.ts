import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { awardJob } from "#models/award.server.ts";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The vehicle routes with bodies no form would send (arbitrary form fields, nested the way qs reads
// them, and arbitrary JSON) and real and nonsense ids, as the carrier, its driver and the shipper:
// never a 5xx, and no vehicle stored that the form would refuse.
const RUNS_PER_ROUTE = 30;

type Who = "carrier" | "driver" | "shipper";
type Route = { method: "post" | "patch" | "delete"; path: (id: string) => string; as: Who };
const ROUTES: Route[] = [
  { method: "post", path: () => "/vehicles", as: "carrier" },
  { method: "patch", path: (id) => `/vehicles/${id}`, as: "carrier" },
  { method: "patch", path: (id) => `/loads/${id}/vehicle`, as: "carrier" },
  { method: "patch", path: (id) => `/loads/${id}/vehicle`, as: "driver" },
  { method: "patch", path: (id) => `/loads/${id}/vehicle`, as: "shipper" },
  { method: "delete", path: (id) => `/vehicles/${id}`, as: "shipper" },
];

const FIELDS = ["registration", "vehicle_type", "payload_kg", "euro_standard", "tail_lift", "temperature_controlled", "vehicle_id", "_method"];
const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("", "0", "-1", "1e308", "NaN", "99999999999999999999", "44,000", "AB12 CDE", "ab12cde", "artic", "euro_6", "1", "on", "<script>", "%00"),
);
const key = fc.oneof(fc.constantFrom(...FIELDS), fc.tuple(fc.constantFrom(...FIELDS), fc.constantFrom("0", "", "a")).map(([a, b]) => `${a}[${b}]`), fc.string({ maxLength: 10 }));
const formBody = fc.array(fc.tuple(key, text), { maxLength: 10 }).map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"));
const jsonBody = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.dictionary(fc.constantFrom(...FIELDS), fc.jsonValue({ maxDepth: 2 })));

let people: Record<Who, { agent: Agent; csrf: string }>;
let carrierAccountId: number;
let ids: string[];

beforeAll(async () => {
  const shipper = await createShipper();
  const carrier = await createCarrier();
  const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
  carrierAccountId = carrier.accountId;
  const job = await createJob(shipper.accountId, shipper.id);
  await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
  await awardJob(job.id);
  const load = await db().load.findFirstOrThrow({ where: { jobId: job.id } });
  await db().load.update({ where: { id: load.id }, data: { driverId: driver.id, status: "driver_assigned" } });
  const vehicle = await db().vehicle.create({ data: { accountId: carrier.accountId, registration: "AB12 CDE", vehicleType: "artic", payloadKg: 29_000, euroStandard: "euro_6" } });
  ids = [String(load.id), String(vehicle.id)];
  const signed = async (email: string) => {
    const { browser, csrf } = await signedInAgent(email);
    return { agent: browser, csrf };
  };
  people = { carrier: await signed(carrier.email), driver: await signed(driver.email), shipper: await signed(shipper.email) };
});

describe("vehicle routes, fuzzed", () => {
  it(`never answer 5xx (${ROUTES.length} routes × ${RUNS_PER_ROUTE} cases)`, async () => {
    const failures: string[] = [];
    const id = fc.oneof(fc.constantFrom(...ids), text.filter((s) => s !== "" && !/[/?#]/.test(s)));
    for (const route of ROUTES) {
      await fc.assert(
        fc.asyncProperty(id, fc.oneof(formBody.map((form) => ({ form })), jsonBody.map((json) => ({ json }))), async (target, body) => {
          const person = people[route.as];
          const request = person.agent[route.method](route.path(encodeURIComponent(target))).set("X-CSRF-Token", person.csrf);
          const response = "form" in body ? await request.type("form").send(body.form) : await request.set("Content-Type", "application/json").send(JSON.stringify(body.json));
          if (response.status >= 500) failures.push(`${route.method.toUpperCase()} ${route.path(target)} ${JSON.stringify(body).slice(0, 200)} → ${response.status}`);
          return response.status < 500;
        }),
        { numRuns: RUNS_PER_ROUTE, seed: 20261125 },
      ).catch(() => undefined);
    }
    expect(failures).toEqual([]);
    // Whatever was stored is what the form allows.
    for (const vehicle of await db().vehicle.findMany({ where: { accountId: carrierAccountId } })) {
      expect(vehicle.registration).toMatch(/^[A-Z0-9]{1,4} [A-Z0-9]{1,4}$/);
      expect(vehicle.payloadKg).toBeGreaterThanOrEqual(100);
      expect(vehicle.payloadKg).toBeLessThanOrEqual(44_000);
    }
  }, 300_000);
});
