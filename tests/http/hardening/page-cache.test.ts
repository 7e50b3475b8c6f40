import { afterEach, describe, expect, it, vi } from "vitest";
import { db } from "#db/client.server.ts";
import { createApp } from "#server/app.server.ts";
import { parseEnv } from "#lib/env.server.ts";
import { createLogger } from "#lib/logger.server.ts";
import { agent, csrfTokenFor, signedInAgent, testApp, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { messagingWorld } from "../../support/messaging-fixtures.ts";
import { spyOnStatements, writeBehindTheAppsBack } from "../../support/statements.ts";

const nonceOf = (html: string) => /<meta name="csp-nonce" content="([^"]+)"/.exec(html)?.[1];
const csrfOf = (html: string) => /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1];


// Signed-in pages are kept rendered per person and request, for at most a second, and dropped the
// moment any table they read is written through the app.
describe("kept pages", () => {
  afterEach(() => vi.restoreAllMocks());

  it("are served again while nothing they read changed, for at most one second", async () => {
    const shipper = await createShipper();
    const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Before reference" });
    const { browser } = await signedInAgent(shipper.email);
    expect((await browser.get("/jobs")).text).toContain("Before reference");
    await writeBehindTheAppsBack(`UPDATE "Job" SET reference = ? WHERE id = ?`, "After reference", job.id);
    expect((await browser.get("/jobs")).text).toContain("Before reference");
    const now = Date.now();
    vi.spyOn(Date, "now").mockReturnValue(now + 1_000);
    const later = (await browser.get("/jobs")).text;
    expect([later.includes("After reference"), later.includes("Before reference")]).toEqual([true, false]);
  });

  it("show a changed company name on the very next page", async () => {
    const shipper = await createShipper({ company: "Old Name Haulage" });
    const { browser } = await signedInAgent(shipper.email);
    expect((await browser.get("/jobs")).text).toContain("Old Name Haulage");
    await db().account.update({ where: { id: shipper.accountId }, data: { name: "New Name Haulage" } });
    const page = (await browser.get("/jobs")).text;
    expect([page.includes("New Name Haulage"), page.includes("Old Name Haulage")]).toEqual([true, false]);
  });

  it("show a new quote on the shipper's job page at once", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Quoted soon" });
    const office = await signedInAgent(shipper.email);
    expect((await office.browser.get(`/jobs/${job.id}`)).text).toContain("No quotes yet.");
    const bidder = await signedInAgent(carrier.email);
    await bidder.browser.post(`/jobs/${job.id}/quotes`).type("form").send({ _csrf: bidder.csrf, price: "412", number_of_loads: "1" }).expect(303);
    expect((await office.browser.get(`/jobs/${job.id}`)).text).toContain("1 quote so far; the cheapest is <strong>£412.00</strong>");
  });

  it("show the unread badge after a message at once", async () => {
    const world = await messagingWorld();
    const carrier = await signedInAgent(world.carrier.email);
    const badge = async () => /id="nav_messages_badge"[^>]*data-unread-badge-count-value="(\d+)"/.exec((await carrier.browser.get("/loads")).text)?.[1];
    expect(await badge()).toBe("0");
    const shipper = await signedInAgent(world.shipper.email);
    await shipper.browser.post(`/loads/${world.load.id}/messages`).type("form").send({ _csrf: shipper.csrf, body: "Gate code 4411" }).expect(303);
    expect(await badge()).toBe("1");
  });

  it("show the unread badge after a message at once, also on a page built from kept badge counts", async () => {
    const world = await messagingWorld();
    const shipper = await signedInAgent(world.shipper.email);
    const carrier = await signedInAgent(world.carrier.email);
    const badgeOn = async (path: string) => /id="nav_messages_badge"[^>]*data-unread-badge-count-value="(\d+)"/.exec((await carrier.browser.get(path)).text)?.[1];
    expect(await badgeOn("/dashboard")).toBe("0");
    expect(await badgeOn("/loads")).toBe("0");
    await shipper.browser.post(`/loads/${world.load.id}/messages`).type("form").send({ _csrf: shipper.csrf, body: "Dock 4" }).expect(303);
    expect(await badgeOn("/loads")).toBe("1");
  });

  it("carry each answer's own CSP nonce and the session's CSRF token", async () => {
    const shipper = await createShipper();
    const { browser, csrf } = await signedInAgent(shipper.email);
    const first = await browser.get("/dashboard");
    const second = await browser.get("/dashboard");
    const nonces = [nonceOf(first.text), nonceOf(second.text)];
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(String(second.headers["content-security-policy"])).toContain(`'nonce-${nonces[1]}'`);
    expect([csrfOf(first.text), csrfOf(second.text)]).toEqual([csrf, csrf]);
    await browser.delete("/session").set("X-CSRF-Token", csrfOf(second.text)!).expect(303);
  });

  it("belong to one person: another user of the same account sees their own name", async () => {
    const carrier = await createCarrier({ name: "Alice Office" });
    const colleague = await createCarrier({ name: "Bob Office" });
    for (const [user, name, other] of [[carrier, "Alice Office", "Bob Office"], [colleague, "Bob Office", "Alice Office"]] as const) {
      const { browser } = await signedInAgent(user.email);
      const page = (await browser.get("/jobs")).text;
      expect([page.includes(name), page.includes(other)]).toEqual([true, false]);
    }
  });

  /** A shipper who has just cancelled a job: the notice saying so waits in their session for the next page. */
  const NOTICE = "Job cancelled. Carriers can no longer quote on it.";
  async function noticeWaiting() {
    const shipper = await createShipper();
    const { browser, csrf } = await signedInAgent(shipper.email);
    const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Cancelled soon" });
    await browser.post(`/jobs/${job.id}/cancellation`).type("form").send({ _csrf: csrf }).expect(303);
    return { browser, job, notice: NOTICE };
  }

  it("leave a one-time flash message to the next whole page: a Turbo Frame's request in between does not take it", async () => {
    const { browser, job, notice } = await noticeWaiting();
    const frame = await browser.get(`/jobs/${job.id}/files`).set("Turbo-Frame", "job_files").expect(200);
    const page = await browser.get(`/jobs/${job.id}`).expect(200);
    expect([frame.text.includes(notice), page.text.includes(notice)]).toEqual([false, true]);
  });

  it("are never kept with a one-time flash message, which shows once", async () => {
    const { browser, job, notice } = await noticeWaiting();
    const pages = [(await browser.get(`/jobs/${job.id}`)).text, (await browser.get(`/jobs/${job.id}`)).text];
    expect(pages.map((page) => page.includes(notice))).toEqual([true, false]);
  });

  describe("once out of date, rendered again by one request while others arrive", () => {
    const slowRenders = () => {
      // Each render takes a while, as a big page does, so the other requests surely arrive during it.
      const app = testApp();
      const render = app.render.bind(app);
      vi.spyOn(app, "render").mockImplementation(((view: string, locals: object, done: (err: Error, html: string) => void) => {
        setTimeout(() => render(view, locals, done), 30);
      }) as typeof app.render);
    };
    const together = async (browser: Agent, at: number, requests: number) => {
      vi.spyOn(Date, "now").mockReturnValue(at);
      const spy = spyOnStatements();
      const pages = await Promise.all(Array.from({ length: requests }, () => browser.get("/jobs").expect(200)));
      const reads = spy.sent().filter((sql) => /FROM "Job"/.test(sql)).length;
      spy.restore();
      return { reads, pages: pages.map((page) => page.text) };
    };

    it("a second old with nothing written: one renders, the rest get the kept copy at once, each with its own nonce", async () => {
      const shipper = await createShipper();
      const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Before reference" });
      const { browser } = await signedInAgent(shipper.email);
      await browser.get("/jobs").expect(200);
      slowRenders();
      const now = Date.now();
      const alone = await together(browser, now + 1_500, 1);
      // Written where the app cannot see it: only the page that is rendered again can show it.
      await writeBehindTheAppsBack(`UPDATE "Job" SET reference = ? WHERE id = ?`, "After reference", job.id);
      const six = await together(browser, now + 3_000, 6);
      expect(six.reads).toBe(alone.reads);
      expect(six.pages.map((page) => page.includes("After reference")).sort()).toEqual([false, false, false, false, false, true]);
      expect(new Set(six.pages.map(nonceOf)).size).toBe(6);
    });

    it("made out of date by a write: all wait for the one render and show the change", async () => {
      const shipper = await createShipper();
      const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Before reference" });
      const { browser } = await signedInAgent(shipper.email);
      slowRenders();
      const alone = await together(browser, Date.now(), 1);
      await db().job.update({ where: { id: job.id }, data: { reference: "After reference" } });
      const six = await together(browser, Date.now(), 6);
      expect(alone.reads).toBeGreaterThan(0);
      expect(six.reads).toBe(alone.reads);
      expect(six.pages.every((page) => page.includes("After reference") && !page.includes("Before reference"))).toBe(true);
    });

    it("two seconds old or more: all wait for the render, even with nothing written", async () => {
      const shipper = await createShipper();
      const job = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Before reference" });
      const { browser } = await signedInAgent(shipper.email);
      await browser.get("/jobs").expect(200);
      await writeBehindTheAppsBack(`UPDATE "Job" SET reference = ? WHERE id = ?`, "After reference", job.id);
      slowRenders();
      const six = await together(browser, Date.now() + 2_000, 6);
      expect(six.pages.every((page) => page.includes("After reference"))).toBe(true);
    });
  });
});

describe("a kept page answering a session with no CSRF token yet", () => {
  it("saves the session's new token before sending the page, so a post made at once is accepted", async () => {
    const { app, sessionStore } = createApp({ env: parseEnv(process.env), logger: createLogger("silent") });
    const shipper = await createShipper();
    await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Kept for two sessions" });
    const first = await signedInAgent(shipper.email, app);
    expect((await first.browser.get("/jobs").expect(200)).text).toContain("Kept for two sessions");

    // A second session of the same person (another device), its saves slowed as under load.
    const second = agent(app);
    const login = await csrfTokenFor(second);
    const signedIn = await second.post("/session").type("form").send({ _csrf: login, email: shipper.email, password: "password123" });
    expect(signedIn.status).toBe(303);
    const sid = decodeURIComponent(/haulage\.sid=([^;]+)/.exec(signedIn.headers["set-cookie"]!.toString())![1]!).replace(/^s:/, "").split(".")[0]!;
    const set = sessionStore.set.bind(sessionStore);
    vi.spyOn(sessionStore, "set").mockImplementation((id, data, callback) => void setTimeout(() => set(id, data, callback), 300));

    // Without compression (an API client, a small page), the bytes go out as they are written.
    const kept = await second.get("/jobs").set("Accept-Encoding", "identity").expect(200);
    const token = csrfOf(kept.text);
    // Read the moment the whole page has arrived: the token it carries is already the session's.
    const row = await db().session.findUniqueOrThrow({ where: { id: sid } });
    expect((JSON.parse(row.data) as { csrfToken?: string }).csrfToken).toBe(token);
    await second.delete("/session").set("X-CSRF-Token", token!).expect(303);
  });
});
