import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { sgidFor } from "#models/messages.server.ts";
import { signGlobalId } from "#models/global-id.server.ts";
import { agent, csrfTokenFor, signedInAgent } from "../../support/app.ts";
import { createMessage, messagingWorld, recordBroadcasts } from "../../support/messaging-fixtures.ts";

// PUT /api/v1/messages/:sgid/read.json: only the recipient account marks a message read.

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

  it("lets the load's driver read a message on their load, and pushes the new count to the office and the driver", async () => {
    const message = await toCarrier();
    recorder = recordBroadcasts();
    const { browser, csrf } = await signedInAgent(world.driver.email);

    const response = await browser.put(readPath(sgidFor(message.id))).set("X-CSRF-Token", csrf);

    expect(response.status).toBe(200);
    expect(await readAtOf(message.id)).toBeInstanceOf(Date);
    expect(recorder.to(`account:${world.carrier.accountId}`).join()).toContain('id="nav_messages_badge"');
    expect(recorder.to(`user:${world.driver.id}`).join()).toContain('id="nav_messages_badge"');
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

  it("does not let the sending account mark its own message read (403)", async () => {
    const message = await toCarrier();
    const { browser, csrf } = await signedInAgent(world.shipperColleague.email);

    const response = await browser.put(readPath(sgidFor(message.id))).set("X-CSRF-Token", csrf);

    expect(response.status).toBe(403);
    expect(await readAtOf(message.id)).toBeNull();
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
