import { describe, expect, it } from "vitest";
import { signedInAgent } from "../../support/app.ts";
import { db } from "#db/client.server.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The shipper's /jobs opens where its jobs are: "Out for quotes" when it has some there, otherwise
// the first tab that has any; an empty tab chosen on purpose says where the jobs are instead.

const activeTab = (html: string) => /<a href="\/jobs\?status=(\w+)" class="tab active" aria-current="page">/.exec(html)?.[1];
const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/\s+/g, " ");

describe("the shipper's jobs list", () => {
  it("opens on the first tab that has jobs when none is out for quotes", async () => {
    const shipper = await createShipper();
    await createJob(shipper.accountId, shipper.id, { reference: "Delivered run", status: "completed" });
    await createJob(shipper.accountId, shipper.id, { reference: "On the road", status: "in_progress" });
    const { browser } = await signedInAgent(shipper.email);

    const page = (await browser.get("/jobs").expect(200)).text;

    expect(activeTab(page)).toBe("awarded");
    expect(page).toContain("On the road");
    expect(page).not.toContain("No jobs here yet.");
  });

  it("opens on Out for quotes when it has jobs, and on it when there are no jobs at all", async () => {
    const shipper = await createShipper();
    const { browser } = await signedInAgent(shipper.email);
    expect(activeTab((await browser.get("/jobs").expect(200)).text)).toBe("open");
    await createJob(shipper.accountId, shipper.id, { status: "draft" });
    await createJob(shipper.accountId, shipper.id, { status: "open" });
    expect(activeTab((await browser.get("/jobs").expect(200)).text)).toBe("open");
  });

  it("says where the jobs are on an empty tab chosen on purpose, with a link to each", async () => {
    const shipper = await createShipper();
    await createJob(shipper.accountId, shipper.id, { status: "completed" });
    await createJob(shipper.accountId, shipper.id, { status: "completed" });
    await createJob(shipper.accountId, shipper.id, { status: "cancelled" });
    const { browser } = await signedInAgent(shipper.email);

    const page = (await browser.get("/jobs?status=draft").expect(200)).text;

    expect(activeTab(page)).toBe("draft");
    expect(text(page)).toContain("No jobs here yet. Your jobs are under Completed (2) and Cancelled (1).");
    expect(page).toContain('<a href="/jobs?status=completed">Completed (2)</a>');
    expect(page).toContain('<a href="/jobs?status=cancelled">Cancelled (1)</a>');
  });

  it("counts each job's standing quotes, and only its own: not withdrawn ones, nor another job's", async () => {
    const shipper = await createShipper();
    const quoted = await createJob(shipper.accountId, shipper.id, { reference: "Quoted run", status: "open" });
    const other = await createJob(shipper.accountId, shipper.id, { reference: "Other run", status: "open" });
    const carriers = await Promise.all([createCarrier(), createCarrier(), createCarrier()]);
    const quote = (jobId: number, carrier: (typeof carriers)[number], status: string) =>
      db().quote.create({ data: { jobId, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 50_000, numberOfLoads: 1, status } });
    await quote(quoted.id, carriers[0]!, "active");
    await quote(quoted.id, carriers[1]!, "active");
    await quote(quoted.id, carriers[2]!, "withdrawn");
    await quote(other.id, carriers[0]!, "active");
    const { browser } = await signedInAgent(shipper.email);

    const quotesOf = (reference: string, html: string) =>
      new RegExp(`${reference}[\\s\\S]*?<td data-label="Quotes">(\\d+)</td>`).exec(html)?.[1];
    const html = (await browser.get("/jobs?status=open").expect(200)).text;
    expect([quotesOf("Quoted run", html), quotesOf("Other run", html)]).toEqual(["2", "1"]);
  });
});
