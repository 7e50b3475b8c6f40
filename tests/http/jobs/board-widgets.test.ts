import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The widgets' markup on the pages that use them: tooltips on statuses and certification codes, the
// board's frame with its replace-history helper, reload trigger and navigating sort select, and the
// dashboard's dismissible tips.

type User = Awaited<ReturnType<typeof createShipper>>;
let shipper: User;
let carrierUser: User;
let carrier: Agent;

const closes = new Date("2031-06-01T12:00:00Z");

beforeAll(async () => {
  shipper = await createShipper();
  carrierUser = await createCarrier();
  ({ browser: carrier } = await signedInAgent(carrierUser.email));
  await createJob(shipper.accountId, shipper.id, { reference: "Widget live auction", loadType: "shipping_container", status: "live", isAuction: true, auctionOpensAt: new Date("2020-01-01"), auctionClosesAt: closes, requiredCertifications: JSON.stringify(["adr", "aeo"]) });
  const tender = await createJob(shipper.accountId, shipper.id, { reference: "Widget tender", loadType: "shipping_container" });
  await db().quote.create({ data: { jobId: tender.id, carrierAccountId: carrierUser.accountId, placedById: carrierUser.id, valueCents: 42_000, numberOfLoads: 1, status: "active" } });
});

const board = (query = "") => carrier.get(`/jobs?load_type=shipping_container${query}`).expect(200);
const rowOf = (html: string, reference: string) => new RegExp(`<tr id="job_\\d+">(?:(?!</tr>)[\\s\\S])*${reference}[\\s\\S]*?</tr>`).exec(html)?.[0] ?? "";

describe("the job board's widgets", () => {
  it("explains statuses and certification codes in tooltips, escaping the HTML once more for the attribute", async () => {
    const page = await board();
    const live = rowOf(page.text, "Widget live auction");
    expect(live).toContain('<span class="status-pill" data-status="live" data-controller="tooltip" data-tooltip-content-value="The auction is running: carriers can bid, or secure every load at the secure now price.">Auction live</span>');
    expect(live).toContain('<span class="cert-badge" data-controller="tooltip" data-tooltip-content-value="&lt;strong&gt;ADR (dangerous goods)&lt;/strong&gt; Driver and vehicle approved to carry dangerous goods by road under the ADR agreement.">ADR</span>');
    expect(live).toContain(">AEO</span>");
    const tender = rowOf(page.text, "Widget tender");
    expect(tender).toContain('data-status="quoted" data-controller="tooltip" data-tooltip-content-value="Your company&#39;s active quote on this job. Open the job to change or withdraw it."');
    expect(tender).not.toContain("cert-badge");
  });

  it("applies the filters in the board_results frame, whose answer puts them in the address", async () => {
    const page = await board("&sort=newest&page=1");
    expect(page.text).toContain('<turbo-frame id="board_results" target="_top">');
    expect(page.text).toContain('<span hidden data-controller="replace-history" data-replace-history-href-value="/jobs?load_type=shipping_container&amp;sort=newest"></span>');
    expect(page.text).toContain('<option value="newest" selected>Newest posted</option>');
  });

  it("sorts with a field of the filters form, like every other filter", async () => {
    const page = await board("&sort=latest");
    expect(page.text).toContain('<select id="filter_sort" name="sort">');
    expect(page.text).toContain('<option value="soonest">Soonest collection</option>');
    expect(page.text).toContain('<option value="latest" selected>Latest collection</option>');
    expect(page.text).toContain('<option value="closing">Auction closing soonest</option>');
  });

  it("reloads itself two seconds after the first live auction on it closes, and not without one", async () => {
    const page = await board();
    expect(page.text).toContain(`<span hidden data-controller="reload-trigger" data-reload-trigger-at-value="${new Date(closes.getTime() + 2000).toISOString()}"></span>`);
    const none = await carrier.get("/jobs?load_type=shipping_container&date=2099-01-01").expect(200);
    expect(none.text).toContain("No open jobs match these filters.");
    expect(none.text).not.toContain("reload-trigger");
  });
});

describe("status tooltips on the office lists", () => {
  it("on the shipper's jobs and the carrier's quotes", async () => {
    const { browser } = await signedInAgent(shipper.email);
    const jobs = await browser.get("/jobs?status=open").expect(200);
    expect(jobs.text).toContain('data-status="open" data-controller="tooltip" data-tooltip-content-value="Published as an open tender: carriers can quote until you award it.">Open for quotes</span>');
    const quotes = await carrier.get("/quotes").expect(200);
    expect(quotes.text).toContain('data-status="active" data-controller="tooltip" data-tooltip-content-value="The allocation rules give this quote loads as the quotes stand now.">Winning 1 load</span>');
  });
});

describe("first-run tips on the dashboard", () => {
  it.each([
    { kind: "shipper", role: "admin", ids: ["tip-shipper-post-job-1", "tip-shipper-allocation-1", "tip-shipper-auction-1"] },
    { kind: "carrier", role: "admin", ids: ["tip-carrier-team-1", "tip-carrier-saved-search-1", "tip-carrier-compliance-1"] },
    { kind: "carrier", role: "member", ids: ["tip-carrier-vehicles-1", "tip-carrier-saved-search-1", "tip-carrier-compliance-1"] },
  ] as const)("$kind $role: rendered hidden, each with its id and a dismiss button", async ({ kind, role, ids }) => {
    const user = await createUser(kind, { role });
    const { browser } = await signedInAgent(user.email);
    const page = await browser.get("/dashboard").expect(200);
    const shown = [...page.text.matchAll(/<div id="([^"]+)" class="tip-banner" role="note" hidden data-controller="dismissible" data-dismissible-id-value="\1">/g)].map((m) => m[1]);
    expect(shown).toEqual(ids);
    expect(page.text.match(/<button type="button" class="button button-small tip-dismiss" data-action="dismissible#dismiss">Dismiss<span class="visually-hidden"> this tip<\/span><\/button>/g)).toHaveLength(3);
  });
});
