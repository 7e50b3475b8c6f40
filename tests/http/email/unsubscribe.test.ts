import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { unsubscribeToken } from "#models/email-preferences.server.ts";
import { sgidFor } from "#models/messages.server.ts";
import { agent, signedInAgent } from "../../support/app.ts";
import { minutesFromNow, sweep, unsubscribePath } from "../../support/email-fixtures.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";

async function quoteOn(jobId: number, carrier: { email: string }) {
  const { browser, csrf } = await signedInAgent(carrier.email);
  await browser.post(`/jobs/${jobId}/quotes`).type("form").send({ _csrf: csrf, price: "450", number_of_loads: "1" }).expect(303);
}

const turnedOff = async (userId: number) => (await db().emailOptOut.findMany({ where: { userId } })).map((row) => row.kind);

/** A shipper who has had one e-mail about new quotes on a job. */
async function shipperWithQuotesLetter() {
  const shipper = await createShipper();
  const job = await createJob(shipper.accountId, shipper.id, { reference: "Tiles to Truro" });
  await quoteOn(job.id, await createCarrier());
  await sweep(minutesFromNow(16));
  const [letter] = lettersTo(shipper.email);
  return { shipper, job, letter: letter! };
}

/** The token with one of its characters changed. */
const tampered = (path: string) => path.replace(/.(?=.{10}$)/, (c) => (c === "A" ? "B" : "A"));

describe("unsubscribing from one kind of e-mail", () => {
  it("turns off exactly that kind with a mail client's one-click post: no session, no CSRF token, 200", async () => {
    const { shipper, job, letter } = await shipperWithQuotesLetter();

    const answer = await agent().post(unsubscribePath(letter)).type("form").send("List-Unsubscribe=One-Click");

    expect(answer.status).toBe(200);
    expect(answer.text).toContain("We will no longer e-mail you about <strong>new quotes on your jobs</strong>.");
    expect(await turnedOff(shipper.id)).toEqual(["quotes"]);
    // Posted again (mail clients retry), it is still just that kind.
    expect((await agent().post(unsubscribePath(letter)).type("form").send("List-Unsubscribe=One-Click")).status).toBe(200);
    expect(await turnedOff(shipper.id)).toEqual(["quotes"]);
    // The next quotes go unmailed an hour later; the other kinds are still ticked.
    await quoteOn(job.id, await createCarrier());
    await sweep(minutesFromNow(90));
    expect(lettersTo(shipper.email)).toHaveLength(1);
    const { browser } = await signedInAgent(shipper.email);
    const page = (await browser.get("/account")).text;
    expect(page).toMatch(/value="quotes" aria-describedby="email_kind_quotes_hint">/);
    expect(page).toMatch(/value="deliveries" aria-describedby="email_kind_deliveries_hint" checked>/);
  });

  it("stops an e-mail already waiting to go", async () => {
    const shipper = await createShipper();
    const job = await createJob(shipper.accountId, shipper.id);
    await quoteOn(job.id, await createCarrier());

    expect((await agent().post(`/unsubscribe/${unsubscribeToken(shipper.id, "quotes")}`)).status).toBe(200);
    await sweep(minutesFromNow(16));

    expect(lettersTo(shipper.email)).toEqual([]);
  });

  it("opens a page whose button posts the unsubscribe, changing nothing by itself", async () => {
    const { shipper, letter } = await shipperWithQuotesLetter();

    const page = await agent().get(unsubscribePath(letter));

    expect(page.status).toBe(200);
    expect(page.text).toContain("You will no longer be e-mailed about <strong>new quotes on your jobs</strong>.");
    expect(page.text).toContain(`<form action="${unsubscribePath(letter)}" method="post" class="form">`);
    expect(await turnedOff(shipper.id)).toEqual([]);
  });

  it("answers 404 to a tampered token, or a signed id made for something else, and turns nothing off", async () => {
    const { shipper, letter } = await shipperWithQuotesLetter();
    const message = `/unsubscribe/${sgidFor(1)}`;

    for (const path of [tampered(unsubscribePath(letter)), message, "/unsubscribe/nonsense"]) {
      expect((await agent().get(path)).status).toBe(404);
      expect((await agent().post(path).type("form").send("List-Unsubscribe=One-Click")).status).toBe(404);
    }
    expect(await turnedOff(shipper.id)).toEqual([]);
  });
});
