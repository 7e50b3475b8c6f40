import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { agent, signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createSupport, createUser } from "../../support/fixtures.ts";
import { carriedLoad, daysAgo, rate, ratedLoad } from "../scores/score-fixtures.ts";

// A company's profile (/companies/:id): any signed-in user sees its score, its revealed ratings with
// replies, and a carrier's documents and fleet; the viewer's own company says it is what others see;
// an office of the other kind may block or unblock it. Platform and unknown accounts are 404.

describe("GET /companies/:id", () => {
  it("shows a carrier's name, score, documents, fleet and revealed ratings with their replies", async () => {
    const carrier = await createCarrier({ company: "Moorland Haulage" });
    const shipper = await createShipper({ company: "Brassica Foods" });
    await db().vehicle.create({ data: { accountId: carrier.accountId, registration: "MH12 ABC", vehicleType: "rigid_18t", payloadKg: 10_000, euroStandard: "euro_6" } });
    await ratedLoad(shipper, carrier, { centistars: 450, comment: "On time and careful.", reply: "Thank you, Brassica." });
    await ratedLoad(shipper, carrier, { centistars: 100, comment: "Rude about the pallets.", hiddenAt: new Date() });
    const blind = await carriedLoad(shipper, carrier, { deliveredAt: daysAgo(2) });
    await rate(blind.id, "shipper", shipper, carrier, { centistars: 200, comment: "Still blind." });
    const { browser } = await signedInAgent(shipper.email);
    const page = (await browser.get(`/companies/${carrier.accountId}`).expect(200)).text;
    expect(page).toContain("<h1>Moorland Haulage</h1>");
    expect(page).toContain("Carrier · on Loadline since");
    expect(page).toContain("4.5 out of 5 from 1 rating by 1 company");
    expect(page).toContain("100% would use again");
    expect(page).toContain("3 loads completed");
    expect(page).toContain("New on Loadline");
    expect(page).toContain("Documents current");
    expect(page).toContain("<dd>1 vehicle</dd>");
    expect(page).toContain("On time and careful.");
    expect(page).toContain("<strong>Reply from Moorland Haulage:</strong> Thank you, Brassica.");
    expect(page).toContain(`<a href="/companies/${shipper.accountId}">Brassica Foods</a>`);
    expect(page).not.toContain("Rude about the pallets.");
    expect(page).not.toContain("Still blind.");
    expect(page).not.toContain("This is what other companies see.");
  });

  it("links each rating to its moderation page for support staff only", async () => {
    const carrier = await createCarrier({ company: "Moderated Haulage" });
    const shipper = await createShipper({ company: "Moderating Foods" });
    await ratedLoad(shipper, carrier, { centistars: 300, comment: "Names the driver." });
    const rating = await db().rating.findFirstOrThrow({ where: { ratedAccountId: carrier.accountId } });
    const link = `<a href="/ratings/${rating.id}">Review or hide this rating</a>`;
    const support = await createSupport();
    expect((await (await signedInAgent(support.email)).browser.get(`/companies/${carrier.accountId}`).expect(200)).text).toContain(link);
    expect((await (await signedInAgent(shipper.email)).browser.get(`/companies/${carrier.accountId}`).expect(200)).text).not.toContain("Review or hide this rating");
  });

  it("shows a shipper's days to pay and cancellations once it has completed 5 loads", async () => {
    const shipper = await createShipper({ company: "Slow Payer Ltd" });
    const carrier = await createCarrier();
    for (let i = 0; i < 5; i++) await carriedLoad(shipper, carrier);
    await carriedLoad(shipper, carrier, { status: "cancelled", deliveredAt: null });
    const { browser } = await signedInAgent(carrier.email);
    const page = (await browser.get(`/companies/${shipper.accountId}`).expect(200)).text;
    expect(page).toContain("Shipper · on Loadline since");
    expect(page).toContain("No invoices paid in the last 12 months");
    expect(page).toContain("17% of loads cancelled after award in the last year");
    expect(page).toContain("Frequent cancellations");
    expect(page).not.toContain("New on Loadline");
  });

  it("tells the viewer that their own company's profile is what others see, without a block button", async () => {
    const carrier = await createCarrier();
    const { browser } = await signedInAgent(carrier.email);
    const page = (await browser.get(`/companies/${carrier.accountId}`).expect(200)).text;
    expect(page).toContain("This is what other companies see.");
    expect(page).toContain("No ratings yet");
    expect(page).not.toContain("/block");
  });

  it("offers an office of the other kind Block, or Unblock (a DELETE form) once it has blocked; nobody else", async () => {
    const carrier = await createCarrier({ company: "Blockable Haulage" });
    const shipper = await createShipper();
    const office = await signedInAgent(shipper.email);
    const action = `action="/companies/${carrier.accountId}/block" method="post"`;
    let page = (await office.browser.get(`/companies/${carrier.accountId}`).expect(200)).text;
    expect(page).toContain(action);
    expect(page).toContain("Block Blockable Haulage</button>");
    await db().companyBlock.create({ data: { blockerAccountId: shipper.accountId, blockedAccountId: carrier.accountId, blockedById: shipper.id } });
    page = (await office.browser.get(`/companies/${carrier.accountId}`).expect(200)).text;
    expect(page).toContain('<input type="hidden" name="_method" value="delete">');
    expect(page).toContain("Unblock Blockable Haulage</button>");

    const rival = await createCarrier();
    const driver = await createUser("shipper", { role: "driver", accountId: shipper.accountId });
    for (const other of [rival, driver]) {
      const { browser } = await signedInAgent(other.email);
      expect((await browser.get(`/companies/${carrier.accountId}`).expect(200)).text).not.toContain("/block");
    }
  });

  it("blocks from the profile's button and unblocks from its DELETE form, each back to the profile with the other button", async () => {
    const carrier = await createCarrier({ company: "Round Trip Haulage" });
    const shipper = await createShipper();
    const { browser, csrf } = await signedInAgent(shipper.email);
    const profile = `/companies/${carrier.accountId}`;
    const blocked = await browser.post(`${profile}/block`).type("form").send({ _csrf: csrf });
    expect(blocked.status).toBe(303);
    expect(blocked.headers.location).toBe(profile);
    expect((await browser.get(profile).expect(200)).text).toContain("Unblock Round Trip Haulage</button>");
    const unblocked = await browser.post(`${profile}/block`).type("form").send({ _csrf: csrf, _method: "delete" });
    expect(unblocked.status).toBe(303);
    const page = (await browser.get(profile).expect(200)).text;
    expect(page).toContain("Block Round Trip Haulage</button>");
    expect(page).not.toContain("Unblock");
  });

  it("is 404 for a platform account, an unknown one and a malformed id; signed out goes to sign in", async () => {
    const support = await createSupport();
    const carrier = await createCarrier();
    const { browser } = await signedInAgent(carrier.email);
    for (const id of [String(support.accountId), "999999999", "abc"]) await browser.get(`/companies/${id}`).expect(404);
    const res = await agent().get(`/companies/${carrier.accountId}`);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe("/login");
  });
});
