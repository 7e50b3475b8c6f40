import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";

// Layout for everyone: the skip link, Escape on the header's trays, the phone menu, pages and the
// notifications tray that fit 320–390 px screens, the folded board filters, and Turbo visits that
// move the focus to the new page's heading and say its title.

let test: BrowserTest;

beforeAll(async () => {
  test = await startBrowserTest();
});
afterAll(async () => {
  await test?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function signedIn(email: string, viewport = DESKTOP) {
  const opened = await newPage(test);
  await opened.page.setViewportSize(viewport);
  await signInAs(opened.page, email);
  await headerReady(opened.page);
  return opened;
}

/** The header's controller is fetched on first use: wait until it is registered and connected. */
async function headerReady(page: Page) {
  await page.waitForFunction(() => window.Stimulus.controllers.some((c) => c.identifier === "site-header"));
}

const activeDescription = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}:${(el.textContent ?? "").trim().slice(0, 40)}` : "";
  });

/** The page's width, and (to explain a failure) the outermost elements that pass the screen's edge. */
async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number; culprits: string }> {
  return page.evaluate(() => {
    const past = (el: Element | null) => Boolean(el && el.getBoundingClientRect().right > innerWidth + 0.5);
    const culprits = [...document.querySelectorAll("body *")]
      .filter((el) => !el.closest("details:not([open])") && past(el) && !past(el.parentElement))
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
      .join(", ");
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, culprits };
  });
}

async function firstHref(page: Page, selector: string): Promise<string> {
  const href = await page.locator(selector).first().getAttribute("href");
  if (!href) throw new Error(`no link for ${selector}`);
  return href;
}

describe("skip link", () => {
  it("is the first thing Tab reaches, shows itself, and moves the keyboard to the main content", async () => {
    const { context, page } = await signedIn("shipper@example.com");
    await page.goto("/dashboard");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect.poll(() => skip.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = await skip.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.height).toBeGreaterThan(20);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.getElementById("main")!.contains(document.activeElement))).toBe(true);
    await context.close();
  });

  it("is out of sight until it has the focus", async () => {
    const { context, page } = await signedIn("shipper@example.com");
    const box = await page.getByRole("link", { name: "Skip to main content" }).boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(0);
    await context.close();
  });
});

describe("notifications tray", () => {
  it("closes on Escape and gives the focus back to its button", async () => {
    const { context, page } = await signedIn("carrier@example.com");
    const summary = page.locator(".nav-notifications summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator(".nav-notifications").evaluate((el) => (el as HTMLDetailsElement).open)).toBe(true);
    await page.locator(".notifications-tray .notification").first().waitFor();
    await page.locator(".notifications-dropdown a").first().focus();
    await page.keyboard.press("Escape");
    expect(await page.locator(".nav-notifications").evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  for (const width of [390, 320]) {
    it(`opens fully on screen on a ${width} px phone`, async () => {
      const { context, page } = await signedIn("carrier@example.com", { width, height: 844 });
      await page.locator(".nav-notifications summary").click();
      await page.locator(".notifications-tray .notification").first().waitFor();
      const box = (await page.locator(".notifications-dropdown").boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(844);
      await context.close();
    });
  }
});

describe("phone menu", () => {
  it("folds the navigation behind a Menu button that opens, closes on Escape and returns the focus", async () => {
    const { context, page } = await signedIn("carrier@example.com", PHONE);
    const menu = page.getByRole("button", { name: "Menu" });
    const jobBoard = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Job board" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await menu.getAttribute("aria-controls")).toBe("site_nav");
    expect(await jobBoard.isVisible()).toBe(false);
    const header = (await page.locator(".site-header").boundingBox())!;
    expect(header.height).toBeLessThanOrEqual(64);

    await menu.click();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    expect(await jobBoard.isVisible()).toBe(true);
    await jobBoard.focus();
    await page.keyboard.press("Escape");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await jobBoard.isVisible()).toBe(false);
    expect(await menu.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });

  it("shows the navigation itself and no Menu button on a desktop", async () => {
    const { context, page } = await signedIn("carrier@example.com");
    expect(await page.getByRole("button", { name: "Menu" }).isVisible()).toBe(false);
    expect(await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Job board" }).isVisible()).toBe(true);
    await context.close();
  });

  it("keeps the header's controls at least 24 by 24 px on a phone", async () => {
    const { context, page } = await signedIn("carrier@example.com", PHONE);
    for (const selector of [".menu-button", ".nav-notifications > summary", "a.nav-badge"]) {
      const box = (await page.locator(selector).boundingBox())!;
      expect(box.width, selector).toBeGreaterThanOrEqual(24);
      expect(box.height, selector).toBeGreaterThanOrEqual(24);
    }
    await context.close();
  });
});

describe("pages on a phone", () => {
  const pagesFor: Record<string, string[]> = {
    "shipper@example.com": ["/dashboard", "/jobs", "/jobs/new", "/loads", "/messages", "/notifications", "/account", "/team"],
    "carrier@example.com": ["/dashboard", "/jobs", "/quotes", "/loads", "/vehicles", "/saved_searches", "/messages", "/notifications", "/account", "/team"],
    "driver@example.com": ["/loads", "/messages", "/notifications", "/account"],
    "support@example.com": ["/admin"],
  };

  /** A job page, its quotes page (shipper: a job that has quotes) and a load page of this user's. */
  async function recordPages(page: Page, email: string): Promise<string[]> {
    const found: string[] = [];
    if (email.startsWith("shipper")) {
      await page.goto("/jobs?status=open");
      const job = await page.evaluate(() => {
        const rows = [...document.querySelectorAll(".jobs-table tbody tr")];
        const quoted = rows.find((row) => Number(row.querySelector("td[data-label=Quotes]")?.textContent) > 0);
        return quoted?.querySelector("a")?.getAttribute("href") ?? null;
      });
      if (!job) throw new Error("the demo shipper has no open job with quotes");
      found.push(job, `${job}/quotes`);
    } else if (email.startsWith("carrier")) {
      await page.goto("/jobs");
      found.push(await firstHref(page, ".board-table a[href^='/jobs/']"));
    }
    if (!email.startsWith("support")) {
      await page.goto("/loads");
      found.push(await firstHref(page, "main a[href^='/loads/']"));
    }
    return found;
  }

  for (const [email, paths] of Object.entries(pagesFor)) {
    it(`no page of ${email} is wider than a 390 or 320 px screen`, async () => {
      const { context, page } = await signedIn(email, PHONE);
      const all = [...paths, ...(await recordPages(page, email))];
      const tooWide: string[] = [];
      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 844 });
        for (const path of all) {
          await page.goto(path);
          const { scrollWidth, innerWidth, culprits } = await overflow(page);
          if (scrollWidth > innerWidth) tooWide.push(`${path} at ${width}: ${scrollWidth} (${culprits})`);
        }
      }
      expect(tooWide).toEqual([]);
      await context.close();
    }, 120_000);
  }

  it("no signed-out page is wider than a 320 px screen", async () => {
    const { context, page } = await newPage(test);
    await page.setViewportSize({ width: 320, height: 700 });
    for (const path of ["/", "/login", "/signup"]) {
      await page.goto(path);
      const { scrollWidth } = await overflow(page);
      expect(scrollWidth, path).toBeLessThanOrEqual(320);
    }
    await context.close();
  });
});

describe("job board on a phone", () => {
  it("shows a job above the fold of a 390×844 screen, with the filters folded behind a button", async () => {
    const { context, page } = await signedIn("carrier@example.com", PHONE);
    await page.goto("/jobs");
    const firstJob = (await page.locator(".board-table tbody tr").first().boundingBox())!;
    expect(firstJob.y).toBeLessThan(844 - 60);
    const filters = page.getByRole("form", { name: "Filter jobs" });
    expect(await filters.isVisible()).toBe(false);
    await page.locator(".filters-fold > summary", { hasText: "Filters" }).click();
    expect(await filters.isVisible()).toBe(true);
    await context.close();
  });

  it("folds the shipper's job list filter behind a button too", async () => {
    const { context, page } = await signedIn("shipper@example.com", PHONE);
    await page.goto("/jobs?status=open");
    expect(await page.locator("#job_filter").isVisible()).toBe(false);
    await page.locator(".filters-fold > summary", { hasText: "Filter" }).click();
    expect(await page.locator("#job_filter").isVisible()).toBe(true);
    await context.close();
  });

  it("shows the filters open, without the fold's button, on a desktop", async () => {
    const { context, page } = await signedIn("carrier@example.com");
    await page.goto("/jobs");
    expect(await page.getByRole("form", { name: "Filter jobs" }).isVisible()).toBe(true);
    expect(await page.locator(".filters-fold > summary").isVisible()).toBe(false);
    await context.close();
  });
});

/** WCAG contrast ratio of two `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

describe("focus and contrast", () => {
  it("rings the keyboard's link or button at 3:1 or better, in the page and in the dark header", async () => {
    const { context, page } = await signedIn("carrier@example.com");
    await page.goto("/loads");
    const ring = async (selector: string) => {
      await page.locator(selector).first().focus();
      return page.locator(selector).first().evaluate((el) => {
        const style = getComputedStyle(el);
        return { color: style.outlineColor, width: parseFloat(style.outlineWidth), style: style.outlineStyle };
      });
    };
    const inPage = await ring("main a[href^='/loads/']");
    expect(inPage.style).toBe("solid");
    expect(inPage.width).toBeGreaterThanOrEqual(2);
    expect(contrast(inPage.color, "rgb(255, 255, 255)")).toBeGreaterThanOrEqual(3);
    const inHeader = await ring(".site-nav a[href='/quotes']");
    expect(inHeader.style).toBe("solid");
    const headerBackground = await page.locator(".site-header").evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(contrast(inHeader.color, headerBackground)).toBeGreaterThanOrEqual(3);
    await context.close();
  });

  it("writes greyed-out values (\"No driver yet\") at 4.5:1 or better", async () => {
    const { context, page } = await signedIn("carrier@example.com");
    await page.goto("/loads");
    const greyed = page.locator(".loads-table .greyed", { hasText: "No driver yet" }).first();
    const colour = await greyed.evaluate((el) => getComputedStyle(el).color);
    expect(contrast(colour, "rgb(255, 255, 255)")).toBeGreaterThanOrEqual(4.5);
    await context.close();
  });
});

describe("Turbo visits", () => {
  it("leave the focus alone on the first full page load", async () => {
    const { context, page } = await signedIn("shipper@example.com");
    await page.goto("/loads");
    await headerReady(page);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    expect(await page.locator("#page_announcer").textContent()).toBe("");
    await context.close();
  });

  it("move the focus to the new page's heading and say its title in a polite live region", async () => {
    const { context, page } = await signedIn("shipper@example.com");
    await page.goto("/dashboard");
    await headerReady(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Loads" }).click();
    await page.waitForURL((url) => url.pathname === "/loads");
    await expect.poll(() => activeDescription(page)).toBe("h1:Loads");
    const announcer = page.locator("#page_announcer");
    expect(await announcer.getAttribute("aria-live")).toBe("polite");
    expect(await announcer.textContent()).toBe(await page.title());
    expect(await page.title()).toMatch(/^Loads/);
    await context.close();
  });

  it("say the title but leave the focus alone when the address targets an anchor", async () => {
    const { context, page } = await signedIn("shipper@example.com");
    await page.goto("/dashboard");
    await headerReady(page);
    await page.evaluate(() => {
      (window as unknown as { Turbo: { visit(url: string): void } }).Turbo.visit("/loads#main");
    });
    await page.waitForURL((url) => url.pathname === "/loads");
    await expect.poll(() => page.locator("#page_announcer").textContent()).toBe(await page.title());
    expect(await activeDescription(page)).not.toMatch(/^h1:/);
    await context.close();
  });

  it("do not move the focus when the same page is refreshed (a morph refresh)", async () => {
    const { context, page } = await signedIn("shipper@example.com");
    await page.goto("/dashboard");
    await headerReady(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Jobs", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/jobs");
    await expect.poll(() => activeDescription(page)).toBe("h1:Your jobs");
    // Nothing holds the focus (as after a click on the page's text), so only the same-page rule
    // keeps the heading from taking it.
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          document.addEventListener("turbo:load", resolve, { once: true });
          (window as unknown as { Turbo: { visit(url: string, options: object): void } }).Turbo.visit(location.href, { action: "replace" });
        }),
    );
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await context.close();
  });
});
