import { beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { formatDateTime } from "#domain/format/dates.ts";
import { notify } from "#models/notifications/notify.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { ORIGIN, minutesFromNow, sweep } from "../../support/email-fixtures.ts";
import { pngBytes, uploaded } from "../../support/files.ts";
import { messagingWorld } from "../../support/messaging-fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";

let world: Awaited<ReturnType<typeof messagingWorld>>;

beforeEach(async () => {
  world = await messagingWorld();
  await db().load.update({ where: { id: world.load.id }, data: { status: "collected", collectedAt: new Date() } });
});

/** The driver records the delivery with a photo and the recipient's name, as on the phone. */
async function deliver(recipient = "Mark at goods-in") {
  const { browser, csrf } = await signedInAgent(world.driver.email);
  const photo = await uploaded(browser, csrf, pngBytes(), "photo", "pallets.png");
  const answer = await browser.post(`/loads/${world.load.id}/delivery`).type("form").send({ _csrf: csrf, recipient_name: recipient, "blob_signed_ids[]": photo });
  expect(answer.status).toBe(303);
  return db().proofOfDelivery.findUniqueOrThrow({ where: { loadId: world.load.id } });
}

describe("a delivery, e-mailed to the shipper's office with its proof", () => {
  it("says who received the load and when, with links to the load and its proof-of-delivery PDF", async () => {
    const proof = await deliver();

    await sweep(minutesFromNow(16));

    const [letter, ...more] = lettersTo(world.shipper.email);
    expect(more).toEqual([]);
    expect(letter!.subject).toBe("Delivered: load 1 of Pallets to Belfast");
    expect(letter!.text).toContain(
      `Hello Sarah Shipper,\n\nLoad 1 of Pallets to Belfast was delivered on ${formatDateTime(proof.deliveredAt)} and received by Mark at goods-in.\n\n` +
        `The load: ${ORIGIN}/loads/${world.load.id}\nProof of delivery (PDF): ${ORIGIN}/loads/${world.load.id}/proof-of-delivery.pdf\n`,
    );
    expect(letter!.text).toContain("“Deliveries” is ticked");
    expect(letter!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(lettersTo(world.shipperColleague.email)).toHaveLength(1);
    // The carrier's side did the delivering.
    expect([...lettersTo(world.carrier.email), ...lettersTo(world.driver.email)]).toEqual([]);
  });

  it("sends nothing to someone who read the notification in time, or who switched deliveries off", async () => {
    const colleague = await signedInAgent(world.shipperColleague.email);
    await colleague.browser.post("/account/email_preferences").type("form").send({ _csrf: colleague.csrf, _method: "patch", email_kinds: ["", "quotes", "messages"] }).expect(303);
    await deliver();
    const { browser, csrf } = await signedInAgent(world.shipper.email);
    await browser.post("/notifications").type("form").send({ _csrf: csrf, _method: "patch" }).expect(303);

    await sweep(minutesFromNow(16));

    expect([...lettersTo(world.shipper.email), ...lettersTo(world.shipperColleague.email)]).toEqual([]);
  });

  it("e-mails nothing for the load's other steps", async () => {
    await notify({ kind: "load_status", loadId: world.load.id, status: "collected" });
    expect(await db().notification.count({ where: { userId: world.shipper.id, kind: "load_status" } })).toBe(1);

    await sweep(minutesFromNow(16));

    expect(lettersTo(world.shipper.email)).toEqual([]);
  });
});
