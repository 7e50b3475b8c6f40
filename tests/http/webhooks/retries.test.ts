import { Webhook } from "standardwebhooks";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { RETRY_DELAYS_MS } from "#domain/webhooks/schedule.ts";
import { postWebhook } from "#models/webhooks/sending.server.ts";
import { deliverWebhooks } from "#server/background/webhook-deliveries.server.ts";
import { createUser } from "../../support/fixtures.ts";
import { formBody, jobFormBody } from "../../support/job-fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";
import { createParties, signedInAgent, type Parties, type Signed } from "../invoices/invoice-fixtures.ts";
import { startReceiver } from "./receiver.ts";
import { addEndpoint, sendAll } from "./webhook-fixtures.ts";

// A receiver that fails is tried again on the schedule (the clock passed in, never waited for),
// then the delivery is given up, the endpoint disabled and the account's admins e-mailed; a new
// secret signs beside the old one for 24 hours; "Send again" sends a delivery once more.

let parties: Parties;
let office: Signed;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  parties = await createParties();
  office = await signedInAgent(parties.shipper.email);
  receiver = await startReceiver();
});
afterEach(() => receiver.close());

async function publishJob(): Promise<number> {
  const answer = await office.browser.post("/jobs").type("form").send(formBody({ _csrf: office.csrf, ...jobFormBody(), publish: "1" })).expect(303);
  return Number(answer.headers.location!.split("/").at(-1));
}

/** One pass of the sender at this time; links in its letters point at http://loadline.test. */
const pass = (at: number) => deliverWebhooks(new Date(at), "http://loadline.test");
const deliveryOf = (endpointId: number) => db().webhookDelivery.findFirstOrThrow({ where: { endpointId }, orderBy: { id: "desc" } });

describe("a receiver that fails", () => {
  it("is tried 14 times on the schedule over about 3 days, then the endpoint is disabled and its admins told", async () => {
    receiver.answer.status = 500;
    receiver.answer.body = "x".repeat(1_500);
    const member = await createUser("shipper", { role: "member", accountId: parties.shipper.accountId });
    const secondAdmin = await createUser("shipper", { role: "admin", accountId: parties.shipper.accountId });
    const { id, secret } = await addEndpoint(office, receiver.url, ["job.published"]);
    await publishJob();
    let at = Date.now();
    const schedule = [0, ...RETRY_DELAYS_MS];
    for (const [n, wait] of schedule.entries()) {
      at += wait;
      // A moment before it is due nothing is sent; when due, exactly one try.
      if (wait) expect(await pass(at - 1_000)).toHaveLength(0);
      expect(await pass(at)).toHaveLength(1);
      expect(receiver.received).toHaveLength(n + 1);
    }
    expect(await pass(at + 30 * 86_400_000)).toHaveLength(0);

    const delivery = await deliveryOf(id);
    expect(delivery).toMatchObject({ attempts: 14, nextAttemptAt: null, deliveredAt: null, lastStatus: 500, failedAt: new Date(at) });
    expect(delivery.lastResponse).toBe("x".repeat(1_000));
    expect((at - delivery.createdAt.getTime()) / 86_400_000).toBeGreaterThan(3);
    expect((await db().webhookEndpoint.findUniqueOrThrow({ where: { id } })).disabledAt).toEqual(new Date(at));

    // Every try: the same message id, signed (checked by the package) at the time it was sent.
    for (const { headers, body } of receiver.received) {
      expect(headers["webhook-id"]).toBe(delivery.messageId);
      expect(headers["webhook-signature"]).toBe(new Webhook(secret).sign(delivery.messageId, new Date(Number(headers["webhook-timestamp"]) * 1000), body));
      expect(body).toBe(delivery.payload);
    }
    for (const admin of [parties.shipper, secondAdmin]) {
      const [letter, ...more] = lettersTo(admin.email).filter((l) => l.subject === "Webhook endpoint disabled");
      expect(more).toHaveLength(0);
      expect(letter!.text).toContain(`We could not deliver events to your webhook endpoint ${receiver.url} after 14 tries over about 3 days`);
      expect(letter!.text).toContain(`http://loadline.test/account/webhooks/${id}`);
    }
    expect(lettersTo(member.email)).toHaveLength(0);

    // Nothing is enqueued for a disabled endpoint; turned back on, it receives events again.
    await publishJob();
    expect(await db().webhookDelivery.count({ where: { endpointId: id } })).toBe(1);
    receiver.answer.status = 200;
    await office.browser.post(`/account/webhooks/${id}/enable`).type("form").send({ _csrf: office.csrf }).expect(303);
    await publishJob();
    await sendAll();
    expect(receiver.received).toHaveLength(15);
  });

  it("counts a redirect as a failure and does not follow it", async () => {
    receiver.answer.status = 302;
    const { id } = await addEndpoint(office, receiver.url, ["job.published"]);
    await publishJob();
    const now = new Date();
    await deliverWebhooks(now);
    expect(await deliveryOf(id)).toMatchObject({ attempts: 1, lastStatus: 302, deliveredAt: null, nextAttemptAt: new Date(now.getTime() + 30_000) });
    expect(receiver.received).toHaveLength(1);
  });

  it("records no answer, and tries again, when the receiver is not there", async () => {
    const { id } = await addEndpoint(office, receiver.url, ["job.published"]);
    await receiver.close();
    await publishJob();
    const now = new Date();
    await deliverWebhooks(now);
    const delivery = await deliveryOf(id);
    expect(delivery).toMatchObject({ attempts: 1, lastStatus: null, nextAttemptAt: new Date(now.getTime() + 30_000) });
    expect(delivery.lastResponse).toContain("ECONNREFUSED");
    receiver = await startReceiver();
  });
});

describe("sending once", () => {
  it("two passes at once send each delivery once", async () => {
    const { id } = await addEndpoint(office, receiver.url, ["job.published"]);
    for (let i = 0; i < 6; i += 1) await publishJob();
    const now = new Date();
    const passes = await Promise.all([deliverWebhooks(now), deliverWebhooks(now), deliverWebhooks(now)]);
    expect(passes.flat()).toHaveLength(6);
    expect(new Set(receiver.received.map((d) => d.headers["webhook-id"])).size).toBe(6);
    expect(receiver.received).toHaveLength(6);
    expect(await db().webhookDelivery.count({ where: { endpointId: id, deliveredAt: { not: null } } })).toBe(6);
  });
});

describe("rotating the secret", () => {
  it("shows the new secret once; both sign for 24 hours, then the new one alone", async () => {
    const { id, secret: old } = await addEndpoint(office, receiver.url, ["job.published"]);
    const rotated = await office.browser.post(`/account/webhooks/${id}/rotate`).type("form").send({ _csrf: office.csrf }).expect(200);
    expect(rotated.headers["cache-control"]).toBe("no-store");
    const fresh = /<code id="webhook-secret">(whsec_[^<]+)<\/code>/.exec(rotated.text)![1]!;
    expect(fresh).not.toBe(old);
    expect((await office.browser.get(`/account/webhooks/${id}`).expect(200)).text).not.toContain(fresh);
    await publishJob();
    await sendAll();
    const [during] = receiver.received;
    expect(during!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(old).verify(during!.body, during!.headers)).toBeTruthy();
    expect(new Webhook(fresh).verify(during!.body, during!.headers)).toBeTruthy();

    await publishJob();
    const later = new Date(Date.now() + 24 * 3_600_000 + 1_000);
    await deliverWebhooks(later);
    const after = receiver.received[1]!;
    const signedAt = new Date(Number(after.headers["webhook-timestamp"]) * 1000);
    expect(after.headers["webhook-signature"]).toBe(new Webhook(fresh).sign(after.headers["webhook-id"]!, signedAt, after.body));
  });
});

describe("send again", () => {
  it("sends a delivered delivery once more, with the same message id", async () => {
    const { id, secret } = await addEndpoint(office, receiver.url, ["job.published"]);
    await publishJob();
    await sendAll();
    const delivery = await deliveryOf(id);
    const list = (await office.browser.get("/account/webhooks").expect(200)).text;
    expect(list).toMatch(/<td data-label="Last delivery">job\.published, [^<]+: Delivered \(204\)<\/td>/);
    const log = (await office.browser.get(`/account/webhooks/${id}`).expect(200)).text;
    expect(log).toContain('<td data-label="Status">Delivered (204)</td>');
    expect(log).toContain(`<form action="/account/webhooks/${id}/deliveries/${delivery.id}/retry" method="post" class="inline-form">`);
    const again = await office.browser.post(`/account/webhooks/${id}/deliveries/${delivery.id}/retry`).type("form").send({ _csrf: office.csrf });
    expect(again.status).toBe(303);
    expect(again.headers.location).toBe(`/account/webhooks/${id}`);
    await sendAll();
    expect(receiver.received.map((d) => d.headers["webhook-id"])).toEqual([delivery.messageId, delivery.messageId]);
    expect(receiver.verifiedWith(secret)).toHaveLength(2);
    expect(await deliveryOf(id)).toMatchObject({ attempts: 1, lastStatus: 204, nextAttemptAt: null });
  });
});

describe("private addresses at delivery time", () => {
  it.each(["http://127.0.0.1", "http://localhost"])("refuses %s when private addresses are not allowed, whatever was saved", async (host) => {
    const url = receiver.url.replace("http://127.0.0.1", host);
    expect(await postWebhook(url, {}, "{}", false)).toEqual({ status: null, text: "That address is on a private network" });
    expect(receiver.received).toHaveLength(0);
    expect((await postWebhook(url, {}, "{}", true)).status).toBe(204);
  });
});
