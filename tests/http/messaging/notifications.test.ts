import { describe, expect, it } from "vitest";
import { TURBO_STREAM } from "#lib/turbo.server.ts";
import { db } from "#db/client.server.ts";
import { notify } from "#models/notifications/notify.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createUser } from "../../support/fixtures.ts";
import { useMessagingWorld, openJobWithQuote } from "../../support/messaging-fixtures.ts";

const STREAM = TURBO_STREAM;
const ctx = useMessagingWorld();

const since = async () => (await db().notification.aggregate({ _max: { id: true } }))._max.id ?? 0;
const createdAfter = (id: number) => db().notification.findMany({ where: { id: { gt: id } }, orderBy: { id: "asc" }, select: { userId: true, kind: true, title: true, path: true } });
const userIds = (rows: { userId: number }[]) => rows.map((r) => r.userId).sort((a, b) => a - b);
const sorted = (...ids: number[]) => ids.sort((a, b) => a - b);

describe("notify(event): who hears about what", () => {
  it("tells the shipper's office users about a new quote (not drivers, not the carrier)", async () => {
    const job = await openJobWithQuote(ctx.world.shipper, ctx.world.outsider);
    const quote = await db().quote.findFirstOrThrow({ where: { jobId: job.id } });
    const mark = await since();

    await notify({ kind: "quote_received", jobId: job.id, quoteId: quote.id });

    const rows = await createdAfter(mark);
    expect(userIds(rows)).toEqual(sorted(ctx.world.shipper.id, ctx.world.shipperColleague.id));
    expect(rows[0]).toMatchObject({ kind: "quote_received", title: "New quote on Drums to Derby", path: `/jobs/${job.id}/quotes` });
  });

  it("pushes each notification live to its user: a card, the list rows and the badge", async () => {
    const job = await openJobWithQuote(ctx.world.shipper, ctx.world.outsider);
    const quote = await db().quote.findFirstOrThrow({ where: { jobId: job.id } });

    await notify({ kind: "quote_received", jobId: job.id, quoteId: quote.id });

    const [html] = ctx.recorder.to(`user:${ctx.world.shipper.id}`);
    expect(html).toContain('<turbo-stream action="prepend" target="notification_cards">');
    expect(html).toMatch(/<article id="notification_card_\d+" class="notification notification-card notification-unread"/);
    expect(html).toContain('<turbo-stream action="prepend" target="notifications">');
    expect(html).toContain('<turbo-stream action="prepend" target="notifications_tray_list">');
    expect(html).toContain('<turbo-stream action="replace" target="nav_notifications_badge">');
    expect(html).toContain('data-controller="expandable"');
    expect(ctx.recorder.to(`user:${ctx.world.shipperColleague.id}`)).toHaveLength(1);
  });

  it.each([
    ["outbid", () => ({ kind: "outbid" as const, jobId: ctx.world.job.id, carrierAccountIds: [ctx.world.carrier.accountId, ctx.world.outsider.accountId] }), () => [ctx.world.carrier.id, ctx.world.outsider.id], "outbid"],
    ["awarded", () => ({ kind: "awarded" as const, jobId: ctx.world.job.id, carrierAccountId: ctx.world.carrier.accountId, loads: 2 }), () => [ctx.world.carrier.id], "awarded"],
    ["quote_declined", () => ({ kind: "quote_declined" as const, jobId: ctx.world.job.id, carrierAccountId: ctx.world.outsider.accountId }), () => [ctx.world.outsider.id], "quote_declined"],
    ["load_assigned", () => ({ kind: "load_assigned" as const, loadId: ctx.world.load.id, carrierAccountId: ctx.world.carrier.accountId }), () => [ctx.world.carrier.id], "load_assigned"],
    ["driver_assigned", () => ({ kind: "driver_assigned" as const, loadId: ctx.world.load.id, driverId: ctx.world.driver.id }), () => [ctx.world.driver.id, ctx.world.shipper.id, ctx.world.shipperColleague.id], "driver_assigned"],
    ["a driver taken off", () => ({ kind: "driver_assigned" as const, loadId: ctx.world.load.id, driverId: null }), () => [], "driver_assigned"],
    ["load_status collected", () => ({ kind: "load_status" as const, loadId: ctx.world.load.id, status: "collected" }), () => [ctx.world.shipper.id, ctx.world.shipperColleague.id], "load_status"],
    ["load_status cancelled", () => ({ kind: "load_status" as const, loadId: ctx.world.load.id, status: "cancelled" }), () => [ctx.world.shipper.id, ctx.world.shipperColleague.id, ctx.world.carrier.id, ctx.world.driver.id], "load_status"],
    ["an unknown job", () => ({ kind: "awarded" as const, jobId: 999_999, carrierAccountId: ctx.world.carrier.accountId, loads: 1 }), () => [], "awarded"],
  ])("%s", async (_name, event, expected, kind) => {
    const mark = await since();

    await notify(event());

    const rows = await createdAfter(mark);
    expect(userIds(rows)).toEqual(sorted(...expected()));
    for (const row of rows) expect(row.kind).toBe(kind);
  });

  it("tells the shipper and bidders when an auction goes live or closes, and bidders when a job is cancelled", async () => {
    const job = await openJobWithQuote(ctx.world.shipper, ctx.world.outsider);
    const withdrawn = await createUser("carrier");
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: withdrawn.accountId, placedById: withdrawn.id, valueCents: 1, numberOfLoads: 1, status: "withdrawn" } });

    for (const kind of ["auction_live", "auction_closed", "job_cancelled"] as const) {
      const mark = await since();
      await notify({ kind, jobId: job.id });
      const expected = kind === "job_cancelled" ? [ctx.world.outsider.id] : [ctx.world.shipper.id, ctx.world.shipperColleague.id, ctx.world.outsider.id];
      expect(userIds(await createdAfter(mark))).toEqual(sorted(...expected));
    }
  });
});

describe("/notifications", () => {
  async function notified(user: { id: number }, title: string) {
    return db().notification.create({ data: { userId: user.id, kind: "awarded", title, body: "Body text", path: "/loads" } });
  }

  it("lists the user's own notifications, newest first, and no one else's", async () => {
    const user = await createUser("carrier");
    await notified(user, "Older news");
    await notified(user, "Newer news");
    await notified(ctx.world.carrier, "News for another user");
    const { browser } = await signedInAgent(user.email);

    const page = await browser.get("/notifications");

    expect(page.status).toBe(200);
    expect(page.text).toContain("2 unread notifications");
    expect(page.text.indexOf("Newer news")).toBeLessThan(page.text.indexOf("Older news"));
    expect(page.text).not.toContain("News for another user");
    expect(page.text).toMatch(/<span id="nav_notifications_badge" class="badge badge-unread"[^>]*data-unread-badge-count-value="2"/);
  });

  it("serves the navigation tray as a turbo-frame of the latest notifications", async () => {
    const user = await createUser("carrier");
    await notified(user, "Tray news");
    const { browser } = await signedInAgent(user.email);

    const tray = await browser.get("/notifications/tray");

    expect(tray.text).toMatch(/^<turbo-frame id="notifications_tray" target="_top">/);
    expect(tray.text).toContain("Tray news");
    expect(tray.text).toMatch(/id="tray_notification_\d+"/);
  });

  it("marks one read with a Turbo Stream that updates every copy and the badge", async () => {
    const user = await createUser("carrier");
    const notification = await notified(user, "Read me");
    await notified(user, "Still unread");
    const { browser, csrf } = await signedInAgent(user.email);

    const response = await browser.patch(`/notifications/${notification.id}`).set("Accept", STREAM).set("X-CSRF-Token", csrf);

    expect(response.status).toBe(200);
    expect(response.text).toContain(`<turbo-stream action="replace" target="notification_${notification.id}">`);
    expect(response.text).toContain(`<turbo-stream action="replace" target="tray_notification_${notification.id}">`);
    expect(response.text).toContain(`<turbo-stream action="remove" target="notification_card_${notification.id}">`);
    expect(response.text).toContain('data-unread-badge-count-value="1"');
    expect((await db().notification.findUniqueOrThrow({ where: { id: notification.id } })).readAt).toBeInstanceOf(Date);
    expect(ctx.recorder.to(`user:${user.id}`).join()).toContain('data-unread-badge-count-value="1"');
  });

  it("answers 404 to marking another user's notification, and changes nothing", async () => {
    const theirs = await notified(ctx.world.carrier, "Not yours");
    const { browser, csrf } = await signedInAgent(ctx.world.outsider.email);

    const response = await browser.post(`/notifications/${theirs.id}`).type("form").send({ _csrf: csrf, _method: "patch" });

    expect(response.status).toBe(404);
    expect((await db().notification.findUniqueOrThrow({ where: { id: theirs.id } })).readAt).toBeNull();
  });

  it("marks all read with a plain form (303), leaving other users' alone", async () => {
    const user = await createUser("carrier");
    await notified(user, "One");
    await notified(user, "Two");
    const other = await notified(ctx.world.carrier, "Other user");
    const { browser, csrf } = await signedInAgent(user.email);

    const response = await browser.post("/notifications").type("form").send({ _csrf: csrf, _method: "patch" });

    expect(response.status).toBe(303);
    expect(await db().notification.count({ where: { userId: user.id, readAt: null } })).toBe(0);
    expect((await db().notification.findUniqueOrThrow({ where: { id: other.id } })).readAt).toBeNull();
  });

  it("refuses mark-all without the CSRF token (403)", async () => {
    const user = await createUser("carrier");
    await notified(user, "One");
    const { browser } = await signedInAgent(user.email);

    expect((await browser.post("/notifications").type("form").send({ _method: "patch" })).status).toBe(403);
    expect(await db().notification.count({ where: { userId: user.id, readAt: null } })).toBe(1);
  });
});
