import { describe, expect, it } from "vitest";
import { jobInvitedNotice } from "#domain/messaging/invitation-notice.ts";

// What a carrier's office reads when a shipper offers it a job through one of its pools.
describe("the job_invited notice", () => {
  const facts = { jobId: 7, reference: "NW-101", shipperName: "Northwind", route: "Leeds → Bristol", when: "3 Mar 2031", quoteDeadline: null };
  it.each([
    ["without a deadline", facts, "Leeds → Bristol · 3 Mar 2031. Offered to its pools before the open market."],
    ["with a deadline, in UK time", { ...facts, quoteDeadline: new Date("2031-07-01T16:00:00Z") }, "Leeds → Bristol · 3 Mar 2031 · Quotes by 1 Jul 2031, 17:00. Offered to its pools before the open market."],
  ])("%s", (_what, job, body) => {
    expect(jobInvitedNotice(job)).toEqual({ kind: "job_invited", title: "Northwind invites you to quote: NW-101", body, path: "/jobs/7" });
  });
});
