import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { seed } from "../../../prisma/seed.ts";
import { signedInAgent, type Agent } from "../../support/app.ts";

// Every status badge explains itself: signed in as each demo user, every page they can reach from
// their navigation (following links and lazy frames a few levels down) shows each status badge with
// its tooltip, whichever page, role or status it is.

/** The app's own pages worth visiting; files, PDFs, CSVs and signed links are not pages with badges. */
const PAGE = /^\/(dashboard|jobs|loads|quotes|messages|notifications|account|team|vehicles|saved_searches|admin)(\/|\?|$)/;
const NOT_A_PAGE = /\.(csv|pdf)(\?|$)|\/(attachments|signature|timeline)(\/|\?|$)/;
/**
 * Links of one shape (ids aside) followed from each page: a few jobs from each tab of the jobs list,
 * each job's own quotes and edit pages, and so on. Enough to meet every status in the demo data.
 */
const PER_SHAPE_AND_SOURCE = 3;
const MAX_PAGES = 250;

type Badge = { tag: string; status: string; tooltip: string | null };
type Visit = { path: string; badges: Badge[] };

const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
const badgesIn = (html: string): Badge[] =>
  [...html.matchAll(/<[a-z]+\s[^>]*\bclass="(?:[^"]*\s)?status-pill(?:\s[^"]*)?"[^>]*>/g)].map(([tag]) => ({
    tag,
    status: attribute(tag, "data-status") ?? "",
    tooltip: (attribute(tag, "data-controller") ?? "").split(/\s+/).includes("tooltip") ? attribute(tag, "data-tooltip-content-value") : null,
  }));

/** Same-origin page links in <main> (not those that send a method) and lazy frames' sources. */
function linksIn(html: string): string[] {
  const main = /<main\b[\s\S]*<\/main>/.exec(html)?.[0] ?? "";
  const anchors = [...main.matchAll(/<a\s[^>]*>/g)].map(([tag]) => tag).filter((tag) => !/\sdata-turbo-method=|\sdownload\b|\starget="_blank"/.test(tag));
  const frames = [...main.matchAll(/<turbo-frame\s[^>]*>/g)].map(([tag]) => tag);
  const nav = [...html.matchAll(/<nav class="site-nav"[\s\S]*?<\/nav>/g)].flatMap(([block]) => [...block.matchAll(/<a\s[^>]*>/g)].map(([tag]) => tag));
  return [...nav, ...anchors, ...frames]
    .map((tag) => attribute(tag, "href") ?? attribute(tag, "src"))
    .filter((href): href is string => Boolean(href))
    .map((href) => href.replaceAll("&amp;", "&"))
    .filter((href) => PAGE.test(href) && !NOT_A_PAGE.test(href));
}

/** "/jobs/12/quotes?page=2" → "/jobs/:id/quotes", "/jobs?status=open" → "/jobs?status=open". */
const shapeOf = (path: string) => {
  const url = new URL(path, "http://app");
  const query = [...url.searchParams].filter(([key]) => key !== "page").map(([key, value]) => `${key}=${value.replace(/^\d+$/, ":id")}`);
  return `${url.pathname.replace(/\/\d+/g, "/:id")}${query.length ? "?" : ""}${query.sort().join("&")}`;
};

/** Breadth first from the dashboard and the account page (which links to the team, vehicles, saved searches). */
async function crawl(browser: Agent): Promise<Visit[]> {
  const queue = ["/dashboard", "/account"];
  const seen = new Set(queue);
  const perShape = new Map<string, number>();
  const visits: Visit[] = [];
  while (queue.length && visits.length < MAX_PAGES) {
    const path = queue.shift()!;
    const response = await browser.get(path);
    expect(response.status, `GET ${path}`).toBeLessThan(500);
    if (response.status !== 200 || !response.type.includes("html")) continue;
    visits.push({ path, badges: badgesIn(response.text) });
    for (const link of linksIn(response.text)) {
      const shape = `${shapeOf(link)} from ${path}`;
      if (seen.has(link) || (perShape.get(shape) ?? 0) >= PER_SHAPE_AND_SOURCE) continue;
      seen.add(link);
      perShape.set(shape, (perShape.get(shape) ?? 0) + 1);
      queue.push(link);
    }
  }
  return visits;
}

let demoUsers: string[];

beforeAll(async () => {
  await seed(db());
  demoUsers = (await db().user.findMany({ where: { email: { endsWith: "@example.com" } }, select: { email: true }, orderBy: { id: "asc" } })).map((user) => user.email);
}, 60_000);

describe("status badges on every page of every demo user", () => {
  it("each carries a tooltip saying what its status means", async () => {
    expect(demoUsers).toEqual(expect.arrayContaining(["shipper@example.com", "carrier@example.com", "carrier2@example.com", "driver@example.com", "support@example.com"]));
    const missing: string[] = [];
    const statuses = new Set<string>();
    const pagesWithBadges = new Set<string>();
    for (const email of demoUsers) {
      const { browser } = await signedInAgent(email);
      for (const visit of await crawl(browser)) {
        if (visit.badges.length) pagesWithBadges.add(new URL(visit.path, "http://app").pathname.replace(/\/\d+/g, "/:id"));
        for (const badge of visit.badges) {
          statuses.add(badge.status);
          if (!badge.tooltip) missing.push(`${email} ${visit.path}: ${badge.tag}`);
        }
      }
    }
    expect(missing, missing.join("\n")).toEqual([]);
    // The crawl reached every kind of page that shows a badge, and badges of every kind of status.
    expect([...pagesWithBadges].sort()).toEqual(expect.arrayContaining(["/dashboard", "/jobs", "/jobs/:id", "/jobs/:id/edit", "/jobs/:id/quotes", "/loads", "/loads/:id", "/quotes"]));
    expect([...statuses].sort()).toEqual(
      expect.arrayContaining([
        ...["draft", "open", "scheduled", "live", "awarded", "in_progress"],
        ...["assigned", "driver_assigned", "collected", "delivered"],
        ...["active", "accepted", "declined", "outbid", "won", "lost"],
        "quoted",
      ]),
    );
  }, 180_000);
});
