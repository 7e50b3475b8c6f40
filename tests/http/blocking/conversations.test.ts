import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createCarrier, createShipper } from "../../support/fixtures.ts";
import { createJob } from "../../support/job-fixtures.ts";

// The messages inbox across a block: a conversation about a job (before any load) between the two
// is not listed to either side, since the job is 404 to the carrier; a load's conversation between
// them goes on; unblocking lists the job's conversation again.

describe("the messages inbox across a block", () => {
  it("leaves out the job's conversation with the blocked company, keeps the load's, and brings it back on unblocking", async () => {
    const [shipper, carrier] = await Promise.all([createShipper({ company: "Inbox Foods" }), createCarrier({ company: "Inbox Haulage" })]);
    const asked = await createJob(shipper.accountId, shipper.id, { status: "open", reference: "Asked about: Leeds to York" });
    const running = await createJob(shipper.accountId, shipper.id, { status: "in_progress", reference: "Running: York to Hull" });
    const load = await db().load.create({ data: { jobId: running.id, sequence: 1, carrierAccountId: carrier.accountId, status: "assigned" } });
    const say = (jobId: number, loadId: number | null, body: string) =>
      db().message.create({ data: { jobId, loadId, fromUserId: carrier.id, fromAccountId: carrier.accountId, toAccountId: shipper.accountId, body } });
    await say(asked.id, null, "Is the tail-lift needed?");
    await say(running.id, load.id, "On our way to York");

    const inbox = async (email: string) => (await (await signedInAgent(email)).browser.get("/messages").expect(200)).text;
    const listed = (page: string) => ["Asked about: Leeds to York", "Running: York to Hull"].filter((reference) => page.includes(reference));
    expect(listed(await inbox(shipper.email))).toEqual(["Asked about: Leeds to York", "Running: York to Hull"]);

    const block = await db().companyBlock.create({ data: { blockerAccountId: shipper.accountId, blockedAccountId: carrier.accountId, blockedById: shipper.id } });
    expect(listed(await inbox(shipper.email))).toEqual(["Running: York to Hull"]);
    expect(listed(await inbox(carrier.email))).toEqual(["Running: York to Hull"]);

    await db().companyBlock.delete({ where: { id: block.id } });
    expect(listed(await inbox(carrier.email))).toEqual(["Asked about: Leeds to York", "Running: York to Hull"]);
  });
});
