import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob, jobFormBody } from "../../support/job-fixtures.ts";
import { apiClient, clientFor, keyFor, type ApiClient } from "../../support/api-client.ts";
import type { components } from "../../support/api-schema.d.ts";

let shipper: Awaited<ReturnType<typeof createShipper>>;
let api: ApiClient;

beforeAll(async () => {
  shipper = await createShipper({ company: "API Test Foods" });
  api = await clientFor(shipper);
});

/** The job form's answers as a JSON body (a single load of 20 EU pallets, Leeds to Bristol). */
const jobBody = (overrides: Record<string, unknown> = {}) => ({ ...jobFormBody().job, is_auction: false, ...overrides }) as components["schemas"]["JobCreate"];

describe("POST /api/v2/jobs", () => {
  it("publishes a job with the form's rules, answering it in snake_case with money in pence", async () => {
    const { response, data } = await api.POST("/jobs", { body: { ...jobBody({ reference: "API pallets", waiting_rate: "45" }), publish: true } });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({
      reference: "API pallets", status: "open", job_type: "single", load_type: "palletised", expected_quantity: 1,
      vehicle_types: ["curtain_side", "artic"], waiting_rate: { amount_pence: 4500, currency: "GBP" },
      pickups: [{ city: "Leeds", post_code: "LS1 4AP", window_date: "2031-03-03", window_from: "08:00", window_to: "12:00" }],
      deliveries: [{ city: "Bristol", window_date: "2031-03-04" }],
    });
    expect(data!.published_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const stored = await db().job.findUniqueOrThrow({ where: { id: data!.id } });
    expect(stored).toMatchObject({ shipperAccountId: shipper.accountId, createdById: shipper.id, status: "open" });
  });

  it("saves a draft when not told to publish; a draft needs only its reference", async () => {
    const { response, data } = await api.POST("/jobs", { body: { reference: "Half finished" } });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ reference: "Half finished", status: "draft", published_at: null });
  });

  it("refuses what the form refuses, with the form's messages under the form's field names (422)", async () => {
    const before = await db().job.count();
    const { response, error } = await api.POST("/jobs", { body: { ...jobBody({ reference: "" }), publish: true } });
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(error).toMatchObject({ type: "/developers#problem-invalid", title: "The request has problems", status: 422, detail: "Enter a reference for the job" });
    expect(error!.errors).toContainEqual({ field: "reference", message: "Enter a reference for the job" });
    expect(await db().job.count()).toBe(before);
  });

  it("names a problem in a pickup by its path", async () => {
    const pickup = { city: "Leeds", post_code: "LS1 4AP", country_code: "GB", window_date: "not a date", window_from: "08:00" };
    const { response, error } = await api.POST("/jobs", { body: { ...jobBody({ pickups: [pickup] }), publish: true } });
    expect(response.status).toBe(422);
    expect(error!.errors!.map((e) => e.field)).toContain("pickups.0.window_date");
  });

  it("refuses fields the form does not have", async () => {
    const { response, error } = await api.POST("/jobs", { body: { reference: "X", colour: "red" } as never });
    expect(response.status).toBe(422);
    expect(error!.errors).toEqual([{ field: "body", message: "Unknown field: colour" }]);
  });

  it("answers broken JSON with 400, and a body that is not JSON with 415", async () => {
    const key = await keyFor(shipper);
    const raw = await apiClient(key);
    const broken = await raw.POST("/jobs", { body: "{" as never, bodySerializer: (body) => body as string });
    expect(broken.response.status).toBe(400);
    expect(broken.error).toMatchObject({ status: 400, detail: "The body is not valid JSON" });
    const text = await raw.POST("/jobs", { body: "reference=x" as never, bodySerializer: (body) => body as string, headers: { "Content-Type": "text/plain" } });
    expect(text.response.status).toBe(415);
    const list = await raw.POST("/jobs", { body: [] as never });
    expect(list.response.status).toBe(422);
  });

  it("is the shipper office's work: a carrier's key is refused (403)", async () => {
    const carrier = await createCarrier();
    const { response, error } = await (await clientFor(carrier)).POST("/jobs", { body: { reference: "Not mine" } });
    expect(response.status).toBe(403);
    expect(error!.detail).toBe("Only a shipper's office can post and change jobs");
  });

  it("needs jobs:write, and says so", async () => {
    const reader = await clientFor(shipper, ["jobs:read"]);
    const { response, error } = await reader.POST("/jobs", { body: { reference: "X" } });
    expect(response.status).toBe(403);
    expect(error).toMatchObject({ status: 403, detail: "This key lacks the scope jobs:write", title: "This key may not do that" });
  });
});

describe("GET /api/v2/jobs", () => {
  it("lists the shipper's own jobs newest first, a page at a time with next_cursor", async () => {
    const other = await createShipper();
    await createJob(other.accountId, other.id, { reference: "Someone else's" });
    const owner = await createShipper();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await createJob(owner.accountId, owner.id, { reference: `Paged ${i}` }));
    const client = await clientFor(owner, ["jobs:read"]);
    const first = await client.GET("/jobs", { params: { query: { limit: "2" } } });
    expect(first.data!.data.map((job) => job.reference)).toEqual(["Paged 4", "Paged 3"]);
    expect(first.data!.next_cursor).toEqual(expect.any(String));
    const second = await client.GET("/jobs", { params: { query: { limit: "2", cursor: first.data!.next_cursor! } } });
    expect(second.data!.data.map((job) => job.reference)).toEqual(["Paged 2", "Paged 1"]);
    const third = await client.GET("/jobs", { params: { query: { limit: "2", cursor: second.data!.next_cursor! } } });
    expect(third.data!.data.map((job) => job.reference)).toEqual(["Paged 0"]);
    expect(third.data!.next_cursor).toBeNull();
  });

  it("filters by status and updated_since", async () => {
    const owner = await createShipper();
    await createJob(owner.accountId, owner.id, { reference: "Draft one", status: "draft", publishedAt: null });
    await createJob(owner.accountId, owner.id, { reference: "Open one" });
    const client = await clientFor(owner, ["jobs:read"]);
    const drafts = await client.GET("/jobs", { params: { query: { status: "draft" } } });
    expect(drafts.data!.data.map((job) => job.reference)).toEqual(["Draft one"]);
    const later = await client.GET("/jobs", { params: { query: { updated_since: new Date(Date.now() + 60_000).toISOString() } } });
    expect(later.data!.data).toEqual([]);
  });

  it("refuses unreadable filters with each field's message (422)", async () => {
    const { response, error } = await api.GET("/jobs", { params: { query: { limit: "1000", cursor: "nonsense", updated_since: "yesterday" } } });
    expect(response.status).toBe(422);
    expect(error!.errors).toEqual([
      { field: "updated_since", message: "Give updated_since as an ISO 8601 time, for example 2027-03-01T09:00:00Z" },
      { field: "cursor", message: "The cursor is not one this API gave out" },
      { field: "limit", message: "Give a limit from 1 to 100" },
    ]);
  });

  it("gives a carrier's key the jobs it may see, not drafts nor a blocked shipper's", async () => {
    const owner = await createShipper();
    const open = await createJob(owner.accountId, owner.id, { reference: "On the board" });
    const draft = await createJob(owner.accountId, owner.id, { reference: "A draft", status: "draft", publishedAt: null });
    const carrier = await createCarrier();
    const { data } = await (await clientFor(carrier, ["jobs:read"])).GET("/jobs", { params: { query: { limit: "100" } } });
    const ids = data!.data.map((job) => job.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(draft.id);
  });

  it("gives a pool's carrier the jobs offered to its pool; a carrier outside it neither lists nor reads them (404)", async () => {
    const owner = await createShipper();
    const member = await createCarrier();
    const outsider = await createCarrier();
    const pool = await db().pool.create({ data: { shipperAccountId: owner.accountId, name: "API regulars", createdById: owner.id } });
    await db().poolMember.create({ data: { poolId: pool.id, carrierAccountId: member.accountId } });
    const job = await createJob(owner.accountId, owner.id, { reference: "Pool only", audience: "pools", onMarket: false });
    await db().jobPool.create({ data: { jobId: job.id, poolId: pool.id } });
    const listed = async (carrier: typeof member) =>
      (await (await clientFor(carrier, ["jobs:read"])).GET("/jobs", { params: { query: { limit: "100" } } })).data!.data.map((row) => row.id);
    expect(await listed(member)).toContain(job.id);
    expect(await listed(outsider)).not.toContain(job.id);
    expect((await (await clientFor(member, ["jobs:read"])).GET("/jobs/{id}", { params: { path: { id: job.id } } })).response.status).toBe(200);
    expect((await (await clientFor(outsider, ["jobs:read"])).GET("/jobs/{id}", { params: { path: { id: job.id } } })).response.status).toBe(404);
  });

  it("refuses a shipper's driver (403): drivers see only their loads", async () => {
    const driver = await createUser("shipper", { role: "driver", accountId: shipper.accountId });
    const { response, error } = await (await clientFor(driver)).GET("/jobs");
    expect(response.status).toBe(403);
    expect(error!.detail).toBe("A shipper's driver sees only the loads they drive: use /loads");
  });

  it("needs jobs:read", async () => {
    const { response, error } = await (await clientFor(shipper, ["quotes:read"])).GET("/jobs");
    expect(response.status).toBe(403);
    expect(error!.detail).toBe("This key lacks the scope jobs:read");
  });
});

describe("GET, PATCH and cancel /api/v2/jobs/{id}", () => {
  it("reads the shipper's own job; another shipper's is 404", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Readable" });
    const { data } = await api.GET("/jobs/{id}", { params: { path: { id: job.id } } });
    expect(data).toMatchObject({ id: job.id, reference: "Readable", status: "open" });
    const other = await createShipper();
    const { response, error } = await (await clientFor(other)).GET("/jobs/{id}", { params: { path: { id: job.id } } });
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ status: 404, detail: "Not found" });
    const nonsense = await api.GET("/jobs/{id}", { params: { path: { id: "abc" as never } } });
    expect(nonsense.response.status).toBe(404);
  });

  it("lets a carrier read a job on the board, not a draft (404); nor change it (403)", async () => {
    const open = await createJob(shipper.accountId, shipper.id, { reference: "Board job" });
    const draft = await createJob(shipper.accountId, shipper.id, { reference: "Hidden draft", status: "draft", publishedAt: null });
    const carrierApi = await clientFor(await createCarrier());
    expect((await carrierApi.GET("/jobs/{id}", { params: { path: { id: open.id } } })).data).toMatchObject({ id: open.id, reference: "Board job" });
    expect((await carrierApi.GET("/jobs/{id}", { params: { path: { id: draft.id } } })).response.status).toBe(404);
    const change = await carrierApi.PATCH("/jobs/{id}", { params: { path: { id: open.id } }, body: { reference: "Mine" } });
    expect(change.response.status).toBe(403);
    expect(change.error!.detail).toBe("Only a shipper's office can post and change jobs");
  });

  it("changes only the fields sent, with the form's rules", async () => {
    const created = (await api.POST("/jobs", { body: { ...jobBody({ reference: "Before" }), publish: true } })).data!;
    const { response, data } = await api.PATCH("/jobs/{id}", { params: { path: { id: created.id } }, body: { reference: "After" } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ reference: "After", status: "open", pickups: [{ city: "Leeds" }] });
    const refused = await api.PATCH("/jobs/{id}", { params: { path: { id: created.id } }, body: { reference: "" } });
    expect(refused.response.status).toBe(422);
    expect(refused.error!.errors).toEqual([{ field: "reference", message: "Enter a reference for the job" }]);
  });

  it("replaces the pickups when they are sent", async () => {
    const created = (await api.POST("/jobs", { body: { ...jobBody(), publish: true } })).data!;
    const pickup = { city: "York", post_code: "YO1 7HH", region: "England", country_code: "GB", latitude: "53.96", longitude: "-1.08", window_date: "2031-03-03", window_from: "08:00", window_to: "12:00" };
    const { data } = await api.PATCH("/jobs/{id}", { params: { path: { id: created.id } }, body: { pickups: [pickup] } });
    expect(data!.pickups.map((p) => p.city)).toEqual(["York"]);
    expect(await db().jobLocation.count({ where: { jobId: created.id, kind: "pickup" } })).toBe(1);
  });

  it("publishes a draft", async () => {
    const draft = (await api.POST("/jobs", { body: { ...jobBody({ reference: "Draft to publish" }) } })).data!;
    expect(draft.status).toBe("draft");
    const { data } = await api.PATCH("/jobs/{id}", { params: { path: { id: draft.id } }, body: { publish: true } });
    expect(data!.status).toBe("open");
  });

  it("refuses a change once a quote is accepted (409), as the page does", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Accepted" });
    const carrier = await createCarrier();
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 50_000, numberOfLoads: 1, status: "accepted" } });
    const { response, error } = await api.PATCH("/jobs/{id}", { params: { path: { id: job.id } }, body: { reference: "Too late" } });
    expect(response.status).toBe(409);
    expect(error!.detail).toBe("This job can no longer be changed: a quote has been accepted.");
  });

  it("cancels a job before award; a second cancel is a conflict; another shipper's is 404", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { reference: "To cancel" });
    const other = await createShipper();
    expect((await (await clientFor(other)).POST("/jobs/{id}/cancel", { params: { path: { id: job.id } } })).response.status).toBe(404);
    const { response, data } = await api.POST("/jobs/{id}/cancel", { params: { path: { id: job.id } } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: job.id, status: "cancelled" });
    const again = await api.POST("/jobs/{id}/cancel", { params: { path: { id: job.id } } });
    expect(again.response.status).toBe(409);
    expect(again.error!.detail).toBe("This job can no longer be cancelled");
    const changed = await api.PATCH("/jobs/{id}", { params: { path: { id: job.id } }, body: { reference: "Back" } });
    expect(changed.error!.detail).toBe("A cancelled job cannot be changed. Post it again instead.");
  });

  it("lets another shipper neither change nor read the job (404)", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    const other = await clientFor(await createShipper());
    expect((await other.PATCH("/jobs/{id}", { params: { path: { id: job.id } }, body: { reference: "Mine now" } })).response.status).toBe(404);
  });
});
