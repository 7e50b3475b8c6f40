import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { ORIGIN, minutesAfter, minutesFromNow, sweep, unsubscribePath } from "../../support/email-fixtures.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";

type User = Awaited<ReturnType<typeof createShipper>>;

async function shipperOffice() {
  const shipper = await createShipper({ name: "Sarah", company: "Acme Foods" });
  const colleague = await createUser("shipper", { role: "member", accountId: shipper.accountId, name: "Sam" });
  const job = await createJob(shipper.accountId, shipper.id, { reference: "Pallets to Bristol", expectedQuantity: 4 });
  return { shipper, colleague, job };
}

/** The carrier's office quotes through the job page's form, as a person does. */
async function quote(carrier: User, jobId: number, price: string, loads: string) {
  const { browser, csrf } = await signedInAgent(carrier.email);
  const answer = await browser.post(`/jobs/${jobId}/quotes`).type("form").send({ _csrf: csrf, price, number_of_loads: loads });
  expect(answer.status).toBe(303);
}

async function readAllNotifications(user: User) {
  const { browser, csrf } = await signedInAgent(user.email);
  expect((await browser.post("/notifications").type("form").send({ _csrf: csrf, _method: "patch" })).status).toBe(303);
}

describe("new quotes, e-mailed to the shipper's office when nobody has read them", () => {
  it("lists the quotes still unread 15 minutes on, priced in GBP, with a one-click unsubscribe", async () => {
    const { shipper, colleague, job } = await shipperOffice();
    const northstar = await createCarrier({ company: "Northstar Haulage" });
    const severn = await createCarrier({ company: "Severn Freight" });
    await quote(northstar, job.id, "450", "3");
    await quote(severn, job.id, "1,200", "1");

    expect(await sweep(minutesFromNow(14))).toBe(0);
    expect(lettersTo(shipper.email)).toEqual([]);

    await sweep(minutesFromNow(16));
    const [letter, ...more] = lettersTo(shipper.email);
    expect(more).toEqual([]);
    expect(letter!.subject).toBe("2 new quotes on Pallets to Bristol");
    expect(letter!.text).toContain("Hello Sarah,\n\nPallets to Bristol has 2 new quotes since we last wrote:\n\n");
    expect(letter!.text).toContain("- Northstar Haulage: £450.00 per load for 3 loads\n- Severn Freight: £1,200.00 per load for 1 load\n");
    expect(letter!.text).toContain(`Compare the quotes and award the job: ${ORIGIN}/jobs/${job.id}/quotes\n`);
    expect(letter!.text).toContain("“New quotes on my jobs” is ticked under “E-mail me about”");
    expect(letter!.text).toContain(`Stop these e-mails: ${ORIGIN}${unsubscribePath(letter!)}\n`);
    expect(letter!.headers["list-unsubscribe"]).toMatch(new RegExp(`^<${ORIGIN}/unsubscribe/[\\w-]+>$`));
    expect(letter!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    // Everyone in the office has their own, and the carriers hear nothing of it.
    expect(lettersTo(colleague.email).map((l) => l.subject)).toEqual(["2 new quotes on Pallets to Bristol"]);
    expect([...lettersTo(northstar.email), ...lettersTo(severn.email)]).toEqual([]);
  });

  it("sends nothing to whoever read the notifications in time; a colleague who did not still hears", async () => {
    const { shipper, colleague, job } = await shipperOffice();
    await quote(await createCarrier(), job.id, "450", "1");

    await readAllNotifications(shipper);
    await sweep(minutesFromNow(16));

    expect(lettersTo(shipper.email)).toEqual([]);
    expect(lettersTo(colleague.email)).toHaveLength(1);
  });

  it("sends at most one e-mail an hour for a job, each listing only the quotes since the last", async () => {
    const { shipper, job } = await shipperOffice();
    const other = await createJob(shipper.accountId, shipper.id, { reference: "Drums to Derby" });
    await quote(await createCarrier({ company: "First Haulage" }), job.id, "400", "1");
    const t0 = minutesFromNow(16);
    await sweep(t0);

    await quote(await createCarrier({ company: "Second Haulage" }), job.id, "390", "2");
    await quote(await createCarrier({ company: "Other Job Haulage" }), other.id, "300", "1");
    await sweep(minutesAfter(t0, 10));
    await sweep(minutesAfter(t0, 59));
    // The other job has its own hour.
    expect(lettersTo(shipper.email).map((l) => l.subject)).toEqual(["1 new quote on Pallets to Bristol", "1 new quote on Drums to Derby"]);

    await sweep(minutesAfter(t0, 60));
    const letters = lettersTo(shipper.email);
    expect(letters.map((l) => l.subject)).toEqual(["1 new quote on Pallets to Bristol", "1 new quote on Drums to Derby", "1 new quote on Pallets to Bristol"]);
    expect(letters[2]!.text).toContain("- Second Haulage: £390.00 per load for 2 loads\n");
    expect(letters[2]!.text).not.toContain("First Haulage");

    await sweep(minutesAfter(t0, 200));
    expect(lettersTo(shipper.email)).toHaveLength(3);
  });

  it("lists a quote changed meanwhile once, at its price now", async () => {
    const { shipper, job } = await shipperOffice();
    const carrier = await createCarrier({ company: "Fickle Freight" });
    await quote(carrier, job.id, "500", "1");
    await quote(carrier, job.id, "480", "2");

    await sweep(minutesFromNow(16));

    const [letter] = lettersTo(shipper.email);
    expect(letter!.subject).toBe("1 new quote on Pallets to Bristol");
    expect(letter!.text).toContain("- Fickle Freight: £480.00 per load for 2 loads\n");
    expect(letter!.text).not.toContain("£500.00");
  });

  it("sends nothing to someone who has switched new quotes off", async () => {
    const { shipper, colleague, job } = await shipperOffice();
    const { browser, csrf } = await signedInAgent(shipper.email);
    const saved = await browser.post("/account/email_preferences").type("form").send({ _csrf: csrf, _method: "patch", email_kinds: ["", "deliveries", "messages"] });
    expect(saved.status).toBe(303);
    await quote(await createCarrier(), job.id, "450", "1");

    await sweep(minutesFromNow(16));

    expect(lettersTo(shipper.email)).toEqual([]);
    expect(lettersTo(colleague.email)).toHaveLength(1);
    expect(await db().sentEmail.count({ where: { userId: shipper.id } })).toBe(0);
  });
});
