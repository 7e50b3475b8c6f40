import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { postMessage, requireConversation, sgidFor } from "#models/messages.server.ts";
import { notify } from "#models/notifications/notify.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { messagingWorld, recordBroadcasts } from "../../support/messaging-fixtures.ts";

// A new message is one unread thing, not two: reading it in the thread (the read receipt) also reads
// its "new message" notification, and the nav badges follow; the page that has the conversation open
// can tell a card about it (its link is the conversation's path).

let world: Awaited<ReturnType<typeof messagingWorld>>;
let recorder: ReturnType<typeof recordBroadcasts> | undefined;
beforeEach(async () => {
  world = await messagingWorld();
});
afterEach(() => recorder?.stop());

const readPath = (id: number) => `/api/v1/messages/${encodeURIComponent(sgidFor(id))}/read.json`;

/** The shipper writes on the load: the carrier's office and the load's driver are notified. */
async function shipperWrites(body: string) {
  const sender = (await findUserWithAccount(world.shipper.id))!;
  const posted = await postMessage(await requireConversation(sender, { kind: "load", loadId: world.load.id }), sender, { body });
  if (!posted.ok) throw new Error("not posted");
  return posted.message;
}
const noticesOf = (messageId: number) => db().notification.findMany({ where: { messageId }, select: { userId: true, readAt: true, path: true }, orderBy: { userId: "asc" } });

describe("reading a message reads its notification", () => {
  it("the receipt from the thread marks every recipient's notice of it read, and pushes their notification badges", async () => {
    const message = await shipperWrites("Gate code 4411");
    const earlier = await shipperWrites("Ask for Mark");
    const notices = await noticesOf(message.id);
    expect(notices.map((n) => [n.userId, n.readAt])).toEqual([[world.carrier.id, null], [world.driver.id, null]]);

    recorder = recordBroadcasts();
    const { browser, csrf } = await signedInAgent(world.driver.email);
    expect((await browser.put(readPath(message.id)).set("X-CSRF-Token", csrf)).status).toBe(200);

    expect((await noticesOf(message.id)).every((n) => n.readAt instanceof Date)).toBe(true);
    // Only that message's: the other one is still unread, in the thread and as a notice.
    expect((await noticesOf(earlier.id)).map((n) => n.readAt)).toEqual([null, null]);
    for (const user of [world.carrier, world.driver]) expect(recorder.to(`user:${user.id}`).join()).toContain('<span id="nav_notifications_badge"');
    const page = await browser.get("/notifications");
    expect(page.text).toMatch(/id="nav_notifications_badge"[^>]*>1</);
  });

  it("a message read before its notices are stored leaves them stored read (the open thread read it first)", async () => {
    const message = await db().message.create({ data: { jobId: world.job.id, loadId: world.load.id, fromUserId: world.shipper.id, fromAccountId: world.shipper.accountId, toAccountId: world.carrier.accountId, body: "Read at once", readAt: new Date() } });
    await notify({ kind: "message_received", messageId: message.id });
    const notices = await noticesOf(message.id);
    expect(notices).toHaveLength(2);
    expect(notices.every((n) => n.readAt instanceof Date)).toBe(true);
  });

  it("the notice links to the conversation's path, which the open conversation carries for the card to recognise", async () => {
    const message = await shipperWrites("Dock 3");
    const [notice] = await noticesOf(message.id);
    const { browser } = await signedInAgent(world.carrier.email);
    const page = await browser.get(`/loads/${world.load.id}`);
    expect(page.text).toContain(`data-conversation data-conversation-path="${notice!.path}"`);
  });
});
