import { describe, expect, it } from "vitest";
import { createSupport } from "../../support/fixtures.ts";
import { carrierAnswers, rate, ratingOf, ratingPath, ratingsOf, scene, shipperAnswers, signedInAgent } from "./rating-fixtures.ts";

// Odd shapes (nested fields, lists, ids that name nothing) answer 422 or 404 with the usual
// messages, never 5xx, and change nothing.

describe("hostile input", () => {
  it("refuses nested and listed fields on every form with its messages", async () => {
    const s = await scene();
    const nested = await s.shipperOffice.browser.post(ratingPath(s.loadId)).type("form")
      .send(`_csrf=${encodeURIComponent(s.shipperOffice.csrf)}&punctuality[a]=5&would_again[]=yes&comment[x]=1&communication=4&care_of_goods=5&paperwork=4`).expect(422);
    expect(nested.text).toContain("Choose from 1 to 5 stars for punctuality");
    expect(nested.text).toContain("Say whether you would use them again");
    expect(nested.text).toContain("Write the comment as text");
    expect(await ratingsOf(s.loadId)).toHaveLength(0);

    const problem = await s.carrierOffice.browser.post(`/loads/${s.loadId}/problem`).type("form")
      .send(`_csrf=${encodeURIComponent(s.carrierOffice.csrf)}&description[a]=x&evidence[b]=1`).expect(422);
    expect(problem.text).toContain("Describe the problem");
    expect(problem.text).toContain("Choose documents or photos of this load, or none");

    await rate(s.shipperOffice, s.loadId, shipperAnswers).expect(303);
    await rate(s.carrierOffice, s.loadId, carrierAnswers).expect(303);
    const { id } = await ratingOf(s.loadId, "shipper");
    const reply = await s.carrierOffice.browser.post(`/ratings/${id}/reply`).type("form").send(`_csrf=${encodeURIComponent(s.carrierOffice.csrf)}&reply[a]=hi`).expect(422);
    expect(reply.text).toContain("Enter your reply");
    const support = await signedInAgent((await createSupport()).email);
    const hidden = await support.browser.post(`/ratings/${id}/hide`).type("form").send(`_csrf=${encodeURIComponent(support.csrf)}&reason[]=a&reason[]=b`).expect(422);
    expect(hidden.text).toContain("Enter why the rating is hidden");
    expect(await ratingOf(s.loadId, "shipper")).toMatchObject({ reply: null, hiddenAt: null });
  });

  it("answers 404 to ids that name nothing", async () => {
    const s = await scene();
    const support = await signedInAgent((await createSupport()).email);
    for (const id of ["0", "abc", "1.0", "-1", "99999999999"]) {
      // Beyond 32 bits the load's finder (requireLoadFor) is PostgreSQL's to refuse: not asked here.
      if (id !== "99999999999") await s.shipperOffice.browser.get(`/loads/${id}/rating`).expect(404);
      await s.carrierOffice.browser.post(`/ratings/${id}/reply`).type("form").send({ _csrf: s.carrierOffice.csrf, reply: "Hi" }).expect(404);
      await support.browser.post(`/ratings/${id}/hide`).type("form").send({ _csrf: support.csrf, reason: "Rude" }).expect(404);
    }
  });
});
