import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { createUser } from "../../support/fixtures.ts";
import { acceptProof, createParties, deliveredLoad, invoiceOfLoad, sendDraft, signedInAgent, type Parties } from "../invoices/invoice-fixtures.ts";
import { clientFor, type ApiClient } from "../../support/api-client.ts";

let parties: Parties;
let invoiceId: number;
let draftId: number;
let shipperApi: ApiClient;
let carrierApi: ApiClient;

beforeAll(async () => {
  parties = await createParties();
  const shipperOffice = await signedInAgent(parties.shipper.email);
  const carrierOffice = await signedInAgent(parties.carrier.email);
  const issuedLoad = await deliveredLoad(parties, 45_000);
  await acceptProof(shipperOffice, issuedLoad);
  invoiceId = (await invoiceOfLoad(issuedLoad)).id;
  await sendDraft(carrierOffice, invoiceId);
  const draftLoad = await deliveredLoad(parties, 30_000);
  await acceptProof(shipperOffice, draftLoad);
  draftId = (await invoiceOfLoad(draftLoad)).id;
  shipperApi = await clientFor(parties.shipper);
  carrierApi = await clientFor(parties.carrier);
});

const path = (id: number) => ({ params: { path: { id } } });

describe("invoices through the API", () => {
  it("lists the carrier's invoices, drafts too, and the shipper's without drafts", async () => {
    const carrierList = await carrierApi.GET("/invoices");
    expect(carrierList.data!.data.map((i) => i.id)).toEqual([draftId, invoiceId]);
    const shipperList = await shipperApi.GET("/invoices");
    expect(shipperList.data!.data.map((i) => i.id)).toEqual([invoiceId]);
    const drafts = await carrierApi.GET("/invoices", { params: { query: { status: "draft" } } });
    expect(drafts.data!.data.map((i) => i.id)).toEqual([draftId]);
  });

  it("reads an invoice with its money in pence", async () => {
    const { data } = await shipperApi.GET("/invoices/{id}", path(invoiceId));
    const stored = await db().invoice.findUniqueOrThrow({ where: { id: invoiceId } });
    expect(data).toMatchObject({
      id: invoiceId, number: stored.number, status: "issued", net: { amount_pence: 45_000, currency: "GBP" },
      vat: { amount_pence: stored.vatPence }, gross: { amount_pence: stored.grossPence }, lines: [{ net: { amount_pence: 45_000 } }],
    });
  });

  it("hides a draft from the shipper, and every invoice from other accounts and drivers (404)", async () => {
    expect((await shipperApi.GET("/invoices/{id}", path(draftId))).response.status).toBe(404);
    const strangers = await Promise.all([clientFor(await createUser("carrier")), clientFor(await createUser("shipper")), clientFor(parties.driver)]);
    for (const api of strangers) {
      expect((await api.GET("/invoices/{id}", path(invoiceId))).response.status).toBe(404);
      expect((await api.GET("/invoices/{id}/pdf", path(invoiceId))).response.status).toBe(404);
    }
    const { data } = await (await clientFor(parties.driver)).GET("/invoices");
    expect(data!.data).toEqual([]);
  });

  it("answers the invoice's PDF", async () => {
    const { response } = await shipperApi.GET("/invoices/{id}/pdf", { ...path(invoiceId), parseAs: "arrayBuffer" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="Invoice .+\.pdf"/);
  });

  it("needs invoices:read", async () => {
    const { response, error } = await (await clientFor(parties.shipper, ["jobs:read"])).GET("/invoices");
    expect(response.status).toBe(403);
    expect(error!.detail).toBe("This key lacks the scope invoices:read");
    const pdf = await (await clientFor(parties.shipper, ["jobs:read"])).GET("/invoices/{id}/pdf", path(invoiceId));
    expect(pdf.error!.detail).toBe("This key lacks the scope invoices:read");
  });
});
