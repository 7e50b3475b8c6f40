import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { sgidFor } from "#models/messages.server.ts";
import { signGlobalId } from "#lib/global-id.server.ts";
import { agent, csrfTokenFor, signedInAgent } from "../../support/app.ts";
import { createUser } from "../../support/fixtures.ts";
import { createMessage, messagingWorld, openJobWithQuote, recordBroadcasts } from "../../support/messaging-fixtures.ts";

// PUT /api/v1/messages/:sgid/read.json: sent for each message from another user. One to the account
// is read for the account; one from a colleague on the same account is read for that user alone.

let world: Awaited<ReturnType<typeof messagingWorld>>;
beforeAll(async () => {
  world = await messagingWorld();
});
let recorder: ReturnType<typeof recordBroadcasts> | undefined;
afterEach(() => recorder?.stop());

const readPath = (sgid: string) => `/api/v1/messages/${encodeURIComponent(sgid)}/read.json`;
const toCarrier = () => createMessage({ jobId: world.job.id, loadId: world.load.id, from: world.shipper, toAccountId: world.carrier.accountId, body: "Gate code 4411" });
const readAtOf = async (id: number) => (await db().message.findUniqueOrThrow({ where: { id } })).readAt;

describe("PUT /api/v1/messages/:sgid/read.json", () => {
  it("marks an incoming message read for the recipient account and answers the account's unread count", async () => {
    const first = await toCarrier();
    await toCarrier();
    const { browser, csrf } = await signedInAgent(world.carrier.email);

    const response = await browser.put(readPath(sgidFor(first.id))).set("X-CSRF-Token", csrf);

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ read: true, unread_count: expect.any(Number) });
    expect(await readAtOf(first.id)).toBeInstanceOf(Date);
    const stillUnread = await db().message.count({ where: { toAccountId: world.carrier.accountId, readAt: null } });
    expect(response.body.unread_count).toBe(stillUnread);
  });

  it("lets the load's driver read a message on their load, and pushes the new count to each office user and the driver", async () => {
    const message = await toCarrier();
    recorder = recordBroadcasts();
    const { browser, csrf } = await signedInAgent(world.driver.email);

    const response = await browser.put(readPath(sgidFor(message.id))).set("X-CSRF-Token", csrf);

    expect(response.status).toBe(200);
    expect(await readAtOf(message.id)).toBeInstanceOf(Date);
    expect(recorder.to(`user:${world.carrier.id}`).join()).toContain('id="nav_messages_badge"');
    expect(recorder.to(`user:${world.driver.id}`).join()).toContain('id="nav_messages_badge"');
    expect(recorder.to(`user:${world.otherDriver.id}`)).toEqual([]);
  });

  it("is idempotent: reading a read message again changes nothing", async () => {
    const message = await toCarrier();
    const { browser, csrf } = await signedInAgent(world.carrier.email);
    await browser.put(readPath(sgidFor(message.id))).set("X-CSRF-Token", csrf).expect(200);
    const readAt = await readAtOf(message.id);

    await browser.put(readPath(sgidFor(message.id))).set("X-CSRF-Token", csrf).expect(200);

    expect(await readAtOf(message.id)).toEqual(readAt);
  });

  it("refuses a call without the CSRF header (403) and leaves the message unread", async () => {
    const message = await toCarrier();
    const { browser } = await signedInAgent(world.carrier.email);

    const response = await browser.put(readPath(sgidFor(message.id)));

    expect(response.status).toBe(403);
    expect(await readAtOf(message.id)).toBeNull();
  });

  it("answers 401 to a visitor who is not signed in", async () => {
    const message = await toCarrier();
    const visitor = agent();
    const csrf = await csrfTokenFor(visitor);

    const response = await visitor.put(readPath(sgidFor(message.id))).set("X-CSRF-Token", csrf);

    expect(response.status).toBe(401);
    expect(await readAtOf(message.id)).toBeNull();
  });

  it.each([
    ["another carrier", () => world.outsider.email],
    ["another shipper", () => world.otherShipper.email],
    ["a driver of the carrier who is not on the load", () => world.otherDriver.email],
  ])("answers 404 to %s and leaves the message unread", async (_who, email) => {
    const message = await toCarrier();
    const { browser, csrf } = await signedInAgent(email());

    const response = await browser.put(readPath(sgidFor(message.id))).set("X-CSRF-Token", csrf);

    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: "Not found" });
    expect(await readAtOf(message.id)).toBeNull();
  });

  it("does not let the sender mark their own message read (403)", async () => {
    const message = await toCarrier();
    const { browser, csrf } = await signedInAgent(world.shipper.email);

    const response = await browser.put(readPath(sgidFor(message.id))).set("X-CSRF-Token", csrf);

    expect([response.status, response.body]).toEqual([403, { error: "Your own message is not marked read" }]);
    expect(await readAtOf(message.id)).toBeNull();
    expect(await db().messageRead.count({ where: { messageId: message.id } })).toBe(0);
  });

  it.each([
    ["a bare id", (id: number) => String(id)],
    ["a tampered sgid", (id: number) => sgidFor(id).replace(/--(.)/, (_m, c: string) => `--${c === "A" ? "B" : "A"}`)],
    ["an sgid signed for another purpose", (id: number) => signGlobalId("Message", id, "download")],
    ["an sgid of another model", (id: number) => signGlobalId("Notification", id, "message")],
    ["an sgid of a message that does not exist", () => sgidFor(999_999)],
  ])("answers 404 to %s", async (_what, make) => {
    const message = await toCarrier();
    const { browser, csrf } = await signedInAgent(world.carrier.email);

    const response = await browser.put(readPath(make(message.id))).set("X-CSRF-Token", csrf);

    expect(response.status).toBe(404);
    expect(await readAtOf(message.id)).toBeNull();
  });
});

describe("a message from a colleague on the same account (another user)", () => {
  // A fresh world each: the counts below are the whole of each person's unread messages.
  const badgeCount = async (browser: Awaited<ReturnType<typeof signedInAgent>>["browser"]) =>
    Number(/id="nav_messages_badge"[^>]*data-unread-badge-count-value="(\d+)"/.exec((await browser.get("/messages")).text)?.[1]);
  const loadPage = (w: Awaited<ReturnType<typeof messagingWorld>>) => `/loads/${w.load.id}/messages`;

  it("counts as unread for the colleague until they read it, for them alone: the receiving account's receipt is untouched", async () => {
    const w = await messagingWorld();
    const message = await createMessage({ jobId: w.job.id, loadId: w.load.id, from: w.shipper, toAccountId: w.carrier.accountId, body: "Booked for 9am" });
    const colleague = await signedInAgent(w.shipperColleague.email);
    const sender = await signedInAgent(w.shipper.email);
    const carrier = await signedInAgent(w.carrier.email);
    expect([await badgeCount(colleague.browser), await badgeCount(sender.browser), await badgeCount(carrier.browser)]).toEqual([1, 0, 1]);
    const summary = `id="conversation_summary_load_${w.load.id}" class="conversation-summary conversation-summary-unread"`;
    expect((await colleague.browser.get("/messages")).text).toContain(summary);

    const response = await colleague.browser.put(readPath(sgidFor(message.id))).set("X-CSRF-Token", colleague.csrf);

    expect([response.status, response.body]).toEqual([200, { read: true, unread_count: 0 }]);
    expect(await readAtOf(message.id)).toBeNull();
    expect([await badgeCount(colleague.browser), await badgeCount(sender.browser), await badgeCount(carrier.browser)]).toEqual([0, 0, 1]);
    expect((await colleague.browser.get("/messages")).text).toContain(`id="conversation_summary_load_${w.load.id}" class="conversation-summary "`);
    const again = await colleague.browser.put(readPath(sgidFor(message.id))).set("X-CSRF-Token", colleague.csrf);
    expect([again.status, again.body]).toEqual([200, { read: true, unread_count: 0 }]);
    expect(await db().messageRead.count({ where: { messageId: message.id } })).toBe(1);
  });

  it("marks a job conversation unread for the colleague in the list of conversations", async () => {
    const w = await messagingWorld();
    const job = await openJobWithQuote(w.shipper, w.carrier);
    await createMessage({ jobId: job.id, from: w.shipper, toAccountId: w.carrier.accountId, body: "Can you do Tuesday?" });
    const colleague = await signedInAgent(w.shipperColleague.email);

    const page = (await colleague.browser.get("/messages")).text;

    expect(page).toContain(`id="conversation_summary_job_${job.id}_${w.carrier.accountId}" class="conversation-summary conversation-summary-unread"`);
  });

  it("shows the colleague its unread marker until they have read it; the sender's own copy has none", async () => {
    const w = await messagingWorld();
    const message = await createMessage({ jobId: w.job.id, loadId: w.load.id, from: w.shipper, toAccountId: w.carrier.accountId, body: "Pallets wrapped" });
    const colleague = await signedInAgent(w.shipperColleague.email);
    const sender = await signedInAgent(w.shipper.email);
    const marker = (html: string) => new RegExp(`id="message_${message.id}"((?!</article>)[\\s\\S])*data-message-target="marker"`).test(html);

    expect(marker((await colleague.browser.get(loadPage(w))).text)).toBe(true);
    expect(marker((await sender.browser.get(loadPage(w))).text)).toBe(false);
    await colleague.browser.put(readPath(sgidFor(message.id))).set("X-CSRF-Token", colleague.csrf).expect(200);
    expect(marker((await colleague.browser.get(loadPage(w))).text)).toBe(false);
  });

  it("counts for the carrier's office a message their driver sent, and pushes only the reader's own badge when it is read", async () => {
    const w = await messagingWorld();
    const message = await createMessage({ jobId: w.job.id, loadId: w.load.id, from: w.driver, toAccountId: w.shipper.accountId, body: "Running 20 minutes late" });
    const office = await signedInAgent(w.carrier.email);
    expect(await badgeCount(office.browser)).toBe(1);
    recorder = recordBroadcasts();

    const response = await office.browser.put(readPath(sgidFor(message.id))).set("X-CSRF-Token", office.csrf);

    expect([response.status, response.body]).toEqual([200, { read: true, unread_count: 0 }]);
    expect(recorder.to(`user:${w.carrier.id}`).join()).toContain('data-unread-badge-count-value="0"');
    expect(recorder.broadcasts.map((b) => b.stream)).toEqual([`user:${w.carrier.id}`]);
    expect(await readAtOf(message.id)).toBeNull();
  });

  it("is not unread for a colleague who joined after it was sent", async () => {
    const w = await messagingWorld();
    await createMessage({ jobId: w.job.id, loadId: w.load.id, from: w.shipper, toAccountId: w.carrier.accountId, body: "Before your time" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newcomer = await createUser("shipper", { role: "member", accountId: w.shipper.accountId });
    const { browser } = await signedInAgent(newcomer.email);

    expect(await badgeCount(browser)).toBe(0);
  });
});
