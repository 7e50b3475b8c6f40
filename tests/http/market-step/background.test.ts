import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { startMarketSteps } from "#server/background/market-steps.server.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { capturedLogs } from "../operations/support/captured-logs.ts";
import { MINUTE, invitedJob, jobOf, noticesOf, saveSearch, world } from "./support.ts";

// The server's background work: both sweeps run as it starts (so what fell due while it was down
// happens at once), stopping waits for a run under way, and what was done is logged.

describe("startMarketSteps", () => {
  it("makes due steps and tells passed deadlines at once, and stop() waits for that run", async () => {
    const { shipper, outsider, pool } = await world();
    await saveSearch(outsider, "Alba", { delivery_region: "GB:Alba Start" });
    const job = await invitedJob(shipper, pool.id, "Alba Start");
    const tender = await createJob(shipper.accountId, shipper.id, { reference: "Deadline at start", quoteDeadline: new Date(Date.now() - MINUTE) });
    const { logger, lines } = capturedLogs();

    await startMarketSteps(logger).stop();

    expect(await jobOf(job.id)).toMatchObject({ onMarket: true });
    expect((await jobOf(tender.id)).deadlineNotifiedAt).not.toBeNull();
    expect((await noticesOf("market_reached", `/jobs/${job.id}`)).map((n) => n.userId)).toEqual([outsider.id]);
    expect((await noticesOf("quote_deadline", `/jobs/${tender.id}/quotes`)).map((n) => n.userId)).toEqual([shipper.id]);
    expect(lines).toContainEqual(expect.objectContaining({ msg: "market steps made", reached: [job.id], skipped: [] }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: "shippers told of passed quote deadlines", jobs: [tender.id] }));
  });

  it("logs a failed sweep and carries on", async () => {
    const { logger, lines } = capturedLogs();
    const spy = db().job.findMany;
    db().job.findMany = (() => Promise.reject(new Error("database away"))) as unknown as typeof spy;
    try {
      await startMarketSteps(logger).stop();
    } finally {
      db().job.findMany = spy;
    }
    expect(lines.map((line) => line.msg)).toEqual(["making market steps failed", "telling shippers of passed quote deadlines failed"]);
  });
});
