import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { agent, csrfTokenFor, signIn, signedInAgent, testApp } from "../../support/app.ts";
import { createCarrier, createShipper, createSupport } from "../../support/fixtures.ts";
import { createJob, formBody, jobFormBody } from "../../support/job-fixtures.ts";

const telemetryOn = () => testApp({ CLIENT_TELEMETRY: "true" });

/** The send-event elements of a page: [name, data] pairs. */
function sendEvents(html: string): [string, unknown][] {
  const elements = html.matchAll(/data-controller="send-event" data-send-event-name-value="([^"]*)" data-send-event-data-value="([^"]*)"/g);
  return [...elements].map(([, name, data]) => [name!, JSON.parse(data!.replaceAll("&#34;", '"').replaceAll("&quot;", '"'))]);
}

async function quoteAs(carrier: { email: string }, jobId: number, app = telemetryOn()) {
  const { browser, csrf } = await signedInAgent(carrier.email, app);
  const response = await browser.post(`/jobs/${jobId}/quotes`).type("form").send({ _csrf: csrf, price: "450", number_of_loads: "2" });
  expect(response.status).toBe(303);
  return { browser, csrf, next: response.headers.location as string };
}

describe("one-off analytics events sent from the next page", () => {
  it("renders a placed quote as a send-event element on the page the carrier lands on, once", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 4, numberOfLoads: 4 });
    const { browser, next } = await quoteAs(carrier, job.id);
    const landed = await browser.get(next).expect(200);
    expect(sendEvents(landed.text)).toEqual([["quote_placed", { job_id: job.id, number_of_loads: 2, value_cents: 45_000, revised: false }]]);
    expect(sendEvents((await browser.get(next).expect(200)).text)).toEqual([]);
  });

  it("are left for the page the carrier lands on by a Turbo Frame's request for a page in between", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 4, numberOfLoads: 4 });
    const { browser, next } = await quoteAs(carrier, job.id);
    const frame = await browser.get(`/jobs/${job.id}`).set("Turbo-Frame", "bidding").expect(200);
    const landed = await browser.get(next).expect(200);
    expect([sendEvents(frame.text), sendEvents(landed.text).map(([name]) => name)]).toEqual([[], ["quote_placed"]]);
  });

  it("keeps the five newest when several wait for a page", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 9, numberOfLoads: 9 });
    const { browser, csrf, next } = await quoteAs(carrier, job.id);
    for (const loads of ["3", "4", "5", "6", "7"]) {
      await browser.post(`/jobs/${job.id}/quotes`).type("form").send({ _csrf: csrf, price: "450", number_of_loads: loads }).expect(303);
    }
    const events = sendEvents((await browser.get(next).expect(200)).text);
    expect(events.map(([, data]) => (data as { number_of_loads: number }).number_of_loads)).toEqual([3, 4, 5, 6, 7]);
  });

  it("renders a published job, and not a saved draft", async () => {
    const shipper = await createShipper();
    const { browser, csrf } = await signedInAgent(shipper.email, telemetryOn());
    const draft = await browser.post("/jobs").type("form").send(formBody({ _csrf: csrf, ...jobFormBody({ reference: "Draft only" }), draft: "1" })).expect(303);
    expect(sendEvents((await browser.get(draft.headers.location!).expect(200)).text)).toEqual([]);
    const published = await browser.post("/jobs").type("form").send(formBody({ _csrf: csrf, ...jobFormBody(), publish: "1" })).expect(303);
    const job = await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId, status: "open" } });
    expect(sendEvents((await browser.get(published.headers.location!).expect(200)).text)).toEqual([["job_published", { job_id: job.id }]]);
  });

  it("publishing a saved draft queues the event too", async () => {
    const shipper = await createShipper();
    const { browser, csrf } = await signedInAgent(shipper.email, telemetryOn());
    const draft = await browser.post("/jobs").type("form").send(formBody({ _csrf: csrf, ...jobFormBody(), draft: "1" })).expect(303);
    const job = await db().job.findFirstOrThrow({ where: { shipperAccountId: shipper.accountId }, orderBy: { id: "desc" } });
    expect(draft.headers.location).toBe(`/jobs/${job.id}`);
    await browser.post(`/jobs/${job.id}/publication`).type("form").send({ _csrf: csrf }).expect(303);
    expect(sendEvents((await browser.get(`/jobs/${job.id}`).expect(200)).text)).toEqual([["job_published", { job_id: job.id }]]);
  });

  it("renders nothing where telemetry is off (development and test)", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 4, numberOfLoads: 4 });
    const { browser, next } = await quoteAs(carrier, job.id, testApp());
    const landed = await browser.get(next).expect(200);
    expect(landed.text).toContain("Your quote has been placed");
    expect(landed.text).not.toContain("send-event");
  });

  it("renders nothing while support staff impersonate", async () => {
    const support = await createSupport();
    const shipper = await createShipper();
    const browser = agent(telemetryOn());
    const csrf = await signIn(browser, support.email);
    await browser.post("/admin/impersonations").type("form").send({ _csrf: csrf, user_id: shipper.id }).expect(303);
    const token = await csrfTokenFor(browser, "/dashboard");
    const published = await browser.post("/jobs").type("form").send(formBody({ _csrf: token, ...jobFormBody(), publish: "1" })).expect(303);
    const landed = await browser.get(published.headers.location!).expect(200);
    expect(landed.text).toContain("Your job is published");
    expect(landed.text).not.toContain("send-event");
  });

  it("an answer that is not a whole page leaves the events for the next one", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const job = await createJob(shipper.accountId, shipper.id, { expectedQuantity: 4, numberOfLoads: 4 });
    const { browser, next } = await quoteAs(carrier, job.id);
    const fragment = await browser.get(`/jobs/${job.id}/quotes`).set("Accept", "application/json").expect(200);
    expect(fragment.text).not.toContain("send-event");
    expect(sendEvents((await browser.get(next).expect(200)).text).map(([name]) => name)).toEqual(["quote_placed"]);
  });
});
