import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { sendExpiryReminders } from "#models/compliance.server.ts";
import { purgeUnattachedBlobs } from "#models/uploads.server.ts";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { pdfBytes, uploaded } from "../../support/files.ts";

const DAY = 86_400_000;
const isoIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const save = (who: { browser: Agent; csrf: string }, kind: string, body: Record<string, string>) =>
  who.browser.post(`/account/compliance/${kind}`).type("form").send({ _csrf: who.csrf, ...body });

async function carrierOffice() {
  const carrier = await createCarrier({ company: `Compliant ${Date.now()}`, documents: false });
  return { carrier, office: await signedInAgent(carrier.email) };
}

describe("compliance documents", () => {
  it("a carrier office saves its operator licence and insurance with a certificate; the page says where it stands", async () => {
    const { carrier, office } = await carrierOffice();
    expect((await office.browser.get("/account/compliance")).text).toContain('data-documents="missing">Documents missing');
    expect((await save(office, "operator_licence", { reference: "ob1234567", licence_type: "standard_international", expires_on: isoIn(400) })).status).toBe(303);
    const certificate = await uploaded(office.browser, office.csrf, pdfBytes(), "document", "git-certificate.pdf", "application/pdf");
    const insured = await save(office, "goods_in_transit", { reference: "Haulier Mutual", cover: "£75,000", expires_on: isoIn(20), certificate_signed_id: certificate });
    expect([insured.status, insured.headers.location]).toEqual([303, "/account/compliance"]);
    const documents = await db().complianceDocument.findMany({ where: { accountId: carrier.accountId }, orderBy: { kind: "asc" } });
    expect(documents.map((d) => [d.kind, d.reference, d.licenceType, d.coverPence, d.blobId !== null])).toEqual([
      ["goods_in_transit", "Haulier Mutual", null, 7_500_000, true],
      ["operator_licence", "OB1234567", "standard_international", null, false],
    ]);
    const page = (await office.browser.get("/account/compliance")).text;
    expect(page).toMatch(/^<turbo-frame id="compliance">/);
    expect(page).toContain('data-documents="current">Documents current');
    expect(page).toContain("One expires within 30 days.");
    expect(page).toContain("git-certificate.pdf");
    // A certificate is in use: it is never purged as an unattached upload.
    await purgeUnattachedBlobs(Date.now() + 3 * DAY);
    expect((await db().complianceDocument.findFirstOrThrow({ where: { accountId: carrier.accountId, kind: "goods_in_transit" } })).blobId).not.toBeNull();
  });

  it("refuses bad input with 422 beside the field, keeping what was typed, and changes nothing", async () => {
    const { carrier, office } = await carrierOffice();
    const answer = await save(office, "goods_in_transit", { reference: "Haulier Mutual", cover: "lots", expires_on: "2027-02-30" });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain("Enter the cover in whole pounds, for example 50,000");
    expect(answer.text).toContain('value="Haulier Mutual"');
    const stranger = await signedInAgent((await createShipper()).email);
    const someoneElses = await uploaded(stranger.browser, stranger.csrf, pdfBytes(), "document", "x.pdf", "application/pdf");
    const refused = await save(office, "operator_licence", { reference: "OB1234567", licence_type: "restricted", expires_on: isoIn(100), certificate_signed_id: someoneElses });
    expect([refused.status, refused.text.includes("Upload the certificate again")]).toEqual([422, true]);
    expect(await db().complianceDocument.count({ where: { accountId: carrier.accountId } })).toBe(0);
    expect((await save(office, "tachograph", { reference: "x" })).status).toBe(404);
  });

  it("is the carrier office's own: shippers and drivers get 404", async () => {
    const { carrier } = await carrierOffice();
    const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
    for (const user of [await createShipper(), driver]) {
      const { browser, csrf } = await signedInAgent(user.email);
      expect((await browser.get("/account/compliance")).status).toBe(404);
      expect((await save({ browser, csrf }, "operator_licence", { reference: "OB1234567", licence_type: "restricted", expires_on: isoIn(100) })).status).toBe(404);
    }
  });

  it("shows shippers a badge beside each carrier's quote", async () => {
    const shipper = await createShipper();
    const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Badged quotes" });
    const current = await carrierOffice();
    await save(current.office, "operator_licence", { reference: "OB1234567", licence_type: "restricted", expires_on: isoIn(300) });
    await save(current.office, "goods_in_transit", { reference: "Mutual", cover: "50000", expires_on: isoIn(300) });
    const lapsed = await carrierOffice();
    await save(lapsed.office, "operator_licence", { reference: "OB7654321", licence_type: "restricted", expires_on: isoIn(300) });
    await save(lapsed.office, "goods_in_transit", { reference: "Mutual", cover: "50000", expires_on: isoIn(300) });
    await db().complianceDocument.updateMany({ where: { accountId: lapsed.carrier.accountId, kind: "goods_in_transit" }, data: { expiresOn: new Date(Date.now() - 2 * DAY) } });
    const silent = await carrierOffice();
    for (const [i, who] of [current, lapsed, silent].entries()) {
      await db().quote.create({ data: { jobId: job.id, carrierAccountId: who.carrier.accountId, placedById: who.carrier.id, valueCents: 40_000 + i, numberOfLoads: 1, status: "active" } });
    }
    const page = (await (await signedInAgent(shipper.email)).browser.get(`/jobs/${job.id}/quotes`)).text;
    const badges = Array.from(page.matchAll(/data-documents="(\w+)"/g), (match) => match[1]);
    expect(badges).toEqual(["current", "expired", "missing"]);
  });

  it("reminds the carrier office 30 and 7 days before an expiry, once each, and afresh after a renewal", async () => {
    const { carrier, office } = await carrierOffice();
    const colleague = await createUser("carrier", { role: "member", accountId: carrier.accountId });
    await save(office, "goods_in_transit", { reference: "Mutual", cover: "50000", expires_on: isoIn(25) });
    const reminders = () => db().notification.findMany({ where: { userId: { in: [carrier.id, colleague.id] }, kind: "document_expiring" }, orderBy: { id: "asc" } });
    await sendExpiryReminders();
    await sendExpiryReminders();
    expect((await reminders()).map((n) => n.title)).toEqual(["Goods-in-transit insurance expires in 25 days", "Goods-in-transit insurance expires in 25 days"]);
    await sendExpiryReminders(new Date(Date.now() + 19 * DAY));
    expect((await reminders()).map((n) => n.title).slice(2)).toEqual(["Goods-in-transit insurance expires in 6 days", "Goods-in-transit insurance expires in 6 days"]);
    await sendExpiryReminders(new Date(Date.now() + 20 * DAY));
    expect(await reminders()).toHaveLength(4);
    await save(office, "goods_in_transit", { reference: "Mutual", cover: "50000", expires_on: isoIn(28) });
    await sendExpiryReminders();
    expect(await reminders()).toHaveLength(6);
  });
});
