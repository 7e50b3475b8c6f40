import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { ORIGIN, minutesFromNow, sweep } from "../../support/email-fixtures.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";

type User = Awaited<ReturnType<typeof createShipper>>;

/** A job for 2 loads (all to the cheapest), quoted by a winner and a loser, awarded by the shipper through the quotes page. */
async function awardedJob(options: { beforeAward?: (carriers: { winner: User; loser: User }) => Promise<void> } = {}) {
  const shipper = await createShipper();
  const job = await createJob(shipper.accountId, shipper.id, { reference: "Steel to Sheffield", expectedQuantity: 2, firstBidPercentage: 100, secondBidPercentage: 0, thirdBidPercentage: 0 });
  const winner = await createCarrier({ name: "Wendy", company: "Winning Haulage" });
  const winnerColleague = await createUser("carrier", { role: "member", accountId: winner.accountId, name: "Will" });
  const winnerDriver = await createUser("carrier", { role: "driver", accountId: winner.accountId });
  const loser = await createCarrier({ name: "Liam", company: "Losing Haulage" });
  for (const [carrier, valueCents] of [[winner, 40_000], [loser, 45_000]] as const) {
    await db().quote.create({ data: { jobId: job.id, carrierAccountId: carrier.accountId, placedById: carrier.id, valueCents, numberOfLoads: 2, status: "active" } });
  }
  await options.beforeAward?.({ winner, loser });
  const { browser, csrf } = await signedInAgent(shipper.email);
  expect((await browser.post(`/jobs/${job.id}/award`).type("form").send({ _csrf: csrf })).status).toBe(303);
  return { shipper, job, winner, winnerColleague, winnerDriver, loser };
}

describe("awards, won and lost, e-mailed to the carrier's office", () => {
  it("tells the winners' office what they won and the others that their quote was not accepted", async () => {
    const { shipper, job, winner, winnerColleague, winnerDriver, loser } = await awardedJob();

    await sweep(minutesFromNow(16));

    const [won] = lettersTo(winner.email);
    expect(won!.subject).toBe("You won 2 loads on Steel to Sheffield");
    expect(won!.text).toContain("Hello Wendy,\n\nYou won 2 loads on Steel to Sheffield.\nThe shipper has awarded the job. Assign drivers to your new loads.\n\n" + `${ORIGIN}/loads\n`);
    expect(won!.text).toContain("“Quotes won and lost” is ticked");
    expect(won!.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(lettersTo(winnerColleague.email).map((l) => l.subject)).toEqual(["You won 2 loads on Steel to Sheffield"]);
    const [lost] = lettersTo(loser.email);
    expect(lost!.subject).toBe("Your quote on Steel to Sheffield was not accepted");
    expect(lost!.text).toContain(`The job has been awarded to other carriers.\n\n${ORIGIN}/jobs/${job.id}\n`);
    // Drivers are not the office, and the shipper awarded it themselves.
    expect([...lettersTo(winnerDriver.email), ...lettersTo(shipper.email)]).toEqual([]);
  });

  it("sends nothing for an award notification read in time", async () => {
    const { winner, winnerColleague } = await awardedJob();
    const notification = await db().notification.findFirstOrThrow({ where: { userId: winner.id, kind: "awarded" } });
    const { browser, csrf } = await signedInAgent(winner.email);
    expect((await browser.post(`/notifications/${notification.id}`).type("form").send({ _csrf: csrf, _method: "patch" })).status).toBe(303);

    await sweep(minutesFromNow(16));

    expect(lettersTo(winner.email)).toEqual([]);
    expect(lettersTo(winnerColleague.email)).toHaveLength(1);
  });

  it("sends nothing to someone who has switched awards off", async () => {
    const { winner, loser } = await awardedJob({
      beforeAward: async ({ loser }) => {
        const { browser, csrf } = await signedInAgent(loser.email);
        await browser.post("/account/email_preferences").type("form").send({ _csrf: csrf, _method: "patch", email_kinds: ["", "auction_closing", "messages"] }).expect(303);
      },
    });

    await sweep(minutesFromNow(16));

    expect(lettersTo(loser.email)).toEqual([]);
    expect(lettersTo(winner.email)).toHaveLength(1);
  });
});
