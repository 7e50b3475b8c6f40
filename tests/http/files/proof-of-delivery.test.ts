import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { purgeUnattachedBlobs } from "#models/uploads.server.ts";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { messagingWorld } from "../../support/messaging-fixtures.ts";
import { realPng, uploaded } from "../../support/files.ts";

type Signed = { browser: Agent; csrf: string };
let world: Awaited<ReturnType<typeof messagingWorld>>;
let driver: Signed;

beforeEach(async () => {
  world = await messagingWorld();
  await db().load.update({ where: { id: world.load.id }, data: { status: "collected", collectedAt: new Date() } });
  driver = await signedInAgent(world.driver.email);
});

const deliver = (who: Signed, body: Record<string, unknown>) => who.browser.post(`/loads/${world.load.id}/delivery`).type("form").send({ _csrf: who.csrf, ...body });

describe("proof of delivery", () => {
  it("marks the load delivered with the recipient, a photo, a signature and the position; the shipper is told", async () => {
    const photo = await uploaded(driver.browser, driver.csrf, await realPng(800, 600), "photo", "pallets.png");
    const signed = await uploaded(driver.browser, driver.csrf, await realPng(600, 200), "signature", "signature.png");
    const answer = await deliver(driver, { recipient_name: "Mark at goods-in", "blob_signed_ids[]": photo, signature_signed_id: signed, latitude: "53.79", longitude: "-1.54" });
    expect([answer.status, answer.headers.location]).toEqual([303, `/loads/${world.load.id}`]);
    const load = await db().load.findUniqueOrThrow({ where: { id: world.load.id }, include: { proof: { include: { photos: true } } } });
    expect(load).toMatchObject({ status: "delivered", deliveredAt: expect.any(Date) });
    expect(load.proof).toMatchObject({ recipientName: "Mark at goods-in", latitude: 53.79, longitude: -1.54, recordedById: world.driver.id, signatureBlobId: expect.any(Number) });
    expect(load.proof!.photos).toEqual([expect.objectContaining({ loadId: world.load.id, kind: "photo", addedById: world.driver.id })]);
    expect((await db().job.findUniqueOrThrow({ where: { id: world.job.id } })).status).toBe("completed");
    expect(await db().notification.count({ where: { userId: world.shipper.id, kind: "load_status" } })).toBeGreaterThanOrEqual(1);
    // The signature is kept, though it is attached to nothing but the proof.
    await purgeUnattachedBlobs(Date.now() + 48 * 60 * 60_000);
    const shipper = await signedInAgent(world.shipper.email);
    const image = await shipper.browser.get(`/loads/${world.load.id}/signature`);
    expect([image.status, image.type]).toEqual([200, "image/png"]);
  });

  it.each([
    ["neither a photo nor a signature", { recipient_name: "Mark" }, "Add at least one photo or the recipient's signature"],
    ["no recipient", { recipient_name: " ", signature_signed_id: "x" }, "Enter the name of the person who received the goods"],
  ])("refuses %s with 422 beside the field, and changes nothing", async (_case, body, message) => {
    const answer = await deliver(driver, body);
    expect(answer.status).toBe(422);
    expect(answer.text).toContain(message.replaceAll("'", "&#39;"));
    expect((await db().load.findUniqueOrThrow({ where: { id: world.load.id } })).status).toBe("collected");
    expect(await db().proofOfDelivery.count({ where: { loadId: world.load.id } })).toBe(0);
  });

  it("keeps the uploaded photos and the name on the form it sends back", async () => {
    const photo = await uploaded(driver.browser, driver.csrf, await realPng(100, 100), "photo", "kept.png");
    const answer = await deliver(driver, { recipient_name: "", "blob_signed_ids[]": photo });
    expect(answer.status).toBe(422);
    expect(answer.text).toContain(`<input type="hidden" name="blob_signed_ids[]" value="${photo}">`);
    expect(answer.text).toContain("kept.png");
  });

  it("refuses someone else's upload, a photo offered as the signature, and a photo already attached (422)", async () => {
    const shipper = await signedInAgent(world.shipper.email);
    const theirs = await uploaded(shipper.browser, shipper.csrf, await realPng(50, 50));
    expect((await deliver(driver, { recipient_name: "Mark", "blob_signed_ids[]": theirs })).status).toBe(422);
    const photo = await uploaded(driver.browser, driver.csrf, await realPng(50, 50));
    expect((await deliver(driver, { recipient_name: "Mark", signature_signed_id: photo })).status).toBe(422);
    await driver.browser.post(`/loads/${world.load.id}/attachments`).set({ "X-CSRF-Token": driver.csrf, Accept: "application/json" }).send({ blob_signed_id: photo }).expect(201);
    expect((await deliver(driver, { recipient_name: "Mark", "blob_signed_ids[]": photo })).status).toBe(422);
    expect((await db().load.findUniqueOrThrow({ where: { id: world.load.id } })).status).toBe("collected");
  });

  it("is the only way to mark a load delivered; a load not yet collected answers 409, a stranger 404", async () => {
    const patched = await driver.browser.post(`/loads/${world.load.id}/status`).type("form").send({ _csrf: driver.csrf, _method: "patch", status: "delivered" });
    expect(patched.status).toBe(422);
    expect(patched.text).toContain("Record the proof of delivery to mark this load delivered");
    const stranger = await signedInAgent(world.otherDriver.email);
    expect((await stranger.browser.get(`/loads/${world.load.id}/delivery`)).status).toBe(404);
    await db().load.update({ where: { id: world.load.id }, data: { status: "driver_assigned" } });
    expect((await driver.browser.get(`/loads/${world.load.id}/delivery`)).status).toBe(409);
  });

  it("gives the proof as a PDF: opened from a link, saved as a file from the page's form; 404 before delivery and to strangers", async () => {
    const shipper = await signedInAgent(world.shipper.email);
    expect((await shipper.browser.get(`/loads/${world.load.id}/proof-of-delivery.pdf`)).status).toBe(404);
    const photo = await uploaded(driver.browser, driver.csrf, await realPng(640, 480));
    const signed = await uploaded(driver.browser, driver.csrf, await realPng(600, 200), "signature", "signature.png");
    await deliver(driver, { recipient_name: "Mark", "blob_signed_ids[]": photo, signature_signed_id: signed }).expect(303);
    const opened = await shipper.browser.get(`/loads/${world.load.id}/proof-of-delivery.pdf`).buffer(true);
    expect([opened.status, opened.type]).toEqual([200, "application/pdf"]);
    expect((opened.body as Buffer).subarray(0, 5).toString()).toBe("%PDF-");
    expect(opened.headers["content-disposition"]).toBe('inline; filename="Proof of delivery - load 1 of Pallets to Belfast.pdf"');
    const saved = await shipper.browser.post(`/loads/${world.load.id}/proof-of-delivery.pdf`).type("form").send({ _csrf: shipper.csrf });
    expect(saved.headers["content-disposition"]).toBe('attachment; filename="Proof of delivery - load 1 of Pallets to Belfast.pdf"');
    const outsider = await signedInAgent(world.outsider.email);
    expect((await outsider.browser.get(`/loads/${world.load.id}/proof-of-delivery.pdf`)).status).toBe(404);
    const files = await shipper.browser.get(`/loads/${world.load.id}/files`);
    expect(files.text).toContain("Received by</dt><dd>Mark</dd>");
  });
});
