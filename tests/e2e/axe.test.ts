import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";

// Every page of every role, checked by axe-core against the WCAG 2.2 A and AA rules at a desktop
// width and on a 390 px phone. The report names each page, width and rule, so a failure says where
// to look; the totals per page are printed for the record.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const WIDTHS = [{ width: 1280, height: 900 }, { width: 390, height: 844 }] as const;

/** A page to check: a path, and optionally what to do on it first (a form state, a refused submit). */
type Visit = { name: string; path: string; prepare?: (page: Page) => Promise<void> };

let test: BrowserTest;
const visits: Record<string, Visit[]> = {};

const userId = async (email: string) => (await db().user.findUniqueOrThrow({ where: { email }, select: { id: true, accountId: true } }));
const first = async <T>(found: Promise<T | null>, what: string): Promise<T> => {
  const value = await found;
  if (!value) throw new Error(`the demo data has no ${what}`);
  return value;
};

/** Chooses a load type on the job form and waits for its questions. */
const loadType = (value: string) => async (page: Page) => {
  await page.getByLabel("Load type").selectOption(value);
  await page.waitForTimeout(50);
};

/** Chooses a job type on the job form and waits for the form to show that type's questions. */
const jobType = (label: string) => async (page: Page) => {
  await page.getByLabel(label, { exact: true }).check();
  await page.waitForTimeout(50);
};

/** Signs up with `email` and waits for the "check your email" page. */
const signUpAs = (email: string) => async (page: Page) => {
  await page.getByLabel("Company name").fill("Axe Haulage");
  await page.getByLabel("Your name").fill("Axel");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password").fill("a-long-password");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL("**/signup/sent");
  // The address changes as Turbo starts the visit: wait until the page has been rendered.
  await page.waitForFunction(() => !document.documentElement.hasAttribute("aria-busy"));
};

/** Signs in with the right password for `email`, signed up but not confirmed. */
const signInUnconfirmed = (email: string) => async (page: Page) => {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("a-long-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.locator("#unconfirmed").waitFor();
};

/** Impersonates `email` from /admin and opens their account page. */
const accountWhileImpersonating = (email: string) => async (page: Page) => {
  await page.getByRole("searchbox", { name: "Search users" }).fill(email);
  await page.getByRole("button", { name: "Search" }).click();
  await page.getByRole("row", { name: email }).getByRole("button", { name: "Impersonate" }).click();
  await page.waitForURL("**/dashboard");
  await page.goto("/account");
  await page.locator("#sign-in-details-locked").waitFor();
};

beforeAll(async () => {
  test = await startBrowserTest();
  const shipper = await userId("shipper@example.com");
  const carrier = await userId("carrier@example.com");
  const driver = await userId("driver@example.com");
  const quotedJob = await first(db().job.findFirst({ where: { shipperAccountId: shipper.accountId, status: "open", quotes: { some: {} } }, select: { id: true } }), "open job with quotes");
  const shipperLoad = await first(db().load.findFirst({ where: { job: { shipperAccountId: shipper.accountId }, status: "collected" }, select: { id: true } }), "collected load");
  const contract = await db().job.findFirst({ where: { shipperAccountId: shipper.accountId, jobType: "contract", status: { not: "draft" } }, select: { id: true } });
  const boardJob = await first(db().job.findFirst({ where: { status: "open" }, orderBy: { id: "asc" }, select: { id: true } }), "open job");
  const carrierLoad = await first(db().load.findFirst({ where: { carrierAccountId: carrier.accountId, status: "assigned" }, select: { id: true } }), "assigned load");
  const vehicle = await first(db().vehicle.findFirst({ where: { accountId: carrier.accountId }, select: { id: true } }), "vehicle");
  const driverLoad = await first(db().load.findFirst({ where: { driverId: driver.id, status: { in: ["driver_assigned", "collected"] } }, select: { id: true, status: true } }), "load on the road");
  const chat = await db().supportConversation.findFirst({ select: { id: true } });
  const awardedJob = await db().job.findFirst({ where: { shipperAccountId: shipper.accountId, quotes: { some: { status: "accepted" } } }, select: { id: true } });

  visits.visitor = [
    { name: "home", path: "/" },
    { name: "sign in", path: "/login" },
    { name: "sign in refused", path: "/login", prepare: async (page) => { await page.getByRole("button", { name: "Sign in" }).click(); await page.waitForLoadState(); } },
    { name: "sign up", path: "/signup" },
    { name: "sign up refused", path: "/signup", prepare: async (page) => { await page.getByRole("button", { name: /sign up|create/i }).first().click(); await page.waitForLoadState(); } },
    { name: "check your email", path: "/signup", prepare: signUpAs("axe-visitor@example.org") },
    { name: "sign in before confirming", path: "/login", prepare: signInUnconfirmed("axe-visitor@example.org") },
  ];
  visits["shipper@example.com"] = [
    { name: "dashboard", path: "/dashboard" },
    { name: "jobs", path: "/jobs" },
    { name: "job form, single load", path: "/jobs/new" },
    { name: "job form, multi-load", path: "/jobs/new", prepare: jobType("Multi-load (recurring)") },
    { name: "job form, contract", path: "/jobs/new", prepare: jobType("Contract") },
    { name: "job form, palletised", path: "/jobs/new", prepare: loadType("palletised") },
    { name: "job form, shipping container", path: "/jobs/new", prepare: loadType("shipping_container") },
    { name: "job form refused", path: "/jobs/new", prepare: async (page) => { await page.getByRole("button", { name: "Publish" }).first().click(); await page.waitForLoadState(); } },
    { name: "job", path: `/jobs/${quotedJob.id}` },
    ...(awardedJob ? [{ name: "awarded job", path: `/jobs/${awardedJob.id}` }] : []),
    { name: "job form, posting again", path: `/jobs/new?from=${quotedJob.id}` },
    { name: "quotes and award", path: `/jobs/${quotedJob.id}/quotes` },
    { name: "job edit", path: `/jobs/${quotedJob.id}/edit` },
    { name: "load messages", path: `/loads/${shipperLoad.id}/messages` },
    ...(contract ? [{ name: "contract job", path: `/jobs/${contract.id}` }] : []),
    { name: "loads", path: "/loads" },
    { name: "finished loads", path: "/loads?show=finished" },
    { name: "load", path: `/loads/${shipperLoad.id}` },
    { name: "messages", path: "/messages" },
    { name: "notifications", path: "/notifications" },
    { name: "account", path: "/account" },
    { name: "team", path: "/team" },
    { name: "support chat", path: "/support" },
  ];
  visits["carrier@example.com"] = [
    { name: "dashboard", path: "/dashboard" },
    { name: "job board", path: "/jobs" },
    { name: "job with bid form", path: `/jobs/${boardJob.id}` },
    { name: "my quotes", path: "/quotes" },
    { name: "loads", path: "/loads" },
    { name: "load", path: `/loads/${carrierLoad.id}` },
    { name: "vehicles", path: "/vehicles" },
    { name: "vehicle refused", path: "/vehicles", prepare: async (page) => { await page.getByRole("button", { name: "Add vehicle" }).click(); await page.waitForLoadState(); } },
    { name: "edit vehicle", path: `/vehicles/${vehicle.id}/edit` },
    { name: "saved searches", path: "/saved_searches" },
    { name: "job messages", path: `/jobs/${boardJob.id}/messages` },
    { name: "team", path: "/team" },
    { name: "account", path: "/account" },
  ];
  visits["driver@example.com"] = [
    { name: "my loads", path: "/loads" },
    { name: "load", path: `/loads/${driverLoad.id}` },
    ...(driverLoad.status === "collected" ? [{ name: "delivery", path: `/loads/${driverLoad.id}/delivery` }] : []),
  ];
  visits["support@example.com"] = [
    { name: "admin", path: "/admin" },
    ...(chat ? [{ name: "support chat", path: `/admin/support/${chat.id}` }] : []),
    // Last: it leaves the browser impersonating the carrier.
    { name: "account while impersonating", path: "/admin", prepare: accountWhileImpersonating("carrier@example.com") },
  ];
});
afterAll(async () => {
  await test?.close();
});

async function violationsOn(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations.map((violation) => `${violation.id} (${violation.nodes.length}: ${violation.nodes.slice(0, 2).map((node) => node.target.join(" ")).join(", ")})`);
}

const ROLES = ["visitor", "shipper@example.com", "carrier@example.com", "driver@example.com", "support@example.com"];

describe("accessibility of every page (axe-core, WCAG 2.2 A and AA)", () => {
  describe.each(ROLES)("%s", (who) => {
    it.each(WIDTHS)("finds no violation on any of their pages at $width px", async (viewport) => {
      const context = await test.browser.newContext({ baseURL: test.baseUrl, locale: "en-GB", timezoneId: "Europe/London", viewport, isMobile: viewport.width < 500 });
      const page = await context.newPage();
      if (who !== "visitor") await signInAs(page, who);
      const report: string[] = [];
      for (const visit of visits[who]!) {
        expect((await page.goto(visit.path))?.status(), visit.path).toBe(200);
        await visit.prepare?.(page);
        const found = await violationsOn(page);
        console.log(`axe · ${who} · ${viewport.width} px · ${visit.name}: ${found.length}${found.map((line) => `\n  ${line}`).join("")}`);
        report.push(...found.map((line) => `${visit.name} (${visit.path}): ${line}`));
      }
      await context.close();
      expect(report).toEqual([]);
    }, 240_000);
  });
});
