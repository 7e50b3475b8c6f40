import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { notify } from "#models/notifications/notify.server.ts";
import { minutesAfter, minutesFromNow, sweep } from "../../support/email-fixtures.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createAuctionJob, createJob } from "../../support/job-fixtures.ts";
import { createMessage } from "../../support/messaging-fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";

// Every process runs the sweep every minute. Here several runs start at once (on PostgreSQL really
// side by side, as in several processes) and then again later, as after a restart: every e-mail
// still goes exactly once.

const times = <T>(n: number, run: () => Promise<T>) => Promise.all(Array.from({ length: n }, run));

describe("the due-mail sweep run by every process at once", () => {
  it("sends each e-mail once, however many runs start together, and nothing again later", async () => {
    const shipper = await createShipper();
    const colleague = await createUser("shipper", { role: "member", accountId: shipper.accountId });
    const carrier = await createCarrier();
    const job = await createJob(shipper.accountId, shipper.id, { reference: "Once to Oban", expectedQuantity: 2 });
    const quote = await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 40_000, numberOfLoads: 1, status: "active" } });
    await notify({ kind: "quote_received", jobId: job.id, quoteId: quote.id });
    const message = await createMessage({ jobId: job.id, from: carrier, toAccountId: shipper.accountId, body: "Can we collect early?" });
    await notify({ kind: "message_received", messageId: message.id });
    const auction = await createAuctionJob(shipper.accountId, shipper.id, Date.now() - 60_000, Date.now() + 30 * 60_000, { reference: "Closing at Crewe" });
    await db().quote.create({ data: { jobId: auction.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 50_000, numberOfLoads: 1, status: "active" } });
    const at = minutesFromNow(16);

    const runs = await times(8, () => sweep(at));

    // Two people in the shipper's office hear of the quote and the message; the carrier of the auction.
    const subjects = (email: string) => lettersTo(email).map((letter) => letter.subject).sort();
    expect(subjects(shipper.email)).toEqual(["1 new quote on Once to Oban", "1 unread message about Once to Oban"]);
    expect(subjects(colleague.email)).toEqual(["1 new quote on Once to Oban", "1 unread message about Once to Oban"]);
    expect(subjects(carrier.email)).toEqual(["Auction closing within the hour: Closing at Crewe"]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(5);
    expect(await db().sentEmail.count({ where: { userId: { in: [shipper.id, colleague.id, carrier.id] } } })).toBe(5);

    // A restarted process finds it all recorded as sent.
    expect(await times(3, () => sweep(minutesAfter(at, 1)))).toEqual([0, 0, 0]);
    expect(lettersTo(shipper.email)).toHaveLength(2);
  });
});
