import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { createShipper } from "../../support/fixtures.ts";
import { loadPhoto } from "../extra-charges/charge-fixtures.ts";
import { scene, signedInAgent, type Signed } from "./rating-fixtures.ts";

// "Report a problem" on a load: a complaint, not a rating, posted to support's inbox as a message in
// the reporter's support chat, naming the load and linking the evidence chosen from its files.

const report = (who: Signed, loadId: number, body: Record<string, unknown>) =>
  who.browser.post(`/loads/${loadId}/problem`).type("form").send({ _csrf: who.csrf, ...body });

const messagesOf = (userId: number) => db().supportMessage.findMany({ where: { conversation: { userId } }, select: { body: true, fromSupport: true } });

describe("reporting a problem", () => {
  it("sends the description and the chosen evidence to support from the shipper's office", async () => {
    const s = await scene();
    const photo = await loadPhoto(s.loadId, s.parties.driver.id, "crushed.jpg");
    const form = (await s.shipperOffice.browser.get(`/loads/${s.loadId}/problem`).expect(200)).text;
    expect(form).toContain(`<input type="checkbox" id="problem_evidence_${photo}" name="evidence" value="${photo}">`);

    const res = await report(s.shipperOffice, s.loadId, { description: "Two pallets arrived crushed", evidence: String(photo) }).expect(303);
    expect(res.headers.location).toBe(`/loads/${s.loadId}`);
    expect(await messagesOf(s.parties.shipper.id)).toEqual([{
      fromSupport: false,
      body: `Problem reported on load 1 of Crisps to Bristol (/loads/${s.loadId}):\n\nTwo pallets arrived crushed\n\nEvidence:\n- Photo: crushed.jpg: /attachments/${photo}`,
    }]);
    expect((await s.shipperOffice.browser.get(`/loads/${s.loadId}`)).text).toContain("Your report went to Loadline support. They will answer in your support chat.");
  });

  it("is open to the carrier's office and the load's driver", async () => {
    const s = await scene();
    const driver = await signedInAgent(s.parties.driver.email);
    await report(driver, s.loadId, { description: "Goods-in refused the delivery" }).expect(303);
    await report(s.carrierOffice, s.loadId, { description: "Waited three hours" }).expect(303);
    expect((await messagesOf(s.parties.driver.id))[0]!.body).toContain("Goods-in refused the delivery");
    expect((await messagesOf(s.parties.carrier.id))[0]!.body).toContain("Waited three hours");
  });

  it("refuses an empty description and evidence not of this load (422), sending nothing", async () => {
    const s = await scene();
    const empty = await report(s.shipperOffice, s.loadId, { description: " " }).expect(422);
    expect(empty.text).toContain('<p class="field-error" id="problem_description_error">Describe the problem</p>');
    const other = await scene();
    const elsewhere = await loadPhoto(other.loadId, other.parties.driver.id);
    const wrong = await report(s.shipperOffice, s.loadId, { description: "Crushed", evidence: String(elsewhere) }).expect(422);
    expect(wrong.text).toContain('<p class="field-error" id="problem_evidence_error">Choose documents or photos of this load, or none</p>');
    expect(wrong.text).toContain("Crushed</textarea>");
    expect(await messagesOf(s.parties.shipper.id)).toEqual([]);
  });

  it("answers 404 to another company", async () => {
    const s = await scene();
    const other = await signedInAgent((await createShipper()).email);
    await report(other, s.loadId, { description: "Not mine" }).expect(404);
    await other.browser.get(`/loads/${s.loadId}/problem`).expect(404);
  });
});
