import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent, type Agent } from "../../support/app.ts";
import { createCarrier, createShipper, createSupport, createUser } from "../../support/fixtures.ts";

/** The "E-mail me about" boxes on /account: each kind offered and whether it is ticked. */
async function boxes(browser: Agent): Promise<Record<string, boolean>> {
  const page = await browser.get("/account");
  expect(page.status).toBe(200);
  const inputs = [...page.text.matchAll(/<input type="checkbox" id="field_email_kinds_\w+" name="email_kinds\[\]" value="(\w+)"[^>]*>/g)];
  return Object.fromEntries(inputs.map(([input, kind]) => [kind!, / checked>$/.test(input)]));
}

const save = (browser: Agent, csrf: string, kinds: string | string[] | Record<string, string> | undefined) =>
  browser.post("/account/email_preferences").type("form").send({ _csrf: csrf, _method: "patch", email_kinds: kinds });

const turnedOff = async (userId: number) => (await db().emailOptOut.findMany({ where: { userId }, orderBy: { kind: "asc" } })).map((row) => row.kind);

describe("choosing what to be e-mailed about on /account", () => {
  it("offers each person the kinds that concern them, all ticked at first", async () => {
    const shipper = await signedInAgent((await createShipper()).email);
    const carrier = await createCarrier();
    const office = await signedInAgent(carrier.email);
    const driver = await signedInAgent((await createUser("carrier", { role: "driver", accountId: carrier.accountId })).email);
    const support = await signedInAgent((await createSupport()).email);

    expect(await boxes(shipper.browser)).toEqual({ quotes: true, deliveries: true, messages: true });
    expect(await boxes(office.browser)).toEqual({ awards: true, invitations: true, auction_closing: true, messages: true });
    expect(await boxes(driver.browser)).toEqual({ messages: true });
    expect(await boxes(support.browser)).toEqual({});
    const page = (await shipper.browser.get("/account")).text;
    expect(page).toContain("<legend>E-mail me about</legend>");
    expect(page).toContain("New quotes on my jobs</label>");
    expect((await support.browser.get("/account")).text).not.toContain("E-mail me about");
  });

  it("saves the boxes ticked (the form's empty value arrives with them), and ticking one again turns it back on", async () => {
    const shipper = await createShipper();
    const { browser, csrf } = await signedInAgent(shipper.email);

    const saved = await save(browser, csrf, ["", "messages"]);
    expect([saved.status, saved.headers.location]).toEqual([303, "/account"]);
    expect((await browser.get("/account")).text).toContain("Your e-mail choices have been saved.");
    expect(await boxes(browser)).toEqual({ quotes: false, deliveries: false, messages: true });
    expect(await turnedOff(shipper.id)).toEqual(["deliveries", "quotes"]);

    await save(browser, csrf, [""]).expect(303);
    expect(await boxes(browser)).toEqual({ quotes: false, deliveries: false, messages: false });

    await save(browser, csrf, ["", "quotes", "deliveries", "messages"]).expect(303);
    expect(await boxes(browser)).toEqual({ quotes: true, deliveries: true, messages: true });
    expect(await turnedOff(shipper.id)).toEqual([]);
  });

  it.each([
    ["a kind this person is not offered", ["", "awards"]],
    ["an unknown kind", ["", "quotes", "newsletters"]],
    ["something that is not a list of kinds", { quotes: "1" }],
    ["no email_kinds at all (the form always sends its empty value)", undefined],
  ])("refuses %s with 422 and the message beside the boxes, changing nothing", async (_case, kinds) => {
    const shipper = await createShipper();
    const { browser, csrf } = await signedInAgent(shipper.email);
    await save(browser, csrf, ["", "quotes"]).expect(303);

    const refused = await save(browser, csrf, kinds);

    expect(refused.status).toBe(422);
    expect(refused.text).toContain("There is a problem");
    expect(refused.text).toContain('<a href="#field_email_kinds_quotes">Choose only from the kinds of e-mail listed</a>');
    expect(refused.text).toContain('<p class="field-error" id="email_kinds_error">Choose only from the kinds of e-mail listed</p>');
    expect(await turnedOff(shipper.id)).toEqual(["deliveries", "messages"]);
  });

  it("needs a signed-in person and the page's CSRF token", async () => {
    const shipper = await createShipper();
    const { browser } = await signedInAgent(shipper.email);
    expect((await browser.post("/account/email_preferences").type("form").send({ _method: "patch", email_kinds: [""] })).status).toBe(403);
    expect(await turnedOff(shipper.id)).toEqual([]);
  });
});
