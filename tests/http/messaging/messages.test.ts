import { describe, expect, it } from "vitest";
import { TURBO_STREAM } from "#lib/turbo.server.ts";
import { db } from "#db/client.server.ts";
import { sgidFor } from "#models/messages.server.ts";
import { unreadMessageCount } from "#models/messages/badges.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createMessage, messagingWorld, openJobWithQuote, useMessagingWorld } from "../../support/messaging-fixtures.ts";

const STREAM = TURBO_STREAM;
const ctx = useMessagingWorld();

const loadPath = () => `/loads/${ctx.world.load.id}/messages`;

describe("posting a message on a load", () => {
  it("answers with a Turbo Stream and broadcasts the very same stream to the conversation", async () => {
    const { browser, csrf } = await signedInAgent(ctx.world.carrier.email);

    const response = await browser.post(loadPath()).set("Accept", `${STREAM}, text/html`).type("form").send({ _csrf: csrf, body: "Collected, on our way" });

    expect(response.status).toBe(200);
    expect(response.type).toBe(STREAM);
    const message = await db().message.findFirstOrThrow({ where: { body: "Collected, on our way" } });
    expect(message).toMatchObject({ jobId: ctx.world.job.id, loadId: ctx.world.load.id, fromUserId: ctx.world.carrier.id, fromAccountId: ctx.world.carrier.accountId, toAccountId: ctx.world.shipper.accountId, readAt: null });
    expect(response.text).toContain(`<turbo-stream action="append" target="messages_load_${ctx.world.load.id}">`);
    expect(response.text).toContain(`<turbo-stream action="remove" target="typing_notice_load_${ctx.world.load.id}_${ctx.world.carrier.id}">`);
    expect(ctx.recorder.to(`conversation:load:${ctx.world.load.id}`)).toEqual([response.text]);
  });

  it("renders the message element with its sgid, sender and load, and an unread marker", async () => {
    const { browser, csrf } = await signedInAgent(ctx.world.shipper.email);

    const response = await browser.post(loadPath()).set("Accept", STREAM).type("form").send({ _csrf: csrf, body: "Gate code 4411" });

    const message = await db().message.findFirstOrThrow({ where: { body: "Gate code 4411" } });
    expect(response.text).toContain(`id="message_${message.id}"`);
    expect(response.text).toContain(`data-sgid="${sgidFor(message.id)}"`);
    expect(response.text).toContain(`data-from-user-id="${ctx.world.shipper.id}"`);
    expect(response.text).toContain(`data-load-id="${ctx.world.load.id}"`);
    expect(response.text).toContain('data-message-target="marker"');
  });

  it("escapes the body everywhere it is shown", async () => {
    const { browser, csrf } = await signedInAgent(ctx.world.shipper.email);

    const response = await browser.post(loadPath()).set("Accept", STREAM).type("form").send({ _csrf: csrf, body: '<img src=x onerror="alert(1)">' });
    const page = await browser.get(loadPath());

    for (const html of [response.text, page.text]) {
      expect(html).toContain("&lt;img src=x onerror=&#34;alert(1)&#34;&gt;");
      expect(html).not.toContain("<img src=x");
    }
  });

  it("raises the badge of everyone else in the conversation, each on their own stream: the carrier's office, the load's driver and the sender's colleague", async () => {
    const { browser, csrf } = await signedInAgent(ctx.world.shipper.email);
    const unreadBefore = await db().message.count({ where: { toAccountId: ctx.world.carrier.accountId, readAt: null } });
    const colleagueUnreadBefore = await unreadMessageCount(ctx.world.shipperColleague);

    await browser.post(loadPath()).set("Accept", STREAM).type("form").send({ _csrf: csrf, body: "Please call on arrival" }).expect(200);

    const badgeOf = (userId: number) => ctx.recorder.to(`user:${userId}`).find((message) => message.includes('target="nav_messages_badge"'));
    const office = badgeOf(ctx.world.carrier.id);
    expect(office).toContain('<turbo-stream action="replace" target="nav_messages_badge">');
    expect(office).toContain(`data-unread-badge-count-value="${unreadBefore + 1}"`);
    expect(office).toContain("badge badge-unread");
    expect(badgeOf(ctx.world.driver.id)).toContain('id="nav_messages_badge"');
    expect(badgeOf(ctx.world.shipperColleague.id)).toContain(`data-unread-badge-count-value="${colleagueUnreadBefore + 1}"`);
    expect(badgeOf(ctx.world.shipper.id)).toBeUndefined();
    expect(ctx.recorder.to(`account:${ctx.world.carrier.accountId}`)).toEqual([]);
  });

  it("notifies the recipients (office users and the driver), not the sender's side", async () => {
    const { browser, csrf } = await signedInAgent(ctx.world.shipper.email);

    await browser.post(loadPath()).set("Accept", STREAM).type("form").send({ _csrf: csrf, body: "Dock 4 please" }).expect(200);

    const notified = await db().notification.findMany({ where: { kind: "message", body: "Dock 4 please" }, select: { userId: true, title: true, path: true } });
    expect(notified.map((n) => n.userId).sort()).toEqual([ctx.world.carrier.id, ctx.world.driver.id].sort());
    expect(notified[0]).toMatchObject({ title: `Sarah Shipper (${ctx.world.shipper.account.name}) about load 1 of Pallets to Belfast`, path: loadPath() });
    expect(ctx.recorder.to(`user:${ctx.world.carrier.id}`).join()).toContain('<turbo-stream action="prepend" target="notification_cards">');
  });

  it("refuses an empty message with 422, re-rendering the form with the error, and saves nothing", async () => {
    const { browser, csrf } = await signedInAgent(ctx.world.carrier.email);
    const before = await db().message.count();

    const response = await browser.post(loadPath()).set("Accept", STREAM).type("form").send({ _csrf: csrf, body: "   " });

    expect(response.status).toBe(422);
    expect(response.text).toContain(`<turbo-stream action="replace" target="message_form_load_${ctx.world.load.id}">`);
    expect(response.text).toContain("Write a message first");
    expect(await db().message.count()).toBe(before);
    expect(ctx.recorder.broadcasts).toEqual([]);
  });

  it("redirects (303) a form post without Turbo back to the conversation", async () => {
    const { browser, csrf } = await signedInAgent(ctx.world.driver.email);

    const response = await browser.post(loadPath()).type("form").send({ _csrf: csrf, body: "Running 20 minutes late" });

    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(loadPath());
  });

  it.each([
    ["another carrier", () => ctx.world.outsider.email],
    ["another shipper", () => ctx.world.otherShipper.email],
    ["a driver not on the load", () => ctx.world.otherDriver.email],
  ])("answers 404 to %s, for the page and for a post", async (_who, email) => {
    const { browser, csrf } = await signedInAgent(email());
    const before = await db().message.count();

    const page = await browser.get(loadPath());
    const post = await browser.post(loadPath()).set("Accept", STREAM).type("form").send({ _csrf: csrf, body: "Hi" });

    expect([page.status, post.status]).toEqual([404, 404]);
    expect(await db().message.count()).toBe(before);
  });

  it("refuses a post without the CSRF token (403)", async () => {
    const { browser } = await signedInAgent(ctx.world.carrier.email);

    const response = await browser.post(loadPath()).set("Accept", STREAM).type("form").send({ body: "Hi" });

    expect(response.status).toBe(403);
  });
});

describe("conversations about a job before its award", () => {
  it("lets any carrier ask about an open job, then the shipper answer that carrier", async () => {
    const job = await openJobWithQuote(ctx.world.shipper);
    const carrier = await signedInAgent(ctx.world.outsider.email);
    const shipper = await signedInAgent(ctx.world.shipper.email);
    const shipperPath = `/jobs/${job.id}/messages?carrier_account_id=${ctx.world.outsider.accountId}`;

    expect((await shipper.browser.get(shipperPath)).status).toBe(404);
    await carrier.browser.post(`/jobs/${job.id}/messages`).set("Accept", STREAM).type("form").send({ _csrf: carrier.csrf, body: "Is there a tail lift?" }).expect(200);
    const page = await shipper.browser.get(shipperPath);
    await shipper.browser.post(shipperPath).set("Accept", STREAM).type("form").send({ _csrf: shipper.csrf, body: "Yes" }).expect(200);

    expect(page.status).toBe(200);
    expect(page.text).toContain("Is there a tail lift?");
    const answer = await db().message.findFirstOrThrow({ where: { jobId: job.id, body: "Yes" } });
    expect(answer).toMatchObject({ loadId: null, fromAccountId: ctx.world.shipper.accountId, toAccountId: ctx.world.outsider.accountId });
    expect(ctx.recorder.to(`conversation:job:${job.id}:${ctx.world.outsider.accountId}`)).toHaveLength(2);
  });

  it("keeps each carrier's conversation private: another carrier never sees it", async () => {
    const job = await openJobWithQuote(ctx.world.shipper, ctx.world.outsider);
    await createMessage({ jobId: job.id, from: ctx.world.outsider, toAccountId: ctx.world.shipper.accountId, body: "Our secret price question" });
    const { browser } = await signedInAgent(ctx.world.carrier.email);

    const page = await browser.get(`/jobs/${job.id}/messages?carrier_account_id=${ctx.world.outsider.accountId}`);

    expect(page.status).toBe(200); // the carrier's own (empty) conversation: the named account is ignored
    expect(page.text).not.toContain("Our secret price question");
  });

  it("closes the job's conversation once the job is awarded (422), the history stays readable", async () => {
    const job = await openJobWithQuote(ctx.world.shipper, ctx.world.outsider);
    await createMessage({ jobId: job.id, from: ctx.world.outsider, toAccountId: ctx.world.shipper.accountId, body: "Before the award" });
    await db().job.update({ where: { id: job.id }, data: { status: "awarded" } });
    const { browser, csrf } = await signedInAgent(ctx.world.outsider.email);

    const page = await browser.get(`/jobs/${job.id}/messages`);
    const post = await browser.post(`/jobs/${job.id}/messages`).set("Accept", STREAM).type("form").send({ _csrf: csrf, body: "After" });

    expect(page.text).toContain("Before the award");
    expect(page.text).toContain("its conversation is closed");
    expect(post.status).toBe(422);
  });

  it("answers 404 for a draft job, an unknown job and a non-numeric id", async () => {
    const draft = await openJobWithQuote(ctx.world.shipper);
    await db().job.update({ where: { id: draft.id }, data: { status: "draft" } });
    const { browser } = await signedInAgent(ctx.world.carrier.email);

    const statuses = await Promise.all([`/jobs/${draft.id}/messages`, "/jobs/999999/messages", "/jobs/abc/messages"].map(async (path) => (await browser.get(path)).status));

    expect(statuses).toEqual([404, 404, 404]);
  });
});

describe("GET /messages", () => {
  it("lists the user's conversations, newest first, with unread counts, and none of other accounts'", async () => {
    const job = await openJobWithQuote(ctx.world.shipper, ctx.world.carrier);
    await createMessage({ jobId: ctx.world.job.id, loadId: ctx.world.load.id, from: ctx.world.shipper, toAccountId: ctx.world.carrier.accountId, body: "Load note one" });
    await createMessage({ jobId: ctx.world.job.id, loadId: ctx.world.load.id, from: ctx.world.shipper, toAccountId: ctx.world.carrier.accountId, body: "Load note two" });
    await createMessage({ jobId: job.id, from: ctx.world.carrier, toAccountId: ctx.world.shipper.accountId, body: "Question on Drums" });
    await createMessage({ jobId: job.id, from: ctx.world.shipper, toAccountId: ctx.world.carrier.accountId, body: "Answer on Drums", readAt: new Date() });
    const { browser } = await signedInAgent(ctx.world.carrier.email);

    const page = await browser.get("/messages");

    expect(page.status).toBe(200);
    const drums = page.text.indexOf(`conversation_summary_job_${job.id}_${ctx.world.carrier.accountId}`);
    const load = page.text.indexOf(`conversation_summary_load_${ctx.world.load.id}`);
    expect(drums).toBeGreaterThan(-1);
    expect(load).toBeGreaterThan(drums);
    // Unread for the carrier: the shipper's messages the account has not read, and its driver's (a colleague's) it has not read itself.
    const incoming = await db().message.count({ where: { loadId: ctx.world.load.id, toAccountId: ctx.world.carrier.accountId, readAt: null } });
    const fromDriver = await db().message.count({ where: { loadId: ctx.world.load.id, fromUserId: ctx.world.driver.id, reads: { none: { userId: ctx.world.carrier.id } } } });
    expect(fromDriver).toBeGreaterThan(0);
    const loadUnread = incoming + fromDriver;
    expect(page.text.slice(load, load + 1_000)).toContain(`<span class="badge badge-unread" title="Unread">${loadUnread}</span>`);
    expect(page.text.slice(drums, load)).toContain('<span class="badge" title="Unread">0</span>');
    expect(page.text).toContain("Answer on Drums");
  });

  it("shows a driver only the conversations of their own loads", async () => {
    const job = await openJobWithQuote(ctx.world.shipper, ctx.world.carrier);
    await createMessage({ jobId: job.id, from: ctx.world.shipper, toAccountId: ctx.world.carrier.accountId, body: "Office only" });
    await createMessage({ jobId: ctx.world.job.id, loadId: ctx.world.load.id, from: ctx.world.shipper, toAccountId: ctx.world.carrier.accountId, body: "For the driver" });
    const driver = await signedInAgent(ctx.world.driver.email);
    const otherDriver = await signedInAgent(ctx.world.otherDriver.email);

    const [mine, theirs] = await Promise.all([driver.browser.get("/messages"), otherDriver.browser.get("/messages")]);

    expect(mine.text).toContain("For the driver");
    expect(mine.text).not.toContain("Office only");
    expect(theirs.text).not.toContain("For the driver");
  });
});

describe("the navigation's messages badge", () => {
  it("shows the account's unread count, highlighted, with the streams that keep it live", async () => {
    const other = await messagingWorld();
    await createMessage({ jobId: other.job.id, loadId: other.load.id, from: other.shipper, toAccountId: other.carrier.accountId });
    await createMessage({ jobId: other.job.id, loadId: other.load.id, from: other.shipper, toAccountId: other.carrier.accountId });
    const { browser } = await signedInAgent(other.carrier.email);

    const page = await browser.get("/messages");

    expect(page.text).toMatch(/<a id="nav_messages_badge" href="\/messages" class="badge badge-unread nav-badge"[^>]*data-unread-badge-count-value="2"/);
    expect(page.text).toContain("<turbo-cable-stream-source");
    expect(page.text).toMatch(/<span id="nav_notifications_badge" class="badge"/);
  });

  it("is neutral at zero", async () => {
    const { browser } = await signedInAgent(ctx.world.otherShipper.email);

    const page = await browser.get("/messages");

    expect(page.text).toMatch(/<a id="nav_messages_badge" href="\/messages" class="badge nav-badge"[^>]*data-unread-badge-count-value="0"/);
  });
});
