import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { passDeadlinesDue } from "#models/jobs/deadline.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob, type JobOverrides } from "../../support/job-fixtures.ts";
import { MINUTE, jobOf, noticesOf } from "./support.ts";

// The quote deadline of an invited tender: the shipper is told once when it passes; a deadline set to
// close refuses new and changed quotes from then on, with the sentence naming it, and lets quotes go.

// 10:30 UTC on 15 January is 10:30 in London.
const DEADLINE = new Date("2026-01-15T10:30:00Z");
const CLOSED = "Quotes for this job closed at the deadline on 15 Jan 2026, 10:30";

async function tender(overrides: JobOverrides = {}) {
  const shipper = await createShipper({ company: "Northwind Foods" });
  const job = await createJob(shipper.accountId, shipper.id, { reference: "Chilled to Leeds", expectedQuantity: 4, quoteDeadline: DEADLINE, ...overrides });
  return { shipper, job };
}

const placed = (jobId: number, carrier: { id: number; accountId: number }, status = "active") =>
  db().quote.create({ data: { jobId, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status } });

describe("passDeadlinesDue", () => {
  it("tells the shipper's office once, with its quotes, and that quotes are closed when they are", async () => {
    const { shipper, job } = await tender({ closeAtDeadline: true });
    const colleague = await createUser("shipper", { role: "member", accountId: shipper.accountId });
    const driver = await createUser("shipper", { role: "driver", accountId: shipper.accountId });
    const [a, b, c] = [await createCarrier(), await createCarrier(), await createCarrier()];
    await placed(job.id, a);
    await placed(job.id, b);
    await placed(job.id, c, "withdrawn");
    const now = new Date(DEADLINE.getTime() + 1_000);

    const sweeps = await Promise.all([passDeadlinesDue(now), passDeadlinesDue(now)]);
    const later = await passDeadlinesDue(new Date(now.getTime() + MINUTE));

    expect([...sweeps, later].flat().filter((id) => id === job.id)).toEqual([job.id]);
    expect((await jobOf(job.id)).deadlineNotifiedAt).toEqual(now);
    const body = "The quote deadline for Chilled to Leeds has passed: 2 quotes; quotes are now closed.";
    expect(await noticesOf("quote_deadline", `/jobs/${job.id}/quotes`)).toEqual(
      [shipper.id, colleague.id].map((userId) => ({ userId, title: "Quote deadline passed: Chilled to Leeds", body })),
    );
    expect(await db().notification.count({ where: { userId: driver.id } })).toBe(0);
  });

  it("says only that it passed when quotes stay open", async () => {
    const { shipper, job } = await tender();
    await placed(job.id, await createCarrier());
    await passDeadlinesDue(new Date(DEADLINE.getTime() + 1_000));
    expect(await noticesOf("quote_deadline", `/jobs/${job.id}/quotes`)).toEqual([
      { userId: shipper.id, title: "Quote deadline passed: Chilled to Leeds", body: "The quote deadline for Chilled to Leeds has passed: 1 quote." },
    ]);
  });

  it("waits for the deadline, and tells nobody of a job awarded or cancelled before it", async () => {
    const { job } = await tender({ quoteDeadline: new Date(Date.now() + 60 * MINUTE) });
    const { job: awarded } = await tender({ status: "awarded" });
    const { job: cancelled } = await tender({ status: "cancelled" });

    const told = await passDeadlinesDue(new Date());

    for (const id of [job.id, awarded.id, cancelled.id]) expect(told).not.toContain(id);
    expect((await jobOf(job.id)).deadlineNotifiedAt).toBeNull();
    expect(await passDeadlinesDue(new Date(Date.now() + 61 * MINUTE))).toContain(job.id);
  });
});

describe("quoting after the deadline", () => {
  async function carrierOn(job: { id: number }) {
    const carrier = await createCarrier({ company: "Pennine Haulage" });
    const { browser, csrf } = await signedInAgent(carrier.email);
    return { carrier, browser, csrf, quotes: `/jobs/${job.id}/quotes` };
  }

  it("is refused with 422 and the sentence naming the deadline when it closed quotes: placing and changing", async () => {
    const { job } = await tender({ closeAtDeadline: true });
    const { carrier, browser, csrf, quotes } = await carrierOn(job);
    const mine = await placed(job.id, carrier);

    const placing = await browser.post(quotes).set("X-CSRF-Token", csrf).set("Accept", "application/json").send({ price: "380", number_of_loads: "2" });
    expect(placing.status).toBe(422);
    expect(placing.body).toEqual({ errors: { base: CLOSED } });
    const changing = await browser.patch(`${quotes}/${mine.id}`).set("X-CSRF-Token", csrf).set("Accept", "application/json").send({ price: "380", number_of_loads: "2" });
    expect(changing.status).toBe(422);
    expect(changing.body).toEqual({ errors: { base: CLOSED } });
    expect(await db().quote.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({ valueCents: 40_000, numberOfLoads: 1, status: "active" });
  });

  it("from the job page's form goes back to the job page, which says quotes closed and shows no form", async () => {
    const { job } = await tender({ closeAtDeadline: true });
    const { browser, csrf, quotes } = await carrierOn(job);

    const response = await browser.post(quotes).type("form").send({ _csrf: csrf, price: "380", number_of_loads: "1" });

    expect(response.status).toBe(303);
    expect(response.headers.location).toBe(`/jobs/${job.id}`);
    const page = (await browser.get(`/jobs/${job.id}`).expect(200)).text;
    expect(page).toContain(`role="alert" data-controller="toast" data-action="turbo:before-cache@document->toast#remove">${CLOSED}</div>`);
    expect(page).toContain(`<p class="muted">${CLOSED}.</p>`);
    expect(page).not.toContain('id="bid-form"');
    expect(await db().quote.count({ where: { jobId: job.id } })).toBe(0);
  });

  it("still lets a carrier withdraw its quote, offering the button where the form was", async () => {
    const { job } = await tender({ closeAtDeadline: true });
    const { carrier, browser, csrf, quotes } = await carrierOn(job);
    const mine = await placed(job.id, carrier);
    const page = (await browser.get(`/jobs/${job.id}`).expect(200)).text;
    expect(page).not.toContain('id="bid-form"');
    expect(page).toContain(`<form action="/jobs/${job.id}/quotes/${mine.id}" method="post" class="inline-form withdraw-form"`);

    const response = await browser.delete(`${quotes}/${mine.id}`).set("X-CSRF-Token", csrf).set("Accept", "application/json");

    expect(response.status).toBe(200);
    expect(await db().quote.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({ status: "withdrawn" });
  });

  it("is taken when the deadline only tells the shipper, and before a closing deadline", async () => {
    const { job: telling } = await tender();
    const { job: ahead } = await tender({ closeAtDeadline: true, quoteDeadline: new Date(Date.now() + 60 * MINUTE) });
    for (const job of [telling, ahead]) {
      const { browser, csrf, quotes } = await carrierOn(job);
      const response = await browser.post(quotes).set("X-CSRF-Token", csrf).set("Accept", "application/json").send({ price: "380", number_of_loads: "2" });
      expect(response.status).toBe(201);
      const page = (await browser.get(`/jobs/${job.id}`).expect(200)).text;
      expect(page).toContain('id="bid-form"');
    }
  });
});
