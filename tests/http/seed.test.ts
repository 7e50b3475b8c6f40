import { describe, expect, it } from "vitest";
import { db } from "#db/client.server.ts";
import { seed } from "../../prisma/seed.ts";

const counts = async () => ({
  accounts: await db().account.count(),
  users: await db().user.count(),
  jobs: await db().job.count(),
  quotes: await db().quote.count(),
  loads: await db().load.count(),
  messages: await db().message.count(),
  notifications: await db().notification.count(),
  files: await db().fileBlob.count(),
  attachments: await db().attachment.count(),
  proofs: await db().proofOfDelivery.count(),
  complianceDocuments: await db().complianceDocument.count(),
  positions: await db().loadPosition.count(),
  invitations: await db().invitation.count(),
});

describe("demo data", () => {
  it("is idempotent: seeding twice changes nothing", async () => {
    await seed(db());
    const once = await counts();
    expect(once.users).toBeGreaterThanOrEqual(5);
    await seed(db());
    expect(await counts()).toEqual(once);
  });
});

describe("demo files", () => {
  it("put documents and photos on the load being driven and a delivered load with its proof, stored for real; Pennine's insurance runs out within 30 days", async () => {
    await seed(db());
    const loads = await db().load.findMany({ where: { attachments: { some: {} } }, include: { attachments: { include: { blob: true } }, proof: true }, orderBy: { sequence: "asc" } });
    expect(loads.map((load) => [load.status, load.attachments.map((a) => a.kind).sort(), load.proof?.recipientName ?? null])).toEqual([
      ["collected", ["document", "photo", "photo"], null],
      ["delivered", ["document", "photo"], "Mark Allen"],
    ]);
    const { storage } = await import("#lib/storage.server.ts");
    for (const attachment of loads.flatMap((load) => load.attachments)) expect(await storage().size(attachment.blob.key)).toBe(attachment.blob.byteSize);
    const pennine = await db().account.findFirstOrThrow({ where: { users: { some: { email: "carrier@example.com" } } } });
    const { standingsOf } = await import("#models/compliance.server.ts");
    expect((await standingsOf([pennine.id])).get(pennine.id)).toEqual({ state: "current", expiringSoon: true, label: "Documents current" });
  });
});

describe("demo tracking", () => {
  it("gives the load being driven a trail of positions from its collection, oldest first and ending minutes ago, and none to loads not yet collected", async () => {
    await seed(db());
    const onTheRoad = await db().load.findMany({ where: { positions: { some: {} } }, select: { status: true, positions: { orderBy: { recordedAt: "asc" } }, stops: { select: { jobLocation: true } } } });
    expect(onTheRoad.map((load) => load.status)).toEqual(["collected"]);
    const [{ positions, stops }] = onTheRoad as [(typeof onTheRoad)[number]];
    const pickup = stops.find((s) => s.jobLocation.kind === "pickup")!.jobLocation;
    expect(positions).toHaveLength(13);
    expect([positions[0]!.latitude, positions[0]!.longitude]).toEqual([pickup.latitude, pickup.longitude]);
    const ago = Date.now() - positions.at(-1)!.recordedAt.getTime();
    expect(ago).toBeGreaterThan(60_000);
    expect(ago).toBeLessThan(10 * 60_000);
  });
});

describe("demo team", () => {
  it("has one invitation waiting, from Pennine's admin to a new driver, in the outbox", async () => {
    await seed(db());
    const { DEMO_INVITEE } = await import("../../prisma/seeds/team.ts");
    const { lettersTo } = await import("../support/outbox.ts");
    const invitations = await db().invitation.findMany({ select: { email: true, role: true, invitedBy: { select: { email: true } } } });
    expect(invitations).toEqual([{ email: DEMO_INVITEE, role: "driver", invitedBy: { email: "carrier@example.com" } }]);
    const letters = lettersTo(DEMO_INVITEE);
    expect(letters).toHaveLength(1);
    expect(letters[0]!.link).toMatch(/\/invitations\/[^/\s]+$/);
  });
});
