import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { sendCallOffNotices } from "#models/call-offs.server.ts";
import { additionalDataText } from "#domain/jobs/stored-values.ts";
import { signedInAgent } from "../../support/app.ts";
import { chartPropsIn, jobWithLoads } from "../../support/chart-fixtures.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { recordBroadcasts } from "../../support/messaging-fixtures.ts";

// A contract job's call-offs: the frame both sides see on the job page, its CSV, and the notices
// sent once per job and month when a finished month ran more than 20% off its estimate.

const NOW = new Date("2026-05-10T09:00:00Z");

async function contractWorld() {
  const shipper = await createShipper();
  const carrier = await createCarrier();
  const estimates = [
    { month: "2026-01", numberOfLoads: 10 }, // 10 called off: within
    { month: "2026-02", numberOfLoads: 10 }, // 13: above
    { month: "2026-03", numberOfLoads: 10 }, // 7: below
    { month: "2026-04", numberOfLoads: 10 }, // 12 (one more cancelled): within
    { month: "2026-05", numberOfLoads: 10 }, // this month, 2 so far: not finished
  ];
  const loadsIn = (month: string, count: number, status = "delivered") =>
    Array.from({ length: count }, (_, i) => ({ carrierAccountId: carrier.accountId, pence: 21_000, pickupDate: `${month}-${String(i + 1).padStart(2, "0")}`, deliveredAt: new Date(`${month}-${String(i + 1).padStart(2, "0")}T15:00:00Z`), status }));
  const job = await jobWithLoads(
    shipper,
    [...loadsIn("2026-01", 10), ...loadsIn("2026-02", 13), ...loadsIn("2026-03", 7), ...loadsIn("2026-04", 12), ...loadsIn("2026-04", 1, "cancelled").map((l) => ({ ...l, pickupDate: "2026-04-20" })), ...loadsIn("2026-05", 2, "assigned")],
    { jobType: "contract", status: "in_progress", additionalData: additionalDataText(estimates) },
  );
  return { shipper, carrier, job };
}

describe("call-offs on a contract job's page", () => {
  it("show both sides each month's estimate beside the loads called off, flagging months more than 20% off", async () => {
    const { shipper, carrier, job } = await contractWorld();
    const jobPage = (await (await signedInAgent(shipper.email)).browser.get(`/jobs/${job.id}`).expect(200)).text;
    expect(jobPage).toContain(`<turbo-frame id="call-offs" src="/jobs/${job.id}/call_offs" loading="lazy"`);
    for (const user of [shipper, carrier]) {
      const { browser } = await signedInAgent(user.email);
      const frame = (await browser.get(`/jobs/${job.id}/call_offs`).expect(200)).text;
      expect(frame).toMatch(/^<turbo-frame id="call-offs">/);
      const chart = chartPropsIn(frame, "call-offs-chart");
      expect(chart.labels).toEqual(["January 2026", "February 2026", "March 2026", "April 2026", "May 2026"]);
      expect(chart.datasets).toEqual([
        { label: "Estimated loads", values: [10, 10, 10, 10, 10] },
        { label: "Loads called off", values: [10, 13, 7, 12, 2] },
      ]);
      expect([...frame.matchAll(/<li id="call-offs-(\d{4}-\d{2})" data-variance="(\w+)"/g)].map((m) => [m[1], m[2]])).toEqual([
        ["2026-02", "above"],
        ["2026-03", "below"],
        ["2026-05", "below"],
      ]);
    }
  });

  it("answer 404 to anyone else, and for jobs that are not contracts; other jobs' pages have no frame", async () => {
    const { job, carrier } = await contractWorld();
    const stranger = await createCarrier();
    await (await signedInAgent(stranger.email)).browser.get(`/jobs/${job.id}/call_offs`).expect(404);
    await (await signedInAgent(stranger.email)).browser.get(`/jobs/${job.id}/call_offs.csv`).expect(404);
    const otherShipper = await createShipper();
    await (await signedInAgent(otherShipper.email)).browser.get(`/jobs/${job.id}/call_offs`).expect(404);
    const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
    await (await signedInAgent(driver.email)).browser.get(`/jobs/${job.id}/call_offs.csv`).expect(404);
    const shipper = await createShipper();
    const single = await createJob(shipper.accountId, shipper.id);
    const { browser } = await signedInAgent(shipper.email);
    await browser.get(`/jobs/${single.id}/call_offs`).expect(404);
    expect((await browser.get(`/jobs/${single.id}`).expect(200)).text).not.toContain('id="call-offs"');
  });

  it("download as CSV with ISO months", async () => {
    const { shipper, job } = await contractWorld();
    const { browser } = await signedInAgent(shipper.email);
    const csv = await browser.get(`/jobs/${job.id}/call_offs.csv`).expect(200);
    expect(csv.headers["content-disposition"]).toBe(`attachment; filename="call-offs-job-${job.id}.csv"`);
    expect(csv.text.split("\r\n").slice(0, 3)).toEqual(["Month,Estimated loads,Loads called off", "2026-01-01,10,10", "2026-02-01,10,13"]);
  });
});

describe("call-off notices", () => {
  it("go to both offices once per job and finished month more than 20% off, however often the check runs", async () => {
    const { shipper, carrier, job } = await contractWorld();
    const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
    const before = await db().notification.count({ where: { kind: "call_off" } });
    expect(await sendCallOffNotices(NOW)).toBeGreaterThanOrEqual(2);
    const mine = await db().notification.findMany({ where: { kind: "call_off", path: { startsWith: `/jobs/${job.id}#` } }, orderBy: [{ path: "asc" }, { userId: "asc" }] });
    expect(mine.map((n) => [n.userId, n.path, n.title, n.body])).toEqual([
      [shipper.id, `/jobs/${job.id}#call-offs-2026-02`, `${job.reference}: February 2026 above estimate`, "13 loads called off against an estimate of 10 (+30%)."],
      [carrier.id, `/jobs/${job.id}#call-offs-2026-02`, `${job.reference}: February 2026 above estimate`, "13 loads called off against an estimate of 10 (+30%)."],
      [shipper.id, `/jobs/${job.id}#call-offs-2026-03`, `${job.reference}: March 2026 below estimate`, "7 loads called off against an estimate of 10 (-30%)."],
      [carrier.id, `/jobs/${job.id}#call-offs-2026-03`, `${job.reference}: March 2026 below estimate`, "7 loads called off against an estimate of 10 (-30%)."],
    ]);
    expect(mine.some((n) => n.userId === driver.id)).toBe(false);
    const total = await db().notification.count({ where: { kind: "call_off" } });
    expect(total - before).toBeGreaterThanOrEqual(4);
    expect(await sendCallOffNotices(NOW)).toBe(0);
    expect(await sendCallOffNotices(new Date(NOW.getTime() + 86_400_000))).toBe(0);
    expect(await db().notification.count({ where: { kind: "call_off" } })).toBe(total);
  });

  it("tell about a month only once it has ended in London", async () => {
    const { job } = await contractWorld();
    // 23:30 on 31 May in London: May is not over yet.
    await sendCallOffNotices(new Date("2026-05-31T22:30:00Z"));
    expect(await db().notification.count({ where: { path: `/jobs/${job.id}#call-offs-2026-05` } })).toBe(0);
    await sendCallOffNotices(new Date("2026-05-31T23:30:00Z"));
    expect(await db().notification.count({ where: { path: `/jobs/${job.id}#call-offs-2026-05` } })).toBe(2);
  });

  it("are pushed live to each recipient after they are stored, and never again on a later run", async () => {
    const { shipper, carrier, job } = await contractWorld();
    const recorder = recordBroadcasts();
    try {
      await sendCallOffNotices(NOW);
      const stored = await db().notification.findMany({ where: { kind: "call_off", path: { startsWith: `/jobs/${job.id}#` } }, select: { id: true, userId: true } });
      for (const user of [shipper, carrier]) {
        const pushed = recorder.to(`user:${user.id}`);
        expect(pushed).toHaveLength(2);
        for (const html of pushed) {
          expect(html).toContain('<turbo-stream action="prepend" target="notification_cards">');
          expect(html).toContain('<turbo-stream action="replace" target="nav_notifications_badge">');
        }
        const ids = stored.filter((n) => n.userId === user.id).map((n) => `notification_card_${n.id}`);
        expect(ids.every((id) => pushed.some((html) => html.includes(`id="${id}"`)))).toBe(true);
        expect(pushed.join("")).toContain(`${job.reference}: February 2026 above estimate`);
      }
      const count = recorder.broadcasts.length;
      // A second check (as after a restart) finds them sent: nothing stored, nothing pushed.
      expect(await sendCallOffNotices(NOW)).toBe(0);
      expect(recorder.broadcasts).toHaveLength(count);
    } finally {
      recorder.stop();
    }
  });
});
