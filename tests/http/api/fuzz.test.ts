import express from "express";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { API_ROUTES } from "#domain/api/routes.ts";
import { expressPath } from "#domain/api/route-spec.ts";
import { apiRouter } from "#routes/api/index.server.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { keyFor, listening } from "../../support/api-client.ts";

// Every endpoint, as a shipper's, a carrier's and a driver's key, with bodies, queries and ids no
// client would send: whatever arrives, the answer is a problem document or a success, never a 5xx.
const RUNS_PER_ROUTE = 25;

let origin: string;
let keys: string[];
let jobId: number;

beforeAll(async () => {
  origin = await listening(express().use("/api/v2", apiRouter({ redis: null, budget: { points: 1_000_000, seconds: 60 } })));
  const shipper = await createShipper();
  const carrier = await createCarrier();
  const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
  jobId = (await createJob(shipper.accountId, shipper.id)).id;
  keys = [await keyFor(shipper), await keyFor(carrier), await keyFor(driver)];
});

const json = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom("reference", "price", "number_of_loads", "pickups", "publish", "driver_id", "lat", "recorded_at", "blob", "recipient_name", "confirmed"), fc.jsonValue()));
const ids = fc.oneof(fc.constantFrom("1", "0", "-1", "abc", "99999999999", "1.5", "%00"), fc.nat().map(String));
const queries = fc.dictionary(fc.constantFrom("limit", "cursor", "status", "updated_since", "job_id", "use"), fc.string({ maxLength: 20 }));

describe("hostile input to /api/v2", () => {
  for (const [id, spec] of Object.entries(API_ROUTES)) {
    it(`${spec.method.toUpperCase()} ${spec.path} never answers 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(json, ids, queries, fc.nat({ max: 2 }), fc.boolean(), async (body, pathId, query, who, useJob) => {
          const path = expressPath(spec.path).replace(":id", encodeURIComponent(useJob ? String(jobId) : pathId));
          const url = `${origin}/api/v2${path}?${new URLSearchParams(query)}`;
          const response = await fetch(url, {
            method: spec.method.toUpperCase(),
            headers: { authorization: `Bearer ${keys[who]}`, "content-type": "application/json" },
            body: spec.method === "get" ? undefined : JSON.stringify(body),
          });
          const text = await response.text();
          expect(response.status, `${id} ${url} ${JSON.stringify(body)}: ${text}`).toBeLessThan(500);
          if (response.status >= 400) expect(JSON.parse(text)).toMatchObject({ status: response.status, detail: expect.any(String) });
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    });
  }
});
