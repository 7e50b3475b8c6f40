import { describe, expect, it } from "vitest";
import { agent, csrfTokenFor, signedInAgent } from "../support/app.ts";
import { createCarrier, createShipper, createUser } from "../support/fixtures.ts";

// Where each person starts after signing in, and what the site's menu offers them.

/** The labels of the main navigation's links, in order. */
async function menuOf(email: string): Promise<string[]> {
  const { browser } = await signedInAgent(email);
  const page = (await browser.get("/loads").expect(200)).text;
  const nav = /<nav class="site-nav"[^>]*>([\s\S]*?)<\/nav>/.exec(page)?.[1] ?? "";
  return [...nav.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map((m) => `${m[2]} ${m[1]}`).filter((link) => !link.includes("/account"));
}

async function signInAnswer(email: string) {
  const browser = agent();
  const _csrf = await csrfTokenFor(browser);
  return browser.post("/session").type("form").send({ _csrf, email, password: "password123" });
}

describe("signing in", () => {
  it("takes a driver to the loads they drive, and an office to its dashboard", async () => {
    const carrier = await createCarrier();
    const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
    const shipperDriver = await createUser("shipper", { role: "driver", accountId: (await createShipper()).accountId });
    for (const [email, home] of [[driver.email, "/loads"], [shipperDriver.email, "/loads"], [carrier.email, "/dashboard"]] as const) {
      const response = await signInAnswer(email);
      expect([response.status, response.headers.location]).toEqual([303, home]);
    }
  });

  it("sends a driver who opens the dashboard to their loads", async () => {
    const carrier = await createCarrier();
    const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
    const { browser } = await signedInAgent(driver.email);
    const visit = await browser.get("/dashboard");
    expect([visit.status, visit.headers.location]).toEqual([303, "/loads"]);
    const home = await browser.get("/");
    expect([home.status, home.headers.location]).toEqual([303, "/loads"]);
  });
});

describe("the site's menu", () => {
  it("gives a carrier's office its team, vehicles and saved searches", async () => {
    const carrier = await createCarrier();
    const member = await createUser("carrier", { role: "member", accountId: carrier.accountId });
    const officeMenu = ["Dashboard /dashboard", "Job board /jobs", "My quotes /quotes", "Loads /loads", "Invoices /invoices", "Messages /messages", "Team /team", "Vehicles /vehicles", "Saved searches /saved_searches", "Planned journeys /availability"];
    expect(await menuOf(carrier.email)).toEqual(officeMenu);
    expect(await menuOf(member.email)).toEqual(officeMenu);
  });

  it("gives a shipper's office its pools, its admin its team, and members and drivers no team", async () => {
    const shipper = await createShipper();
    const member = await createUser("shipper", { role: "member", accountId: shipper.accountId });
    const driver = await createUser("carrier", { role: "driver", accountId: (await createCarrier()).accountId });
    const shipperMenu = ["Dashboard /dashboard", "Jobs /jobs", "Post a job /jobs/new", "Loads /loads", "Invoices /invoices", "Messages /messages", "Pools /pools", "Find vehicles /availability/vehicles"];
    expect(await menuOf(shipper.email)).toEqual([...shipperMenu, "Team /team"]);
    expect(await menuOf(member.email)).toEqual(shipperMenu);
    expect(await menuOf(driver.email)).toEqual(["My loads /loads", "Messages /messages"]);
  });
});

describe("the site's footer", () => {
  it("links everyone, signed in or not, to the API reference", async () => {
    const footer = (page: string) => /<footer class="site-footer">([\s\S]*?)<\/footer>/.exec(page)?.[1] ?? "";
    expect(footer((await agent().get("/login").expect(200)).text)).toContain('<a href="/developers">API for developers</a>');
    const { browser } = await signedInAgent((await createShipper()).email);
    expect(footer((await browser.get("/jobs").expect(200)).text)).toContain('<a href="/developers">API for developers</a>');
  });
});
