import { beforeAll, describe, expect, it } from "vitest";
import { signedInAgent } from "../support/app.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";

// Ids and bodies no form would send, each with the one status it must get: an id that cannot name
// a record answers 404 (exactly like another account's record), a body of the wrong shape 422,
// a body that is not even JSON 400, a body that is neither a form nor JSON 415; never a 500.
const BAD_IDS = ["abc", "-1", "0", "1.5", "99999999999999999999", "1e3", "%00"];

const TYPING = "/api/v1/message_typing_event";
const SELECTOR = "/loads_carrier_selector";

// One shipper and one carrier for the whole file: sign-in attempts are limited per address.
let shipper: Awaited<ReturnType<typeof signedInAgent>>;
let carrier: Awaited<ReturnType<typeof signedInAgent>>;
beforeAll(async () => {
  shipper = await signedInAgent((await createShipper()).email);
  carrier = await signedInAgent((await createCarrier()).email);
});

describe("hostile ids and bodies", () => {
  it.each(BAD_IDS)("answers 404 for id %j on every page that takes one", async (id) => {
    const { browser } = shipper;
    for (const path of [`/jobs/${id}`, `/jobs/${id}/edit`, `/jobs/${id}/quotes`, `/loads/${id}`, `/loads/${id}/messages`, `/jobs/${id}/messages`]) {
      const response = await browser.get(path);
      expect([path, response.status]).toEqual([path, 404]);
    }
  });

  it.each(BAD_IDS)("answers 404 for id %j on every write that takes one", async (id) => {
    const { browser, csrf } = carrier;
    const form = { price: "100", number_of_loads: "1", status: "collected", body: "Hello" };
    const writes = [
      ["post", `/jobs/${id}/quotes`],
      ["post", `/jobs/${id}/award`],
      ["post", `/jobs/${id}/messages`],
      ["patch", `/jobs/${id}`],
      ["delete", `/jobs/${id}`],
      ["patch", `/loads/${id}/status`],
      ["patch", `/loads/${id}/carrier`],
      ["post", `/loads/${id}/messages`],
      ["patch", `/notifications/${id}`],
      ["put", `/api/v1/messages/${id}/read.json`],
    ] as const;
    for (const [method, path] of writes) {
      const response = await browser[method](path).set("X-CSRF-Token", csrf).type("form").send(form);
      expect([method, path, response.status]).toEqual([method, path, 404]);
    }
  });

  it.each([
    [TYPING, "an array", 422, []],
    [TYPING, "a bare string", 422, "text"],
    [TYPING, "no fields", 422, {}],
    [TYPING, "an operator object for an id", 422, { job_id: { $gt: 1 } }],
    [TYPING, "SQL for an id", 422, { job_id: "1; drop table" }],
    [TYPING, "a list of load ids", 422, { load_id: [1, 2], job_id: 1, to_account_id: 1 }],
    [TYPING, "a negative id", 422, { load_id: null, job_id: -1, to_account_id: 1 }],
    [TYPING, "an id of 30 digits", 422, { load_id: null, job_id: "9".repeat(30), to_account_id: 1 }],
    [SELECTOR, "an array", 422, []],
    [SELECTOR, "a bare string", 422, "text"],
    [SELECTOR, "no fields", 422, {}],
    [SELECTOR, "an operator object for an id", 422, { job_id: { $gt: 1 } }],
    [SELECTOR, "SQL for an id", 422, { job_id: "1; drop table" }],
    [SELECTOR, "a negative id", 422, { job_id: -1 }],
    [SELECTOR, "an id of 30 digits", 422, { job_id: "9".repeat(30) }],
    [SELECTOR, "an impossible date", 422, { job_id: 1, date: "2027-99-99" }],
    // Unknown keys are ignored; what is left is a well-formed request for a job that is not theirs.
    [SELECTOR, "a well-formed request for another account's job", 404, { load_id: [1, 2], job_id: 1, to_account_id: 1 }],
    [SELECTOR, "a __proto__ key beside another account's job", 404, JSON.parse('{"__proto__": {"admin": true}, "job_id": 1}') as object],
  ])("%s given %s answers %i", async (path, _name, status, body) => {
    const { browser, csrf } = shipper;
    const response = await browser.post(path).set("X-CSRF-Token", csrf).send(body as object);
    expect(response.status).toBe(status);
  });

  // Checked where every body is read, before any route: none can meet an array in req.body.
  it.each([
    ["/loads/1/attachments", []],
    ["/loads/1/attachments", [1]],
    ["/jobs/1/attachments", []],
    ["/jobs/1/attachments", [1]],
    ["/api/v1/direct_uploads", [{ blob: {} }]],
    ["/jobs", ["job"]],
  ])("answers %s given the JSON array %j with 422 and a JSON error", async (path, body) => {
    const { browser, csrf } = shipper;
    const response = await browser.post(path).set({ "X-CSRF-Token": csrf, Accept: "application/json" }).send(body);
    expect([response.status, response.body]).toEqual([422, { error: "Send a JSON object" }]);
  });

  it.each([TYPING, SELECTOR, "/jobs"])("answers %s with 400 to broken JSON and 415 to a body that is neither a form nor JSON", async (path) => {
    const { browser, csrf } = shipper;
    const post = (type: string, body: string) => browser.post(path).set("X-CSRF-Token", csrf).set("Content-Type", type).send(body);
    expect((await post("application/json", "{not json")).status).toBe(400);
    expect((await post("text/plain", "hello")).status).toBe(415);
    expect((await post("application/xml", "<job/>")).status).toBe(415);
  });

  it("answers 422 to a job form posted as nonsense", async () => {
    const { browser, csrf } = shipper;
    const bodies = [
      "",
      "job=1",
      "job[pickups]=x&job[job_type]=rocket",
      "job[pickups][0][window_date]=2027-99-99&job[reference]=x&intent=draft",
      "job[pickups][99999]=x",
      "job[expected_quantity]=-5&intent=publish",
      `job[reference]=${"x".repeat(5000)}`,
    ];
    for (const body of bodies) {
      const response = await browser.post("/jobs").set("X-CSRF-Token", csrf).type("form").send(body);
      expect([body.slice(0, 80), response.status]).toEqual([body.slice(0, 80), 422]);
    }
  });
});
