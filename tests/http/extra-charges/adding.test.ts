import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { createCarrier, createUser } from "../../support/fixtures.ts";
import {
  addCharge, chargesOf, framePath, invoiceTheLoad, loadPhoto, noticesOf, outsider, scene, signedInAgent,
} from "./charge-fixtures.ts";

// The carrier's office adds extra charges to a delivered load until its invoice is issued: waiting
// time (priced by the rule from the job's terms, or the carrier's rate when the job has none), an
// extra drop, another charge; each with a note and, optionally, one of the load's files as evidence.

const waiting = { kind: "waiting_time", minutes: "150", note: "Held at the gate at Avonmouth" };

describe("the frame", () => {
  it("shows the carrier's office the job's terms and the add form, with the load's files to choose as evidence", async () => {
    const s = await scene({ freeWaitingMinutes: 90, waitingRatePence: 4_500 });
    await loadPhoto(s.loadId, s.parties.driver.id, "gate.jpg");
    const frame = await s.carrierOffice.browser.get(framePath(s.loadId)).expect(200);
    expect(frame.text).toMatch(/^<turbo-frame id="extra_charges">/);
    expect(frame.text).toContain("Free waiting time at each stop: 1 hour 30 minutes. Waiting time rate: £45.00 an hour.");
    expect(frame.text).toContain(`<form action="/loads/${s.loadId}/extra_charges" method="post" class="form extra-charge-form" novalidate>`);
    expect(frame.text).toMatch(/<option value="\d+">Photo: gate.jpg<\/option>/);
    // The job has a rate: the carrier is not asked for one.
    expect(frame.text).not.toContain('name="rate"');
    expect(frame.text).toContain("No extra charges on this load.");
  });

  it("asks for the carrier's hourly rate when the job sets none, and says the free time is the usual 2 hours", async () => {
    const s = await scene();
    const frame = (await s.carrierOffice.browser.get(framePath(s.loadId)).expect(200)).text;
    expect(frame).toContain("Free waiting time at each stop: 2 hours. Waiting time rate: not set on the job: give your own hourly rate.");
    expect(frame).toContain('<input id="extra_charge_rate" name="rate" type="text"');
  });

  it("is on the load page of both offices once delivered, not the driver's", async () => {
    const s = await scene();
    const frameTag = `<turbo-frame id="extra_charges" src="/loads/${s.loadId}/extra_charges"`;
    expect((await s.carrierOffice.browser.get(`/loads/${s.loadId}`).expect(200)).text).toContain(frameTag);
    expect((await s.shipperOffice.browser.get(`/loads/${s.loadId}`).expect(200)).text).toContain(frameTag);
    const driver = await signedInAgent(s.parties.driver.email);
    expect((await driver.browser.get(`/loads/${s.loadId}`).expect(200)).text).not.toContain("extra_charges");
  });

  it("answers 404 to the driver, another shipper and another carrier", async () => {
    const s = await scene();
    const driver = await signedInAgent(s.parties.driver.email);
    const otherCarrier = await signedInAgent((await createCarrier()).email);
    for (const who of [driver, await outsider(), otherCarrier]) await who.browser.get(framePath(s.loadId)).expect(404);
  });
});

describe("adding a charge", () => {
  it("prices waiting time at the job's rate beyond its free time, keeps it pending and tells the shipper's office", async () => {
    const s = await scene({ freeWaitingMinutes: 120, waitingRatePence: 4_500 });
    const member = await createUser("shipper", { role: "member", accountId: s.parties.shipper.accountId });
    const answer = await addCharge(s.carrierOffice, s.loadId, waiting);
    expect([answer.status, answer.headers.location]).toEqual([303, framePath(s.loadId)]);
    expect(await chargesOf(s.loadId)).toEqual([
      expect.objectContaining({ kind: "waiting_time", minutes: 150, amountPence: 2_250, note: "Held at the gate at Avonmouth", status: "pending", addedById: s.parties.carrier.id }),
    ]);
    const told = {
      title: "Extra charge to decide: load 1 of Crisps to Bristol",
      body: "Pennine Haulage added Waiting time, 2 hours 30 minutes: £22.50 for: Held at the gate at Avonmouth. Approve or refuse it on the load page.",
    };
    expect(await noticesOf("extra_charge_added", s.loadId)).toEqual([s.parties.shipper, member].map((person) => ({ userId: person.id, ...told })));
    const frame = (await s.carrierOffice.browser.get(framePath(s.loadId)).expect(200)).text;
    expect(frame).toContain("<strong>Waiting time: £22.50</strong>");
    expect(frame).toContain("Awaiting decision");
    expect(frame).toContain("Waited 2 hours 30 minutes");
  });

  it("prices waiting time at the carrier's own rate when the job has none, after the usual 2 hours", async () => {
    const s = await scene();
    await addCharge(s.carrierOffice, s.loadId, { ...waiting, minutes: "200", rate: "60.00" }).expect(303);
    expect((await chargesOf(s.loadId)).map((charge) => [charge.minutes, charge.amountPence])).toEqual([[200, 8_000]]);
  });

  it("keeps an extra drop's amount in pence, with one of the load's photos as evidence", async () => {
    const s = await scene();
    const photo = await loadPhoto(s.loadId, s.parties.driver.id);
    await addCharge(s.carrierOffice, s.loadId, { kind: "extra_drop", amount: "125.50", note: "Second drop", evidence_attachment_id: String(photo) }).expect(303);
    expect(await chargesOf(s.loadId)).toEqual([expect.objectContaining({ kind: "extra_drop", minutes: null, amountPence: 12_550, evidenceAttachmentId: photo })]);
    expect((await s.shipperOffice.browser.get(framePath(s.loadId)).expect(200)).text).toContain(`Evidence: <a href="/attachments/${photo}" data-turbo="false">Photo: gate.jpg</a>`);
  });

  it.each([
    [{ note: "x" }, "kind", "Choose what the charge is for", "extra_charge_kind_waiting_time"],
    [{ ...waiting, note: "" }, "note", "Enter a note saying what the charge is for", "extra_charge_note"],
    [{ ...waiting, note: "x".repeat(501) }, "note", "Keep the note to 500 characters", "extra_charge_note"],
    [{ ...waiting, minutes: "" }, "minutes", "Enter how long the wait was, in minutes", "extra_charge_minutes"],
    [{ ...waiting, minutes: "2.5" }, "minutes", "Enter the wait in whole minutes, like 150", "extra_charge_minutes"],
    [{ ...waiting, minutes: "120" }, "minutes", "The first 2 hours of waiting are free: enter a longer wait", "extra_charge_minutes"],
    [{ ...waiting, minutes: "1441" }, "minutes", "A wait can be at most 1,440 minutes (24 hours)", "extra_charge_minutes"],
    [{ ...waiting, rate: "" }, "rate", "Enter your hourly rate for waiting, like 45.00", "extra_charge_rate"],
    [{ ...waiting, rate: "sixty" }, "rate", "Enter the hourly rate in pounds and pence, like 45.00", "extra_charge_rate"],
    [{ ...waiting, rate: "0.99" }, "rate", "Enter an hourly rate of at least £1.00", "extra_charge_rate"],
    [{ kind: "other", note: "Tolls", amount: "" }, "amount", "Enter the amount, like 125.50", "extra_charge_amount"],
    [{ kind: "other", note: "Tolls", amount: "12.345" }, "amount", "Enter the amount in pounds and pence, like 125.50", "extra_charge_amount"],
    [{ kind: "other", note: "Tolls", amount: "0" }, "amount", "Enter an amount more than £0", "extra_charge_amount"],
    [{ kind: "other", note: "Tolls", amount: "-5" }, "amount", "Enter an amount more than £0", "extra_charge_amount"],
    [{ kind: "other", note: "Tolls", amount: "10000.01" }, "amount", "Enter an amount of £10,000.00 or less", "extra_charge_amount"],
  ])("answers 422 for %j with the message beside %s and in the summary, and adds nothing", async (body, _field, message, fieldId) => {
    const s = await scene();
    const answer = await addCharge(s.carrierOffice, s.loadId, { rate: "45.00", ...body });
    expect(answer.status).toBe(422);
    expect(answer.text).toMatch(/^<turbo-frame id="extra_charges">/);
    expect(answer.text).toContain(`<a href="#${fieldId}">${message}</a>`);
    const beside = fieldId.startsWith("extra_charge_kind") ? "extra_charge_kind_error" : `${fieldId}_error`;
    expect(answer.text).toContain(`<p class="field-error" id="${beside}">${message}</p>`);
    expect(await chargesOf(s.loadId)).toEqual([]);
    expect(await noticesOf("extra_charge_added", s.loadId)).toEqual([]);
  });

  it("answers 422 for evidence that is not one of the load's files, keeping what was typed", async () => {
    const s = await scene();
    const other = await scene();
    const elsewhere = await loadPhoto(other.loadId, other.parties.driver.id);
    const answer = await addCharge(s.carrierOffice, s.loadId, { kind: "extra_drop", amount: "80", note: "Drop at Bath", evidence_attachment_id: String(elsewhere) });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain('<p class="field-error" id="extra_charge_evidence_error">Choose one of this load&#39;s documents or photos, or none</p>');
    expect(answer.text).toContain('id="extra_charge_amount" name="amount" type="text" value="80"');
    expect(answer.text).toContain(">Drop at Bath</textarea>");
    expect(await chargesOf(s.loadId)).toEqual([]);
  });

  it("is refused with 404 to the shipper's office, the driver and another account", async () => {
    const s = await scene();
    const driver = await signedInAgent(s.parties.driver.email);
    for (const who of [s.shipperOffice, driver, await outsider()]) {
      await addCharge(who, s.loadId, { kind: "extra_drop", amount: "80", note: "Drop" }).expect(404);
    }
    expect(await chargesOf(s.loadId)).toEqual([]);
  });

  it("is refused (409) once the load's invoice is issued, and the frame offers no form", async () => {
    const s = await scene();
    await invoiceTheLoad(s, "issued");
    const answer = await addCharge(s.carrierOffice, s.loadId, { kind: "extra_drop", amount: "80", note: "Drop" });
    expect(answer.status).toBe(409);
    expect(answer.text).toContain("The load&#39;s invoice has been issued: its extra charges can no longer change");
    expect(await chargesOf(s.loadId)).toEqual([]);
    const frame = (await s.carrierOffice.browser.get(framePath(s.loadId)).expect(200)).text;
    expect(frame).not.toContain("extra-charge-form");
    expect(frame).toContain("The load&#39;s invoice has been issued: its extra charges can no longer change.");
  });

  it("is still open while the carrier's invoice is a draft", async () => {
    const s = await scene();
    await invoiceTheLoad(s, "draft");
    await addCharge(s.carrierOffice, s.loadId, { kind: "extra_drop", amount: "80", note: "Drop" }).expect(303);
    expect(await chargesOf(s.loadId)).toHaveLength(1);
  });

  it("is refused (409) before the load is delivered", async () => {
    const s = await scene();
    await db().load.update({ where: { id: s.loadId }, data: { status: "collected", deliveredAt: null, proofStatus: null } });
    const answer = await addCharge(s.carrierOffice, s.loadId, { kind: "extra_drop", amount: "80", note: "Drop" });
    expect(answer.status).toBe(409);
    expect(answer.text).toContain("Extra charges can be added once the load is delivered");
    expect(await chargesOf(s.loadId)).toEqual([]);
  });
});
