import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { unreadMessageCount } from "#models/messages/badges.server.ts";
import { navBadgesFor } from "#pages/nav-badges.server.ts";
import { unreadNotificationCount } from "#models/notifications.server.ts";
import { createMessage, messagingWorld } from "../../support/messaging-fixtures.ts";

const withAccount = (id: number) => db().user.findUniqueOrThrow({ where: { id }, include: { account: true } });

// The navigation's badges come from one query; they must count exactly what the live updates count.
describe("navigation badges", () => {
  it("count the office's unread messages, a driver's only on their own loads, and the user's notifications", async () => {
    const world = await messagingWorld();
    const otherLoad = await db().load.create({ data: { jobId: world.job.id, sequence: 2, carrierAccountId: world.carrier.accountId, driverId: world.otherDriver.id, status: "driver_assigned" } });
    await createMessage({ jobId: world.job.id, loadId: world.load.id, from: world.shipper, toAccountId: world.carrier.accountId });
    await createMessage({ jobId: world.job.id, loadId: otherLoad.id, from: world.shipper, toAccountId: world.carrier.accountId });
    await createMessage({ jobId: world.job.id, loadId: otherLoad.id, from: world.shipper, toAccountId: world.carrier.accountId, readAt: new Date() });
    await db().notification.createMany({ data: [{ userId: world.driver.id, kind: "message", title: "t", body: "b" }, { userId: world.driver.id, kind: "message", title: "t", body: "b", readAt: new Date() }] });

    for (const [user, messages, notifications] of [[world.carrier, 2, 0], [world.driver, 1, 1], [world.otherDriver, 1, 0]] as const) {
      const viewer = await withAccount(user.id);
      const badges = await navBadgesFor(viewer);
      expect([user.name, badges?.messages.count, badges?.notifications.count]).toEqual([user.name, messages, notifications]);
      expect([badges?.messages.count, badges?.notifications.count]).toEqual([await unreadMessageCount(viewer), await unreadNotificationCount(viewer.id)]);
    }
  });
});

describe("kept navigation badges", () => {
  it("stay exact after each change they count: a message, a notification read, a load handed to another driver", async () => {
    const world = await messagingWorld();
    const driver = await withAccount(world.driver.id);
    const counts = async () => {
      const badges = await navBadgesFor(driver);
      return [badges?.messages.count, badges?.notifications.count];
    };
    expect(await counts()).toEqual([0, 0]);
    await createMessage({ jobId: world.job.id, loadId: world.load.id, from: world.shipper, toAccountId: world.carrier.accountId });
    const notification = await db().notification.create({ data: { userId: world.driver.id, kind: "message", title: "t", body: "b" } });
    expect(await counts()).toEqual([1, 1]);
    await db().notification.update({ where: { id: notification.id }, data: { readAt: new Date() } });
    expect(await counts()).toEqual([1, 0]);
    await db().load.update({ where: { id: world.load.id }, data: { driverId: world.otherDriver.id } });
    expect(await counts()).toEqual([0, 0]);
  });
});
