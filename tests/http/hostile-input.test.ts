import { describe, expect, it } from "vitest";
import { signedInAgent } from "../support/app.ts";
import { createCarrier, createShipper } from "../support/fixtures.ts";

// Ids and bodies no form would send: a record id that cannot exist answers 404, a body of the
// wrong shape 422; never a 500.
const BAD_IDS = ["abc", "-1", "0", "1.5", "99999999999999999999", "1e3", "%00"];

describe("hostile ids and bodies", () => {
  it.each(BAD_IDS)("answers 404 for id %j on every page that takes one", async (id) => {
    const shipper = await createShipper();
    const { browser } = await signedInAgent(shipper.email);
    for (const path of [`/jobs/${id}`, `/jobs/${id}/edit`, `/jobs/${id}/quotes`, `/loads/${id}`, `/loads/${id}/messages`, `/jobs/${id}/messages`]) {
      const response = await browser.get(path);
      expect([path, response.status]).toEqual([path, 404]);
    }
  });

  it.each(BAD_IDS)("answers 404 for id %j on writes", async (id) => {
    const carrier = await createCarrier();
    const { browser, csrf } = await signedInAgent(carrier.email);
    const writes = [
      browser.post(`/jobs/${id}/quotes`).set("X-CSRF-Token", csrf).type("form").send({ price: "100", number_of_loads: "1" }),
      browser.patch(`/loads/${id}/status`).set("X-CSRF-Token", csrf).type("form").send({ status: "collected" }),
      browser.patch(`/notifications/${id}`).set("X-CSRF-Token", csrf),
      browser.put(`/api/v1/messages/${id}/read.json`).set("X-CSRF-Token", csrf),
    ];
    expect((await Promise.all(writes)).map((response) => response.status)).toEqual([404, 404, 404, 404]);
  });

  it("answers 422 to JSON bodies of the wrong shape", async () => {
    const shipper = await createShipper();
    const { browser, csrf } = await signedInAgent(shipper.email);
    const bodies = [[], "text", { job_id: { $gt: 1 } }, { job_id: "1; drop table" }, { load_id: [1, 2], job_id: 1, to_account_id: 1 }];
    for (const body of bodies) {
      for (const path of ["/api/v1/message_typing_event", "/loads_carrier_selector"]) {
        const response = await browser.post(path).set("X-CSRF-Token", csrf).send(body as object);
        // A well-formed selector request for someone else's job is not malformed: it finds nothing.
        const expected = path === "/loads_carrier_selector" && !Array.isArray(body) && typeof body === "object" && "to_account_id" in body ? 404 : 422;
        expect([path, JSON.stringify(body), response.status]).toEqual([path, JSON.stringify(body), expected]);
      }
    }
  });

  it("answers 422 to a job form posted as nonsense", async () => {
    const shipper = await createShipper();
    const { browser, csrf } = await signedInAgent(shipper.email);
    for (const body of ["job=1", "job[pickups]=x&job[job_type]=rocket", "job[pickups][0][window_date]=2027-99-99&job[reference]=x&intent=draft"]) {
      const response = await browser.post("/jobs").set("X-CSRF-Token", csrf).type("form").send(body);
      expect([body, response.status]).toEqual([body, 422]);
    }
  });
});
