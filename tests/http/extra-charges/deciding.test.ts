import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { createUser } from "../../support/fixtures.ts";
import {
  approve, chargesOf, framePath, invoiceTheLoad, noticesOf, outsider, pendingCharge, refuse, scene, signedInAgent,
} from "./charge-fixtures.ts";

// The shipper's office approves or refuses (with a reason) each pending charge, once, until the
// load's invoice is issued; the carrier's office hears of each decision. Nobody else decides.

describe("the shipper's office's frame", () => {
  it("offers approve and refuse on a pending charge, and no add form", async () => {
    const s = await scene();
    const chargeId = await pendingCharge(s);
    const frame = (await s.shipperOffice.browser.get(framePath(s.loadId)).expect(200)).text;
    expect(frame).toContain(`<form action="/loads/${s.loadId}/extra_charges/${chargeId}/approve" method="post"`);
    expect(frame).toContain(`<form action="/loads/${s.loadId}/extra_charges/${chargeId}/refuse" method="post"`);
    expect(frame).toContain("<strong>Extra drop: £75.00</strong>");
    expect(frame).toContain("Second drop at Avonmouth");
    expect(frame).not.toContain("extra-charge-form");
  });

  it("offers the carrier's office no decision", async () => {
    const s = await scene();
    await pendingCharge(s);
    expect((await s.carrierOffice.browser.get(framePath(s.loadId)).expect(200)).text).not.toContain("/approve");
  });
});

describe("approving", () => {
  it("approves the charge, records who, and tells the carrier's office", async () => {
    const s = await scene();
    const member = await createUser("carrier", { role: "member", accountId: s.parties.carrier.accountId });
    const chargeId = await pendingCharge(s);
    const answer = await approve(s.shipperOffice, s.loadId, chargeId);
    expect([answer.status, answer.headers.location]).toEqual([303, framePath(s.loadId)]);
    expect(await chargesOf(s.loadId)).toEqual([expect.objectContaining({ status: "approved", decidedById: s.parties.shipper.id, refusalReason: null })]);
    const told = { title: "Extra charge approved: load 1 of Crisps to Bristol", body: "Crunch Foods approved Extra drop: £75.00. It goes on the load's invoice." };
    expect(await noticesOf("extra_charge_decided", s.loadId)).toEqual([s.parties.carrier, member].map((person) => ({ userId: person.id, ...told })));
    const frame = (await s.carrierOffice.browser.get(framePath(s.loadId)).expect(200)).text;
    expect(frame).toContain("Approved by Sam Shipper on");
    expect(frame).toContain("Approved: <strong>£75.00</strong>");
  });

  it("answers 409 to a second decision and changes nothing", async () => {
    const s = await scene();
    const chargeId = await pendingCharge(s);
    await approve(s.shipperOffice, s.loadId, chargeId).expect(303);
    const again = await refuse(s.shipperOffice, s.loadId, chargeId, "Changed my mind");
    expect(again.status).toBe(409);
    expect(again.text).toContain("This charge has already been approved");
    expect(await chargesOf(s.loadId)).toEqual([expect.objectContaining({ status: "approved", refusalReason: null })]);
    expect(await noticesOf("extra_charge_decided", s.loadId)).toHaveLength(1);
  });

  it("answers 409 once the load's invoice is issued", async () => {
    const s = await scene();
    const chargeId = await pendingCharge(s);
    await invoiceTheLoad(s, "issued");
    const answer = await approve(s.shipperOffice, s.loadId, chargeId);
    expect(answer.status).toBe(409);
    expect(answer.text).toContain("The load&#39;s invoice has been issued: its extra charges can no longer change");
    expect(await chargesOf(s.loadId)).toEqual([expect.objectContaining({ status: "pending" })]);
    expect((await s.shipperOffice.browser.get(framePath(s.loadId)).expect(200)).text).not.toContain("/approve");
  });

  it("is refused with 404 to the carrier's office, the driver, another shipper, and for a charge of another load", async () => {
    const s = await scene();
    const other = await scene();
    const chargeId = await pendingCharge(s);
    const elsewhere = await pendingCharge(other);
    const driver = await signedInAgent(s.parties.driver.email);
    for (const who of [s.carrierOffice, driver, await outsider()]) await approve(who, s.loadId, chargeId).expect(404);
    await approve(s.shipperOffice, s.loadId, elsewhere).expect(404);
    await approve(s.shipperOffice, s.loadId, 0).expect(404);
    expect((await chargesOf(s.loadId)).map((charge) => charge.status)).toEqual(["pending"]);
    expect((await chargesOf(other.loadId)).map((charge) => charge.status)).toEqual(["pending"]);
  });
});

describe("refusing", () => {
  it("refuses the charge with its reason and tells the carrier's office why", async () => {
    const s = await scene();
    const chargeId = await pendingCharge(s, { kind: "waiting_time", minutes: 150, amountPence: 2_250, note: "Held at the gate" });
    await refuse(s.shipperOffice, s.loadId, chargeId, "The booking was for 10:00; you arrived at 12:30.").expect(303);
    expect(await chargesOf(s.loadId)).toEqual([
      expect.objectContaining({ status: "refused", refusalReason: "The booking was for 10:00; you arrived at 12:30.", decidedById: s.parties.shipper.id }),
    ]);
    expect(await noticesOf("extra_charge_decided", s.loadId)).toEqual([{
      userId: s.parties.carrier.id,
      title: "Extra charge refused: load 1 of Crisps to Bristol",
      body: "Crunch Foods refused Waiting time, 2 hours 30 minutes: £22.50: The booking was for 10:00; you arrived at 12:30.",
    }]);
    const frame = (await s.carrierOffice.browser.get(framePath(s.loadId)).expect(200)).text;
    expect(frame).toContain("Reason: The booking was for 10:00; you arrived at 12:30.");
    expect(frame).toContain("Refused by Sam Shipper on");
  });

  it.each([
    ["", "Enter why you refuse the charge"],
    ["   ", "Enter why you refuse the charge"],
    [undefined, "Enter why you refuse the charge"],
    ["x".repeat(501), "Keep the reason to 500 characters"],
  ])("answers 422 for the reason %j with %s beside it and in the summary, and changes nothing", async (reason, message) => {
    const s = await scene();
    const chargeId = await pendingCharge(s);
    const answer = await refuse(s.shipperOffice, s.loadId, chargeId, reason);
    expect(answer.status).toBe(422);
    expect(answer.text).toMatch(/^<turbo-frame id="extra_charges">/);
    expect(answer.text).toContain(`<a href="#extra_charge_${chargeId}_reason">${message}</a>`);
    expect(answer.text).toContain(`<p class="field-error" id="extra_charge_${chargeId}_reason_error">${message}</p>`);
    expect(await chargesOf(s.loadId)).toEqual([expect.objectContaining({ status: "pending", refusalReason: null, decidedById: null })]);
    expect(await noticesOf("extra_charge_decided", s.loadId)).toEqual([]);
  });

  it("is refused with 404 to the driver", async () => {
    const s = await scene();
    const chargeId = await pendingCharge(s);
    const driver = await signedInAgent(s.parties.driver.email);
    await refuse(driver, s.loadId, chargeId, "No").expect(404);
    expect(await db().extraCharge.count({ where: { id: chargeId, status: "pending" } })).toBe(1);
  });
});
