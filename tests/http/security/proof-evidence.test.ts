import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
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

/** Delivers the load with one photo as its only proof; answers that photo's attachment. */
async function deliveredWithOnePhoto() {
  const photo = await uploaded(driver.browser, driver.csrf, await realPng(400, 300), "photo", "pallets.png");
  const answer = await driver.browser.post(`/loads/${world.load.id}/delivery`).type("form").send({ _csrf: driver.csrf, recipient_name: "Mark at goods-in", "blob_signed_ids[]": photo });
  expect(answer.status).toBe(303);
  return db().attachment.findFirstOrThrow({ where: { loadId: world.load.id, proofId: { not: null } } });
}

describe("proof-of-delivery evidence", () => {
  it.each([
    { who: "the job's shipper", as: () => signedInAgent(world.shipper.email) },
    { who: "the driver who took it", as: async () => driver },
  ])("cannot be deleted by $who once the load is delivered (403, photo, file and PDF intact)", async ({ as }) => {
    const proofPhoto = await deliveredWithOnePhoto();
    const { browser, csrf } = await as();

    const answer = await browser.delete(`/attachments/${proofPhoto.id}`).set("X-CSRF-Token", csrf);

    expect(answer.status).toBe(403);
    expect(answer.text).toContain("A proof-of-delivery photo is kept for good. Add another photo if this one is wrong.");
    expect(await db().attachment.count({ where: { id: proofPhoto.id } })).toBe(1);
    expect((await browser.get(`/attachments/${proofPhoto.id}`)).status).toBe(200);
  });

  it("is not offered for removal on the load page, while a photo added beside it still is", async () => {
    const proofPhoto = await deliveredWithOnePhoto();
    const extra = await uploaded(driver.browser, driver.csrf, await realPng(50, 50), "photo", "extra.png");
    const added = await driver.browser.post(`/loads/${world.load.id}/attachments`).set({ "X-CSRF-Token": driver.csrf, Accept: "application/json" }).send({ blob_signed_id: extra });
    expect(added.status).toBe(201);
    const page = await driver.browser.get(`/loads/${world.load.id}/files`);
    const removeForms = [...page.text.matchAll(/action="\/attachments\/(\d+)"/g)].map((match) => Number(match[1]));
    expect(removeForms).not.toContain(proofPhoto.id);
    expect(removeForms).toContain((added.body as { attachment: { id: number } }).attachment.id);
  });
});
