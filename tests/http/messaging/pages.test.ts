import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { signedInAgent } from "../../support/app.ts";
import { createMessage, messagingWorld, openJobWithQuote } from "../../support/messaging-fixtures.ts";

// The conversation where people work: on the load page and on the job page.

let world: Awaited<ReturnType<typeof messagingWorld>>;
beforeAll(async () => {
  world = await messagingWorld();
});

describe("the load page", () => {
  it.each([
    ["its shipper", () => world.shipper.email, () => world.carrier.account.name],
    ["its carrier", () => world.carrier.email, () => world.shipper.account.name],
    ["its driver", () => world.driver.email, () => world.shipper.account.name],
  ])("shows %s the load's conversation, live and ready to write", async (_who, email, other) => {
    await createMessage({ jobId: world.job.id, loadId: world.load.id, from: world.shipper, toAccountId: world.carrier.accountId, body: "See you at 9" });
    const { browser } = await signedInAgent(email());

    const page = await browser.get(`/loads/${world.load.id}`);

    expect(page.status).toBe(200);
    expect(page.text).toContain(`id="conversation_load_${world.load.id}"`);
    expect(page.text).toContain("See you at 9");
    expect(page.text).toContain(`Message to ${other()}`);
    expect(page.text).toContain(`action="/loads/${world.load.id}/messages"`);
    expect((page.text.match(/<turbo-cable-stream-source/g) ?? []).length).toBeGreaterThanOrEqual(2);
  });
});

describe("the job page", () => {
  it("gives a carrier its own conversation with the shipper about an open job", async () => {
    const job = await openJobWithQuote(world.shipper);
    const { browser } = await signedInAgent(world.outsider.email);

    const page = await browser.get(`/jobs/${job.id}`);

    expect(page.status).toBe(200);
    expect(page.text).toContain(`id="conversation_job_${job.id}_${world.outsider.accountId}"`);
    expect(page.text).toContain(`Message to ${world.shipper.account.name}`);
  });

  it("names the shipper as it is now: a company renamed after one view is named anew on the next", async () => {
    const job = await openJobWithQuote(world.shipper);
    const { browser } = await signedInAgent(world.outsider.email);
    expect((await browser.get(`/jobs/${job.id}`)).text).toContain(`Message to ${world.shipper.account.name}`);

    await db().account.update({ where: { id: world.shipper.accountId }, data: { name: "Renamed Haulage Buyers Ltd" } });
    try {
      const page = await browser.get(`/jobs/${job.id}?again=1`);
      expect(page.text).toContain("Message to Renamed Haulage Buyers Ltd");
    } finally {
      await db().account.update({ where: { id: world.shipper.accountId }, data: { name: world.shipper.account.name } });
    }
  });

  it("lists for the shipper the carriers who asked, with unread counts, and no conversation of its own", async () => {
    const job = await openJobWithQuote(world.shipper, world.outsider);
    await createMessage({ jobId: job.id, from: world.outsider, toAccountId: world.shipper.accountId, body: "Can we collect early?" });
    const { browser } = await signedInAgent(world.shipper.email);

    const page = await browser.get(`/jobs/${job.id}`);

    expect(page.text).toContain("Questions from carriers");
    expect(page.text).toContain(`href="/jobs/${job.id}/messages?carrier_account_id=${world.outsider.accountId}"`);
    expect(page.text).toContain("Can we collect early?");
    expect(page.text).not.toContain(`id="conversation_job_${job.id}`);
  });
});
