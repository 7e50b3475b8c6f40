import AxeBuilder from "@axe-core/playwright";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";
import { createJob } from "../support/job-fixtures.ts";

// A carrier's quotes on "My quotes" wear a colour of their own per state — won, lost, outbid,
// active (winning) and withdrawn — always with their words, and readable on their fill.

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

let test: BrowserTest;
let shipper: Awaited<ReturnType<typeof createShipper>>;
let carrier: Awaited<ReturnType<typeof createCarrier>>;

beforeAll(async () => {
  test = await startBrowserTest();
  shipper = await createShipper({ company: "Badge Foods Ltd" });
  carrier = await createCarrier({ company: "Badge Haulage Ltd" });
});
afterAll(async () => {
  await test?.close();
});

describe("my quotes' state badges", () => {
  /** The relative luminance of a CSS rgb() colour (WCAG 2). */
  const luminance = (rgb: string) => {
    const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => Number(c) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  };

  it("gives won, lost, outbid, active and withdrawn a colour each, with their words, readable on their fill", async () => {
    const rival = await createCarrier({ company: "Cheaper Haulage Ltd" });
    const quote = async (reference: string, jobStatus: string, status: string, rivalPrice?: number) => {
      const job = await createJob(shipper.accountId, shipper.id, { status: jobStatus, reference });
      await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 50_000, numberOfLoads: 1, status } });
      if (rivalPrice) await db().quote.create({ data: { jobId: job.id, carrierAccountId: rival.accountId, placedById: rival.id, valueCents: rivalPrice, numberOfLoads: 1, status: "active" } });
    };
    await quote("Badge won", "awarded", "accepted");
    await quote("Badge lost", "awarded", "declined");
    await quote("Badge outbid", "open", "active", 30_000);
    await quote("Badge active", "open", "active");
    await quote("Badge withdrawn", "open", "withdrawn");

    const { page } = await newPage(test);
    await signInAs(page, carrier.email);
    await page.goto("/quotes");
    const badges = await page.locator("tr[data-state] .status-pill").evaluateAll((pills) =>
      pills.map((pill) => ({ state: pill.closest("tr")!.getAttribute("data-state"), text: pill.textContent, color: getComputedStyle(pill).color, background: getComputedStyle(pill).backgroundColor })),
    );
    const byState = new Map(badges.map((badge) => [badge.state, badge]));
    expect([...byState.keys()].sort()).toEqual(["active", "lost", "outbid", "withdrawn", "won"]);
    expect(["won", "lost", "outbid", "withdrawn"].map((state) => byState.get(state)!.text)).toEqual(["Won", "Lost", "Outbid", "Withdrawn"]);
    expect(byState.get("active")!.text).toMatch(/^Winning /);
    for (const badge of byState.values()) expect(contrast(badge.color, badge.background), badge.state!).toBeGreaterThanOrEqual(4.5);
    const colours = [...byState.values()].map((badge) => `${badge.color} on ${badge.background}`);
    expect(new Set(colours).size).toBe(5);
    const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    await page.context().close();
  });
});
