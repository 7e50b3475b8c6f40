import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { clientFor, type ApiClient } from "../../support/api-client.ts";

let shipper: Awaited<ReturnType<typeof createShipper>>;
let carrier: Awaited<ReturnType<typeof createCarrier>>;
let shipperApi: ApiClient;
let carrierApi: ApiClient;

beforeAll(async () => {
  shipper = await createShipper();
  carrier = await createCarrier({ company: "API Haulage" });
  shipperApi = await clientFor(shipper);
  carrierApi = await clientFor(carrier);
});

const price = (pounds: number) => ({ amount_pence: pounds * 100, currency: "GBP" as const });

describe("quotes through the API", () => {
  it("lets a carrier place its quote, and change it by placing again", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    const placed = await carrierApi.POST("/jobs/{id}/quotes", { params: { path: { id: job.id } }, body: { price: price(450), number_of_loads: 1 } });
    expect(placed.response.status).toBe(201);
    expect(placed.data).toMatchObject({ job_id: job.id, carrier: { id: carrier.accountId, name: "API Haulage" }, price: { amount_pence: 45_000, currency: "GBP" }, number_of_loads: 1, status: "active" });
    const changed = await carrierApi.POST("/jobs/{id}/quotes", { params: { path: { id: job.id } }, body: { price: price(420), number_of_loads: 1 } });
    expect(changed.data).toMatchObject({ id: placed.data!.id, price: { amount_pence: 42_000 } });
    expect(await db().quote.count({ where: { jobId: job.id } })).toBe(1);
  });

  it("refuses a quote with the page's messages (422)", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    const pence = await carrierApi.POST("/jobs/{id}/quotes", { params: { path: { id: job.id } }, body: { price: { amount_pence: 45_050, currency: "GBP" }, number_of_loads: 1 } });
    expect(pence.response.status).toBe(422);
    expect(pence.error!.errors).toEqual([{ field: "price", message: "Enter your price in whole pounds" }]);
    const loads = await carrierApi.POST("/jobs/{id}/quotes", { params: { path: { id: job.id } }, body: { price: price(450), number_of_loads: 3 } });
    expect(loads.error!.errors).toEqual([{ field: "number_of_loads", message: "This job has 1 load; bid for that many or fewer" }]);
  });

  it("refuses a quote on a job no longer taking quotes, with the page's reason", async () => {
    const job = await createJob(shipper.accountId, shipper.id, { status: "awarded" });
    const { response, error } = await carrierApi.POST("/jobs/{id}/quotes", { params: { path: { id: job.id } }, body: { price: price(450), number_of_loads: 1 } });
    expect(response.status).toBe(422);
    expect(error!.detail).toBe("This job has been awarded");
  });

  it("shows the shipper every quote and a carrier only its own", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    const rival = await createCarrier({ company: "Rival Freight" });
    const rivalApi = await clientFor(rival);
    await carrierApi.POST("/jobs/{id}/quotes", { params: { path: { id: job.id } }, body: { price: price(500), number_of_loads: 1 } });
    await rivalApi.POST("/jobs/{id}/quotes", { params: { path: { id: job.id } }, body: { price: price(400), number_of_loads: 1 } });
    const all = await shipperApi.GET("/jobs/{id}/quotes", { params: { path: { id: job.id } } });
    expect(all.data!.data.map((q) => [q.carrier.name, q.price.amount_pence])).toEqual([["Rival Freight", 40_000], ["API Haulage", 50_000]]);
    const own = await carrierApi.GET("/jobs/{id}/quotes", { params: { path: { id: job.id } } });
    expect(own.data!.data.map((q) => q.carrier.id)).toEqual([carrier.accountId]);
  });

  it("hides another shipper's job's quotes (404)", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    const other = await clientFor(await createShipper());
    expect((await other.GET("/jobs/{id}/quotes", { params: { path: { id: job.id } } })).response.status).toBe(404);
    expect((await other.POST("/jobs/{id}/award", { params: { path: { id: job.id } } })).response.status).toBe(404);
  });

  it("lets a carrier withdraw its own quote, not another carrier's (404)", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    const placed = await carrierApi.POST("/jobs/{id}/quotes", { params: { path: { id: job.id } }, body: { price: price(450), number_of_loads: 1 } });
    const rival = await clientFor(await createCarrier());
    expect((await rival.POST("/quotes/{id}/withdraw", { params: { path: { id: placed.data!.id } } })).response.status).toBe(404);
    const withdrawn = await carrierApi.POST("/quotes/{id}/withdraw", { params: { path: { id: placed.data!.id } } });
    expect(withdrawn.response.status).toBe(200);
    expect(withdrawn.data!.status).toBe("withdrawn");
    const again = await carrierApi.POST("/quotes/{id}/withdraw", { params: { path: { id: placed.data!.id } } });
    expect(again.response.status).toBe(422);
    expect(again.error!.detail).toBe("This quote is no longer active");
  });

  it("lets the shipper award the job to its quotes", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    await carrierApi.POST("/jobs/{id}/quotes", { params: { path: { id: job.id } }, body: { price: price(450), number_of_loads: 1 } });
    const { response, data } = await shipperApi.POST("/jobs/{id}/award", { params: { path: { id: job.id } } });
    expect(response.status).toBe(201);
    expect(data).toEqual({ job_id: job.id, loads: 1, assigned: 1, carriers: 1 });
    const load = await db().load.findFirstOrThrow({ where: { jobId: job.id } });
    expect(load).toMatchObject({ carrierAccountId: carrier.accountId, priceCents: 45_000 });
    const again = await shipperApi.POST("/jobs/{id}/award", { params: { path: { id: job.id } } });
    expect(again.response.status).toBe(409);
    expect(again.error!.detail).toBe("This job has already been awarded");
  });

  it("keeps a carrier from awarding and a shipper from quoting (404, as the pages)", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    expect((await carrierApi.POST("/jobs/{id}/award", { params: { path: { id: job.id } } })).response.status).toBe(404);
    expect((await shipperApi.POST("/jobs/{id}/quotes", { params: { path: { id: job.id } }, body: { price: price(450), number_of_loads: 1 } })).response.status).toBe(404);
  });

  it("refuses a carrier's driver (404): drivers do not quote", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
    const api = await clientFor(driver);
    expect((await api.POST("/jobs/{id}/quotes", { params: { path: { id: job.id } }, body: { price: price(450), number_of_loads: 1 } })).response.status).toBe(404);
  });

  it("names the missing scope", async () => {
    const job = await createJob(shipper.accountId, shipper.id);
    const reader = await clientFor(carrier, ["jobs:read", "quotes:read"]);
    const place = await reader.POST("/jobs/{id}/quotes", { params: { path: { id: job.id } }, body: { price: price(450), number_of_loads: 1 } });
    expect(place.response.status).toBe(403);
    expect(place.error!.detail).toBe("This key lacks the scope quotes:write");
    const writer = await clientFor(carrier, ["quotes:write"]);
    const list = await writer.GET("/jobs/{id}/quotes", { params: { path: { id: job.id } } });
    expect(list.error!.detail).toBe("This key lacks the scope quotes:read");
    const withdraw = await reader.POST("/quotes/{id}/withdraw", { params: { path: { id: 1 } } });
    expect(withdraw.error!.detail).toBe("This key lacks the scope quotes:write");
    const award = await (await clientFor(shipper, ["quotes:read"])).POST("/jobs/{id}/award", { params: { path: { id: job.id } } });
    expect(award.error!.detail).toBe("This key lacks the scope quotes:write");
  });
});
