import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { ukDate } from "#domain/invoices/dates.ts";
import { SELF_BILLING_AGREEMENT_TERMS, SELF_BILLING_MESSAGES, agreementTerm } from "#domain/invoices/self-billing.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { deliveredLoad, signedInAgent, signedInParties, type Parties, type Signed } from "../invoices/invoice-fixtures.ts";

// Self-billing agreements over HTTP: the shipper's admin offers one to a carrier that ran one of its
// loads, the carrier's admin accepts (recording its VAT number, 12 months from today) or declines,
// either admin ends one in force; a change of the carrier's VAT number ends it by itself; each side
// is told. Every refusal with its exact status and message, and nothing changed.

let parties: Parties;
let shipperOffice: Signed;
let carrierOffice: Signed;

beforeEach(async () => {
  ({ parties, shipperOffice, carrierOffice } = await signedInParties());
  await deliveredLoad(parties, 10_000); // the carrier has run one of the shipper's loads
});

const post = (who: Signed, path: string, body: Record<string, unknown> = {}) => who.browser.post(path).type("form").send({ _csrf: who.csrf, ...body });
const offer = (who = shipperOffice, carrierId: unknown = parties.carrier.accountId) => post(who, "/self_billing_agreements", { carrier_account_id: String(carrierId) });
const agreements = () => db().selfBillingAgreement.findMany({ where: { shipperAccountId: parties.shipper.accountId }, orderBy: { id: "asc" } });
const noticesOf = (userId: number) => db().notification.findMany({ where: { userId, kind: "self_billing" }, select: { title: true, body: true, path: true }, orderBy: { id: "asc" } });
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

async function offered(): Promise<number> {
  expect((await offer()).status).toBe(303);
  return (await agreements())[0]!.id;
}

async function inForce(): Promise<number> {
  const id = await offered();
  expect((await post(carrierOffice, `/self_billing_agreements/${id}/accept`)).status).toBe(303);
  return id;
}

describe("offering", () => {
  it("the shipper's admin offers one to a carrier that ran its load (303); the carrier's office is told and sees Accept and Decline", async () => {
    const page = (await shipperOffice.browser.get("/self_billing_agreements").expect(200)).text;
    expect(page).toContain(`<option value="${parties.carrier.accountId}">Pennine Haulage</option>`);
    for (const term of SELF_BILLING_AGREEMENT_TERMS) expect(page).toContain(term.replaceAll("'", "&#39;"));
    const answer = await offer();
    expect([answer.status, answer.headers.location]).toEqual([303, "/self_billing_agreements"]);
    const [row] = await agreements();
    expect(row).toMatchObject({ carrierAccountId: parties.carrier.accountId, status: "offered", offeredById: parties.shipper.id, carrierVatNumber: null, decidedAt: null });
    expect(await noticesOf(parties.carrier.id)).toEqual([
      { title: "Self-billing agreement offered", body: "Crunch Foods offers to raise your invoices for its loads for 12 months. Accept or decline the agreement.", path: "/self_billing_agreements" },
    ]);
    const carrierPage = (await carrierOffice.browser.get("/self_billing_agreements").expect(200)).text;
    expect(carrierPage).toContain("Awaiting the carrier&#39;s answer");
    expect(carrierPage).toContain(`action="/self_billing_agreements/${row!.id}/accept"`);
    expect(carrierPage).toContain(`action="/self_billing_agreements/${row!.id}/decline"`);
    expect(carrierPage).not.toContain("Offer an agreement");
  });

  it.each([
    { case: "no carrier chosen", carrier: () => "" },
    { case: "a carrier that never ran its loads", carrier: async () => (await createCarrier({ company: "Stranger Haulage" })).accountId },
    { case: "a shipper's account", carrier: async () => (await createShipper({ company: "Other Foods" })).accountId },
    { case: "an id that names nothing", carrier: () => "999999" },
  ])("refuses $case: 422 with the message beside the field, nothing offered", async ({ carrier }) => {
    const answer = await offer(shipperOffice, await carrier());
    expect(answer.status).toBe(422);
    expect(answer.text).toContain(`<p class="field-error" id="field_carrier_account_id_error">${SELF_BILLING_MESSAGES.carrier}</p>`);
    expect(answer.text).toContain(`<a href="#field_carrier_account_id">${SELF_BILLING_MESSAGES.carrier}</a>`);
    expect(await agreements()).toEqual([]);
  });

  it("refuses a second offer while one is offered or in force (422); after a decline a new one may be offered", async () => {
    const id = await offered();
    const again = await offer();
    expect(again.status).toBe(422);
    expect(again.text).toContain(SELF_BILLING_MESSAGES.alreadyOpen);
    await post(carrierOffice, `/self_billing_agreements/${id}/accept`).expect(303);
    expect((await offer()).status).toBe(422);
    expect(await agreements()).toHaveLength(1);
    await post(shipperOffice, `/self_billing_agreements/${id}/end`).expect(303);
    expect((await offer()).status).toBe(303);
    expect((await agreements()).map((row) => row.status)).toEqual(["ended", "offered"]);
  });
});

describe("answering and ending", () => {
  it("the carrier's admin accepts (303): in force 12 months from today under its VAT number; the shipper is told; a second answer is 409", async () => {
    const id = await offered();
    const answer = await post(carrierOffice, `/self_billing_agreements/${id}/accept`);
    expect([answer.status, answer.headers.location]).toEqual([303, "/self_billing_agreements"]);
    const term = agreementTerm(ukDate(new Date()));
    expect((await agreements())[0]).toMatchObject({ status: "accepted", startsOn: day(term.startDate), endsOn: day(term.endDate), carrierVatNumber: "GB987654321", decidedById: parties.carrier.id });
    expect(await noticesOf(parties.shipper.id)).toEqual([{ title: "Self-billing agreement accepted", body: "Pennine Haulage accepted: you now raise its invoices for your loads.", path: "/self_billing_agreements" }]);
    const page = (await shipperOffice.browser.get("/self_billing_agreements").expect(200)).text;
    expect(page).toContain('<span class="status-pill" data-status="won">In force</span>');
    expect(page).toContain("GB987654321");
    for (const action of ["accept", "decline"]) {
      const late = await post(carrierOffice, `/self_billing_agreements/${id}/${action}`);
      expect(late.status).toBe(409);
      expect(late.text).toContain(SELF_BILLING_MESSAGES.notOffered);
    }
  });

  it("the carrier's admin declines (303): the shipper is told; accepting afterwards is 409", async () => {
    const id = await offered();
    await post(carrierOffice, `/self_billing_agreements/${id}/decline`).expect(303);
    expect((await agreements())[0]).toMatchObject({ status: "declined", decidedById: parties.carrier.id, carrierVatNumber: null });
    expect(await noticesOf(parties.shipper.id)).toEqual([{ title: "Self-billing agreement declined", body: "Pennine Haulage declined the self-billing agreement.", path: "/self_billing_agreements" }]);
    expect((await post(carrierOffice, `/self_billing_agreements/${id}/accept`)).status).toBe(409);
    expect((await post(shipperOffice, `/self_billing_agreements/${id}/end`)).status).toBe(409);
  });

  it.each([
    { side: "shipper", who: () => shipperOffice },
    { side: "carrier", who: () => carrierOffice },
  ])("the $side's admin ends one in force (303): both sides are told; ending again is 409", async ({ side, who }) => {
    const id = await inForce();
    await post(who(), `/self_billing_agreements/${id}/end`).expect(303);
    const [row] = await agreements();
    expect(row).toMatchObject({ status: "ended", endReason: side });
    expect(row!.endedAt).not.toBeNull();
    const ended = { title: "Self-billing agreement ended", body: "The self-billing agreement between Crunch Foods and Pennine Haulage ended. Pennine Haulage invoices its own loads again until a new agreement is made.", path: "/self_billing_agreements" };
    expect((await noticesOf(parties.carrier.id)).at(-1)).toEqual(ended);
    expect((await noticesOf(parties.shipper.id)).at(-1)).toEqual(ended);
    const again = await post(who(), `/self_billing_agreements/${id}/end`);
    expect(again.status).toBe(409);
    expect(again.text).toContain(SELF_BILLING_MESSAGES.notInForce);
  });

  it("an offer not yet answered cannot be ended (409)", async () => {
    const id = await offered();
    expect((await post(shipperOffice, `/self_billing_agreements/${id}/end`)).status).toBe(409);
    expect((await agreements())[0]!.status).toBe("offered");
  });
});

describe("a change of the carrier's VAT number", () => {
  const carrierForm = (vatNumber: string) => ({
    legal_name: "Pennine Haulage Ltd", registered_address: "9 Moor Road\nHalifax\nHX1 1AB", company_number: "07654321", invoice_email: "invoices@pennine.example",
    vat_number: vatNumber, sort_code: "401234", account_number: "12345678",
  });

  it("ends every agreement of the carrier's in force (vat_number_changed), and both sides are told", async () => {
    const id = await inForce();
    await post(carrierOffice, "/account/billing", carrierForm("GB111111111")).expect(303);
    expect(await db().selfBillingAgreement.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "ended", endReason: "vat_number_changed", carrierVatNumber: "GB987654321" });
    const body = "The self-billing agreement between Crunch Foods and Pennine Haulage ended because Pennine Haulage's VAT number changed. Pennine Haulage invoices its own loads again until a new agreement is made.";
    expect((await noticesOf(parties.shipper.id)).at(-1)?.body).toBe(body);
    expect((await noticesOf(parties.carrier.id)).at(-1)?.body).toBe(body);
    expect((await shipperOffice.browser.get("/self_billing_agreements")).text).toContain("Ended because the carrier&#39;s VAT number changed on");
  });

  it.each([
    { case: "the same number saved again", vat: "GB987654321" },
    { case: "the same number written with spaces", vat: "gb 987 654 321" },
  ])("leaves it in force for $case", async ({ vat }) => {
    const id = await inForce();
    await post(carrierOffice, "/account/billing", carrierForm(vat)).expect(303);
    expect((await db().selfBillingAgreement.findUniqueOrThrow({ where: { id } })).status).toBe("accepted");
  });

  it("deregistering (no VAT number) ends it too", async () => {
    const id = await inForce();
    await post(carrierOffice, "/account/billing", carrierForm("")).expect(303);
    expect(await db().selfBillingAgreement.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "ended", endReason: "vat_number_changed" });
  });
});

describe("who may see and act", () => {
  it("an office member sees the list but gets 403 on every POST; nothing changes", async () => {
    const id = await offered();
    const shipperMember = await signedInAgent((await createUser("shipper", { role: "member", accountId: parties.shipper.accountId })).email);
    const carrierMember = await signedInAgent((await createUser("carrier", { role: "member", accountId: parties.carrier.accountId })).email);
    expect((await shipperMember.browser.get("/self_billing_agreements")).status).toBe(200);
    expect((await carrierMember.browser.get("/self_billing_agreements")).status).toBe(200);
    expect((await offer(shipperMember)).status).toBe(403);
    expect((await post(carrierMember, `/self_billing_agreements/${id}/accept`)).status).toBe(403);
    expect((await post(carrierMember, `/self_billing_agreements/${id}/decline`)).status).toBe(403);
    expect((await agreements()).map((row) => row.status)).toEqual(["offered"]);
  });

  it("404 for drivers (list and POSTs), for another account's agreement, and for the wrong side's action", async () => {
    const id = await offered();
    const driver = await signedInAgent(parties.driver.email);
    expect((await driver.browser.get("/self_billing_agreements")).status).toBe(404);
    expect((await offer(driver)).status).toBe(404);
    expect((await post(driver, `/self_billing_agreements/${id}/accept`)).status).toBe(404);
    const otherCarrier = await signedInAgent((await createCarrier({ company: "Other Haulage" })).email);
    const otherShipper = await signedInAgent((await createShipper({ company: "Other Foods" })).email);
    for (const other of [otherCarrier, otherShipper]) {
      expect((await other.browser.get("/self_billing_agreements").expect(200)).text).not.toContain(`agreement_${id}`);
      for (const action of ["accept", "decline", "end"]) expect((await post(other, `/self_billing_agreements/${id}/${action}`)).status).toBe(404);
    }
    expect((await post(shipperOffice, `/self_billing_agreements/${id}/accept`)).status).toBe(404); // the shipper does not answer its own offer
    expect((await offer(carrierOffice)).status).toBe(404); // a carrier offers none
    expect((await post(shipperOffice, "/self_billing_agreements/abc/end")).status).toBe(404);
    expect((await agreements()).map((row) => row.status)).toEqual(["offered"]);
  });

  it("the invoices page links to the agreements", async () => {
    for (const office of [shipperOffice, carrierOffice]) {
      expect((await office.browser.get("/invoices").expect(200)).text).toContain('<a href="/self_billing_agreements" id="self-billing-link">Self-billing agreements</a>');
    }
  });
});
