import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { canFollowStream } from "#server/stream-access.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";
import { createSupport } from "../../support/fixtures.ts";
import { messagingWorld, openJobWithQuote } from "../../support/messaging-fixtures.ts";

// Authorisation at subscribe time: own user and account streams, loads one may see, and conversations one is party to.

let world: Awaited<ReturnType<typeof messagingWorld>>;
let askedJob: { id: number };
let support: { id: number };
beforeAll(async () => {
  world = await messagingWorld();
  askedJob = await openJobWithQuote(world.shipper, world.outsider);
  support = await createSupport();
});

const as = async (user: { id: number }) => (await findUserWithAccount(user.id))!;

describe("canFollowStream", () => {
  it.each([
    ["their own user stream", () => world.carrier, () => `user:${world.carrier.id}`, true],
    ["another user's stream", () => world.carrier, () => `user:${world.driver.id}`, false],
    ["their account's stream", () => world.carrier, () => `account:${world.carrier.accountId}`, true],
    ["another account's stream", () => world.carrier, () => `account:${world.shipper.accountId}`, false],
    ["their account's stream as a driver (drivers follow their own)", () => world.driver, () => `account:${world.carrier.accountId}`, false],
    ["the load conversation as its shipper", () => world.shipperColleague, () => `conversation:load:${world.load.id}`, true],
    ["the load conversation as its carrier", () => world.carrier, () => `conversation:load:${world.load.id}`, true],
    ["the load conversation as its driver", () => world.driver, () => `conversation:load:${world.load.id}`, true],
    ["the load conversation as another driver of the carrier", () => world.otherDriver, () => `conversation:load:${world.load.id}`, false],
    ["the load conversation as another carrier", () => world.outsider, () => `conversation:load:${world.load.id}`, false],
    ["the load conversation as another shipper", () => world.otherShipper, () => `conversation:load:${world.load.id}`, false],
    ["a job conversation as the carrier who quoted", () => world.outsider, () => `conversation:job:${askedJob.id}:${world.outsider.accountId}`, true],
    ["a job conversation as its shipper", () => world.shipper, () => `conversation:job:${askedJob.id}:${world.outsider.accountId}`, true],
    ["another carrier's job conversation", () => world.carrier, () => `conversation:job:${askedJob.id}:${world.outsider.accountId}`, false],
    ["a conversation of a load that does not exist", () => world.carrier, () => "conversation:load:999999", false],
    ["the load's page as its shipper", () => world.shipperColleague, () => `load:${world.load.id}`, true],
    ["the load's page as its carrier", () => world.carrier, () => `load:${world.load.id}`, true],
    ["the load's page as its driver", () => world.driver, () => `load:${world.load.id}`, true],
    ["the load's page as another driver of the carrier", () => world.otherDriver, () => `load:${world.load.id}`, false],
    ["the load's page as another carrier", () => world.outsider, () => `load:${world.load.id}`, false],
    ["the load's page as another shipper", () => world.otherShipper, () => `load:${world.load.id}`, false],
    ["a stream name this app does not know", () => world.carrier, () => `jobs:${world.job.id}`, false],
    ["their own user stream as support staff", () => support, () => `user:${support.id}`, false],
  ])("%s", async (_what, user, stream, expected) => {
    expect(await canFollowStream(await as(user()), stream())).toBe(expected);
  });

  it("follows today's data: a carrier whose load moved to another carrier loses the conversation", async () => {
    const other = await messagingWorld();
    const carrier = await as(other.carrier);
    expect(await canFollowStream(carrier, `conversation:load:${other.load.id}`)).toBe(true);

    await db().load.update({ where: { id: other.load.id }, data: { carrierAccountId: other.outsider.accountId, driverId: null } });

    expect(await canFollowStream(carrier, `conversation:load:${other.load.id}`)).toBe(false);
    expect(await canFollowStream(await as(other.outsider), `conversation:load:${other.load.id}`)).toBe(true);
  });
});
