import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newPage, signInAs, startBrowserTest, type BrowserTest } from "../support/browser.ts";
import { lettersTo } from "../support/outbox.ts";

let test: BrowserTest;
beforeAll(async () => {
  test = await startBrowserTest();
});
afterAll(async () => {
  await test?.close();
});

describe("accounts in a real browser", () => {
  it("signs up as a carrier, confirms the email, lands on the dashboard, signs out and signs back in", async () => {
    const { page, context } = await newPage(test);
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto("/");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("Move freight");
    await page.getByRole("link", { name: "I run trucks" }).click();
    await page.waitForURL("**/signup?kind=carrier");
    expect(await page.getByLabel(/Carrier/).isChecked()).toBe(true);
    await page.getByLabel("Company name").fill("Moorland Motors");
    await page.getByLabel("Your name").fill("Mo Khan");
    await page.getByLabel("Work email").fill("mo@moorland.example");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.locator("#field_password_error").getByText("Password must be at least 8 characters").waitFor();
    expect(await page.getByLabel("Company name").inputValue()).toBe("Moorland Motors");

    await page.getByLabel("Password").fill("a-long-password");
    await page.getByRole("button", { name: "Create account" }).click();
    // "Check your email" is a page that stays (not a passing toast), naming the address.
    await page.waitForURL("**/signup/sent");
    await page.getByText("We have sent a link to mo@moorland.example.").waitFor();
    await page.getByRole("link", { name: "Sign up again" }).waitFor();
    const letter = lettersTo("mo@moorland.example").at(-1)!;
    expect(letter.subject).toBe("Confirm your Loadline account");
    await page.goto(new URL(letter.link!).pathname);
    await page.getByRole("button", { name: "Confirm and sign in" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByText("Welcome to Loadline, Mo Khan.").waitFor();
    expect(await page.locator("body").getAttribute("data-current-user-email")).toBe("mo@moorland.example");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Job board" }).waitFor();

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.locator("body").getAttribute("data-current-user-id")).toBe("");

    await signInAs(page, "mo@moorland.example", "a-long-password");
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    // Pages without islands load the application bundle and its shared chunks, but no React or widget.
    expect(scripts.some((path) => /\/assets\/application-\w+\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => /mount-|bid-allocator|auction-panel|leaflet|bar-chart|pie-chart|photoswipe|tom-select/.test(path))).toEqual([]);
    await context.close();
  });

  it("lets support find a user, impersonate them with a banner, act as them and stop", async () => {
    const { page, context } = await newPage(test);
    await signInAs(page, "support@example.com");
    expect(new URL(page.url()).pathname).toBe("/admin");
    await page.getByRole("searchbox", { name: "Search users" }).fill("carrier@example.com");
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row", { name: /carrier@example\.com/ });
    await row.getByRole("button", { name: "Impersonate" }).click();
    await page.waitForURL("**/dashboard");
    const banner = page.getByRole("status").filter({ hasText: "You are signed in as" });
    expect(await banner.textContent()).toMatch(/You are signed in as\s+Callum Wright/);
    expect(await page.locator("body").getAttribute("data-impersonated")).toBe("true");
    expect(await page.locator("body").getAttribute("data-current-user-email")).toBe("carrier@example.com");

    // The account page shows the sign-in details read-only, with the reason: no form that can only be refused.
    await page.goto("/account");
    await page.getByText("You cannot change the email or password of a user you are impersonating.").waitFor();
    expect(await page.getByLabel("New password").count()).toBe(0);

    await page.getByRole("button", { name: "Stop impersonating" }).click();
    await page.waitForURL("**/admin");
    expect(await page.locator("body").getAttribute("data-impersonated")).toBe("false");
    await page.getByText("impersonation.stop").first().waitFor();
    await context.close();
  });
});
