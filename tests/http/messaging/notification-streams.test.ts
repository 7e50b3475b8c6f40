import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { TURBO_STREAM } from "#lib/turbo.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createUser } from "../../support/fixtures.ts";

// The notifications the lazy stream loader, the load trigger and the reloading frame ask for.

const HOUR = 3_600_000;

async function readerWith(count: number, read = false) {
  const user = await createUser("carrier", { name: "Nina Notified" });
  const start = Date.now() - (count + 1) * HOUR;
  await db().notification.createMany({
    data: Array.from({ length: count }, (_, i) => ({ userId: user.id, kind: "awarded", title: `Note ${String(i + 1).padStart(2, "0")}`, body: "", createdAt: new Date(start + i * HOUR), readAt: read ? new Date() : null })),
  });
  return { user, ...(await signedInAgent(user.email)) };
}

describe("the navigation tray as a Turbo Stream", () => {
  it("updates #notifications_tray with the latest eight and 'Mark all as read' while some are unread", async () => {
    const { browser } = await readerWith(10);
    const response = await browser.get("/notifications/tray").set("Accept", TURBO_STREAM).expect(200);
    expect(response.headers["content-type"]).toBe(`${TURBO_STREAM}; charset=utf-8`);
    expect(response.text).toMatch(/^<turbo-stream action="update" target="notifications_tray"><template>\s*<div id="notifications_tray_list"/);
    expect(response.text.match(/id="tray_notification_\d+"/g)).toHaveLength(8);
    expect(response.text).toContain("Note 10");
    expect(response.text).not.toContain("Note 02");
    expect(response.text).toMatch(/<form action="\/notifications" method="post" class="notifications-tray-actions">[\s\S]*name="_method" value="patch"[\s\S]*Mark all as read/);
    expect(response.text).not.toContain("<turbo-frame");
  });

  it("offers no 'Mark all as read' when everything is read, and says when there is nothing", async () => {
    const { browser } = await readerWith(2, true);
    expect((await browser.get("/notifications/tray").set("Accept", TURBO_STREAM)).text).not.toContain("Mark all as read");
    const empty = await readerWith(0);
    expect((await empty.browser.get("/notifications/tray").set("Accept", TURBO_STREAM)).text).toContain("Nothing yet.");
  });
});

describe("older notifications as a Turbo Stream", () => {
  it("links page 2 from page 1 with a load trigger, and appends page 2 with no further link", async () => {
    const { browser } = await readerWith(35);
    const page = await browser.get("/notifications").expect(200);
    expect(page.text).toContain('<a class="button" href="/notifications?page=2" data-turbo-stream data-controller="load-trigger">Show older notifications</a>');

    const more = await browser.get("/notifications?page=2").set("Accept", TURBO_STREAM).expect(200);
    expect(more.headers["content-type"]).toBe(`${TURBO_STREAM}; charset=utf-8`);
    expect(more.text).toMatch(/^<turbo-stream action="append" target="notifications"><template>/);
    expect(more.text.match(/<article id="notification_\d+"/g)).toHaveLength(5);
    expect(more.text).toContain("Note 01");
    expect(more.text).toContain('<turbo-stream action="replace" target="notifications_more"><template>');
    expect(more.text).not.toContain("Show older notifications");
  });

  it("opens page 2 as a whole page without JavaScript, with a way back to the newest", async () => {
    const { browser } = await readerWith(35);
    const page = await browser.get("/notifications?page=2").expect(200);
    expect(page.text).toContain("<!doctype html>");
    expect(page.text).toContain('<a href="/notifications">Newest notifications</a>');
    expect(page.text).not.toContain("Show older notifications");
  });
});

describe("mark all as read", () => {
  it("answers a Turbo request with a reloading frame that refreshes the page it was pressed on", async () => {
    const { user, browser, csrf } = await readerWith(3);
    const response = await browser.patch("/notifications").set("Accept", `${TURBO_STREAM}, text/html`).set("X-CSRF-Token", csrf).expect(200);
    expect(response.text).toBe('<turbo-stream action="append" target="notifications_tray"><template><turbo-frame id="notifications_reload" data-controller="reloading-frame"></turbo-frame></template></turbo-stream>');
    expect(await db().notification.count({ where: { userId: user.id, readAt: null } })).toBe(0);
  });
});
