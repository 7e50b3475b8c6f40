import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { notify } from "#models/notifications/notify.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { ORIGIN, minutesFromNow, sweep } from "../../support/email-fixtures.ts";
import { createCarrier, createShipper, createUser } from "../../support/fixtures.ts";
import { lettersTo } from "../../support/outbox.ts";
import { poolOf, pooledJob } from "../audience/world.ts";

// A job offered to a pool (the `job_invited` notice publishing sends) is e-mailed to the pool's
// carrier offices that have not read it within 15 minutes, unless they turned "Jobs offered to my
// pools" off; drivers and carriers outside the pool hear nothing.

async function invitedWorld() {
  const shipper = await createShipper({ company: "Northwind Invites" });
  const member = await createCarrier({ name: "Mia", company: "Member Haulage" });
  const driver = await createUser("carrier", { role: "driver", accountId: member.accountId });
  const outsider = await createCarrier();
  const pool = await poolOf(shipper, `Regulars ${shipper.accountId}`, [member]);
  const job = await pooledJob(shipper, [pool.id], { reference: `Chilled to Hull ${shipper.accountId}` });
  await notify({ kind: "job_invited", jobId: job.id, carrierAccountIds: [member.accountId] });
  return { member, driver, outsider, job };
}

describe("jobs offered to a pool, e-mailed to its carrier offices", () => {
  it("e-mails the member's office the invitation's own words and link, once", async () => {
    const { member, driver, outsider, job } = await invitedWorld();
    await sweep(minutesFromNow(16));
    await sweep(minutesFromNow(90));
    const letters = lettersTo(member.email);
    expect(letters.map((letter) => letter.subject)).toEqual([`Northwind Invites invites you to quote: ${job.reference}`]);
    expect(letters[0]!.text).toContain(`${ORIGIN}/jobs/${job.id}\n`);
    expect(letters[0]!.text).toContain("“Jobs offered to my pools” is ticked");
    expect([...lettersTo(driver.email), ...lettersTo(outsider.email)]).toEqual([]);
  });

  it("sends nothing to an office that turned the kind off", async () => {
    const shipper = await createShipper();
    const member = await createCarrier();
    const { browser, csrf } = await signedInAgent(member.email);
    await browser.post("/account/email_preferences").type("form").send({ _csrf: csrf, _method: "patch", email_kinds: ["", "awards", "auction_closing", "messages"] }).expect(303);
    expect(await db().emailOptOut.count({ where: { userId: member.id, kind: "invitations" } })).toBe(1);
    const pool = await poolOf(shipper, "Off", [member]);
    const job = await pooledJob(shipper, [pool.id]);
    await notify({ kind: "job_invited", jobId: job.id, carrierAccountIds: [member.accountId] });
    await sweep(minutesFromNow(16));
    expect(lettersTo(member.email)).toEqual([]);
  });
});
