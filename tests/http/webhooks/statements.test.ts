import { afterAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { createSignInLimiter } from "#server/rate-limit.server.ts";
import { signedInAgent, testApp } from "../../support/app.ts";
import { createShipper } from "../../support/fixtures.ts";
import { formBody, jobFormBody } from "../../support/job-fixtures.ts";
import { spyOnStatements } from "../../support/statements.ts";
import { addEndpoint } from "./webhook-fixtures.ts";

// What webhooks cost the database: nothing for an action nobody listens to (the enabled endpoints
// are kept until one is written), and a list page whose statements do not grow with its endpoints.

const app = testApp({}, { signInLimiter: createSignInLimiter({ ipPoints: 1_000 }) });
const webhookTables = (sql: readonly string[]) => sql.filter((statement) => /"Webhook(Endpoint|Delivery)"/.test(statement));

describe("webhook statements", () => {
  const spy = spyOnStatements();
  afterAll(() => spy.restore());

  it("an action with no endpoint listening reads no webhook table once the endpoints are kept", async () => {
    const shipper = await createShipper();
    const office = await signedInAgent(shipper.email, app);
    const publish = () => office.browser.post("/jobs").type("form").send(formBody({ _csrf: office.csrf, ...jobFormBody(), publish: "1" })).expect(303);
    await publish();
    spy.clear();
    await publish();
    expect(webhookTables(spy.sent())).toEqual([]);
  });

  it("the list costs the same for one endpoint as for five with deliveries: endpoints, latest tries, their rows", async () => {
    const shipper = await createShipper();
    const office = await signedInAgent(shipper.email, app);
    const count = async () => {
      spy.clear();
      await office.browser.get("/account/webhooks").expect(200);
      return webhookTables(spy.sent()).length;
    };
    const first = await addEndpoint(office, "https://hooks.example.com/1", ["job.published"]);
    await db().webhookDelivery.create({ data: { endpointId: first.id, messageId: "msg_s1", event: "job.published", payload: "{}", lastAttemptAt: new Date(), lastStatus: 200 } });
    const one = await count();
    for (let n = 2; n <= 5; n += 1) {
      const { id } = await addEndpoint(office, `https://hooks.example.com/${n}`, ["job.published"]);
      await db().webhookDelivery.createMany({ data: [1, 2].map((k) => ({ endpointId: id, messageId: `msg_s${n}_${k}`, event: "job.published", payload: "{}", lastAttemptAt: new Date(), lastStatus: 500 })) });
    }
    expect(one).toBe(3);
    expect(await count()).toBe(3);
  });
});
