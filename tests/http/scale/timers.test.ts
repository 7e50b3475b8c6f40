import { describe, expect, it, vi } from "vitest";
import { db } from "#db/client.server.ts";
import { additionalDataText } from "#domain/jobs/stored-values.ts";
import { savedFilters } from "#domain/jobs/saved-search.ts";
import { newStorageKey, storage } from "#lib/storage.server.ts";
import { sendCallOffNotices } from "#models/call-offs.server.ts";
import { sendExpiryReminders } from "#models/compliance.server.ts";
import { createLoadStops, finishInterruptedAwards } from "#models/loads/stops.server.ts";
import { recordMatches } from "#models/saved-searches/matches.server.ts";
import { sendHourlyDigests } from "#models/digests/hourly.server.ts";
import { sendDueEmails } from "#server/email-sweep.server.ts";
import { notify } from "#models/notifications/notify.server.ts";
import { UNATTACHED_BLOB_TTL_MS, purgeUnattachedBlobs } from "#models/uploads.server.ts";
import { jobWithLoads } from "../../support/chart-fixtures.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";

// Every app process runs the same background work on its own timer. Each run here is started many
// times at once (on PostgreSQL really side by side, as in several processes), and whatever it sends
// or writes must still happen exactly once.

const DAY = 86_400_000;
/** `run` started n times at once. */
const times = <T>(n: number, run: (i: number) => Promise<T>): Promise<T>[] => Array.from({ length: n }, (_, i) => run(i));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);

describe("background work run by every process at once", () => {
  it("reminds a carrier office of an expiring document once", async () => {
    const carrier = await createCarrier({ documents: false });
    const colleague = await createUser("carrier", { role: "member", accountId: carrier.accountId });
    await db().complianceDocument.create({ data: { accountId: carrier.accountId, kind: "goods_in_transit", reference: "Mutual", coverPence: 5_000_000, expiresOn: new Date(Date.now() + 25 * DAY), updatedById: carrier.id } });

    await Promise.all(times(10, () => sendExpiryReminders()));

    const reminders = await db().notification.findMany({ where: { kind: "document_expiring", userId: { in: [carrier.id, colleague.id] } } });
    expect(reminders.map((n) => n.userId).sort()).toEqual([carrier.id, colleague.id].sort());
  });

  it("tells both sides of a contract about a month off its estimate once", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const loads = (month: string, count: number) => Array.from({ length: count }, (_, i) => ({ carrierAccountId: carrier.accountId, pence: 21_000, pickupDate: `${month}-${String(i + 1).padStart(2, "0")}` }));
    const estimates = [{ month: "2026-02", numberOfLoads: 10 }, { month: "2026-03", numberOfLoads: 10 }];
    const job = await jobWithLoads(shipper, [...loads("2026-02", 13), ...loads("2026-03", 7)], { jobType: "contract", status: "in_progress", additionalData: additionalDataText(estimates) });

    const runs = await Promise.all(times(10, () => sendCallOffNotices(new Date("2026-05-10T09:00:00Z"))));

    expect(sum(runs)).toBe(2);
    const notices = await db().notification.findMany({ where: { kind: "call_off", path: { startsWith: `/jobs/${job.id}#` } }, orderBy: [{ path: "asc" }, { userId: "asc" }] });
    expect(notices.map((n) => [n.path, n.userId])).toEqual([
      [`/jobs/${job.id}#call-offs-2026-02`, shipper.id],
      [`/jobs/${job.id}#call-offs-2026-02`, carrier.id],
      [`/jobs/${job.id}#call-offs-2026-03`, shipper.id],
      [`/jobs/${job.id}#call-offs-2026-03`, carrier.id],
    ]);
  });

  it("mails one saved-search digest an hour, listing each job once, while new matches keep arriving", async () => {
    const shipper = await createShipper();
    const kim = await createCarrier({ name: "Kim" });
    await db().savedSearch.create({ data: { userId: kim.id, name: "Into the Highlands", filters: savedFilters.serialise(savedFilters.fromQuery({ delivery_region: "GB:Highland" })) } });
    const jobs = await Promise.all(times(5, (i) => createJob(shipper.accountId, shipper.id, { reference: `Drums to Inverness ${i}`, delivery: { city: "Inverness", countryCode: "GB", region: "Highland" } })));
    await recordMatches(jobs[0]!.id);

    // Runs start every few milliseconds while the other four jobs are published among them.
    await Promise.all([
      ...times(25, (i) => pause(i * 4).then(() => sendHourlyDigests(new Date(), "https://loadline.example"))),
      ...jobs.slice(1).map((job, i) => pause(10 + i * 20).then(() => recordMatches(job.id))),
    ]);

    const letters = lettersTo(kim.email);
    expect(letters).toHaveLength(1);
    // What the letter lists is exactly what is marked e-mailed: the rest waits for the next digest.
    const mailed = await db().savedSearchMatch.findMany({ where: { savedSearch: { userId: kim.id }, emailedAt: { not: null } }, select: { jobId: true } });
    const listed = [...letters[0]!.text.matchAll(/\/jobs\/(\d+)/g)].map((m) => Number(m[1]));
    expect(listed.sort()).toEqual(mailed.map((m) => m.jobId).sort());
  });

  it("e-mails new quotes on a job once, listing exactly the quotes it stamped, while quotes keep arriving", async () => {
    const shipper = await createShipper();
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Quotes to Quorn", expectedQuantity: 5 });
    const carriers = await Promise.all(times(5, (i) => createCarrier({ company: `Quorn Carrier ${i}` })));
    const quoteBy = async (carrier: (typeof carriers)[number]) => {
      const quote = await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
      await notify({ kind: "quote_received", jobId: job.id, quoteId: quote.id });
    };
    await quoteBy(carriers[0]!);
    const due = new Date(Date.now() + 16 * 60_000);

    // Twenty runs (as twenty processes' timers) while the other four quotes arrive among them.
    const runs = await Promise.all([...times(20, () => sendDueEmails(due, "https://loadline.example")), ...carriers.slice(1).map((carrier) => quoteBy(carrier).then(() => 0))]);

    const letters = lettersTo(shipper.email);
    expect(letters).toHaveLength(1);
    expect(sum(runs)).toBe(1);
    const stamped = await db().emailItem.findMany({ where: { userId: shipper.id, emailId: { not: null } }, select: { quoteId: true } });
    const listed = [...letters[0]!.text.matchAll(/^- (Quorn Carrier \d)/gm)].map((m) => m[1]);
    const names = new Map(carriers.map((carrier) => [carrier.accountId, carrier.account.name]));
    const quotes = await db().quote.findMany({ where: { id: { in: stamped.map((item) => item.quoteId!) } }, select: { carrierAccountId: true } });
    expect(listed.sort()).toEqual(quotes.map((quote) => names.get(quote.carrierAccountId)).sort());
  });

  it("deletes each stale unused upload, and its bytes, once", async () => {
    const user = await createCarrier();
    const old = new Date(Date.now() - UNATTACHED_BLOB_TTL_MS - 60_000);
    await db().fileBlob.createMany({
      data: Array.from({ length: 5 }, () => ({ key: newStorageKey(), filename: "a.pdf", contentType: "application/pdf", byteSize: 1, checksum: "x", use: "document", uploadedById: user.id, createdAt: old })),
    });
    const removed = vi.spyOn(storage(), "remove");
    try {
      const runs = await Promise.all(times(10, () => purgeUnattachedBlobs()));
      expect(sum(runs)).toBe(5);
      expect(removed).toHaveBeenCalledTimes(5);
    } finally {
      removed.mockRestore();
    }
  });

  it("writes each load's stops once when an award and a restart both finish them", async () => {
    const shipper = await createShipper();
    const carrier = await createCarrier();
    const job = await jobWithLoads(shipper, Array.from({ length: 8 }, () => ({ carrierAccountId: carrier.accountId, pence: 30_000, status: "assigned" })), { status: "awarded" });

    await Promise.all([createLoadStops(job.id), ...times(5, () => finishInterruptedAwards()), createLoadStops(job.id)]);

    const stops = await db().loadStop.groupBy({ by: ["loadId"], where: { load: { jobId: job.id } }, _count: { _all: true } });
    expect(stops.map((row) => row._count._all)).toEqual(Array(8).fill(2));
  });
});
