import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { formatDateTime } from "#domain/format/dates.ts";
import { signedInAgent } from "../../support/app.ts";
import { ORIGIN, minutesAfter, sweep } from "../../support/email-fixtures.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createAuctionJob } from "../../support/job-fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";

const MINUTE = 60_000;
type User = Awaited<ReturnType<typeof createShipper>>;

/** A live auction (opened 10 minutes ago) closing `closesInMinutes` from now. */
async function liveAuction(closesInMinutes: number) {
  const shipper = await createShipper();
  return createAuctionJob(shipper.accountId, shipper.id, Date.now() - 10 * MINUTE, Date.now() + closesInMinutes * MINUTE, { reference: "Auction to Aberdeen", expectedQuantity: 3 });
}

const quoteOn = (jobId: number, carrier: User, status = "active") =>
  db().quote.create({ data: { jobId, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents: 61_000, numberOfLoads: 3, status } });

describe("an auction a carrier quoted on closing within the hour", () => {
  it("e-mails the office of each carrier with a quote on it, once per auction", async () => {
    const job = await liveAuction(40);
    const carrier = await createCarrier({ name: "Callum" });
    const colleague = await createUser("carrier", { role: "member", accountId: carrier.accountId });
    const driver = await createUser("carrier", { role: "driver", accountId: carrier.accountId });
    const bystander = await createCarrier();
    await quoteOn(job.id, carrier);

    const now = new Date();
    await sweep(now);

    const [letter] = lettersTo(carrier.email);
    expect(letter!.subject).toBe("Auction closing within the hour: Auction to Aberdeen");
    expect(letter!.text).toContain(`Hello Callum,\n\nThe auction for Auction to Aberdeen closes at ${formatDateTime(job.auctionClosesAt!)} (UK time).\n`);
    expect(letter!.text).toContain("Your quote: £610.00 per load for 3 loads.\n");
    expect(letter!.text).toContain(`${ORIGIN}/jobs/${job.id}\n`);
    expect(letter!.text).toContain("“Auctions I quoted on closing within the hour” is ticked");
    expect(letter!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(lettersTo(colleague.email)).toHaveLength(1);
    expect([...lettersTo(driver.email), ...lettersTo(bystander.email)]).toEqual([]);

    // Every later run (every minute, in every process, after a restart) finds it sent.
    await sweep(minutesAfter(now, 1));
    await sweep(minutesAfter(now, 30));
    expect(lettersTo(carrier.email)).toHaveLength(1);
  });

  it("waits until the auction is within the hour of closing, and says nothing once it has closed", async () => {
    const job = await liveAuction(120);
    const carrier = await createCarrier();
    await quoteOn(job.id, carrier);
    const now = new Date();

    await sweep(now);
    expect(lettersTo(carrier.email)).toEqual([]);

    await sweep(minutesAfter(now, 61));
    expect(lettersTo(carrier.email)).toHaveLength(1);

    const late = await liveAuction(-1);
    const latecomer = await createCarrier();
    await quoteOn(late.id, latecomer);
    await sweep(new Date());
    expect(lettersTo(latecomer.email)).toEqual([]);
  });

  it("leaves out carriers whose quote was withdrawn and people who switched these e-mails off", async () => {
    const job = await liveAuction(30);
    const withdrawn = await createCarrier();
    const quiet = await createCarrier();
    await quoteOn(job.id, withdrawn, "withdrawn");
    await quoteOn(job.id, quiet);
    const { browser, csrf } = await signedInAgent(quiet.email);
    await browser.post("/account/email_preferences").type("form").send({ _csrf: csrf, _method: "patch", email_kinds: ["", "awards", "messages"] }).expect(303);

    await sweep(new Date());

    expect([...lettersTo(withdrawn.email), ...lettersTo(quiet.email)]).toEqual([]);
  });
});
