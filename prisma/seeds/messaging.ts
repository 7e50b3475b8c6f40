import type { PrismaClient } from "#generated/prisma/client.ts";
import { notificationContent as content, type NotificationContent } from "#domain/messaging/notification-content.ts";
import { conversationPath } from "#domain/messaging/streams.ts";

// Demo conversations and notifications: a load being driven (shipper, carrier office and driver
// talking, some of it unread on each side), and carriers asking about open jobs before the award.
// Works on whatever jobs, quotes and loads the earlier seeds made; a second run adds nothing.

const MINUTE = 60_000;
type Accounts = Record<string, number>;
type Person = { id: number; accountId: number; name: string; account: { name: string } };
type Line = { from: Person; to: number; body: string; minutesAgo: number; read: boolean };

export async function seedMessaging(db: PrismaClient, accounts: Accounts): Promise<void> {
  if (!accounts.shipper || (await db.message.count({ where: { OR: [{ fromAccountId: accounts.shipper }, { toAccountId: accounts.shipper }] } })) > 0) return;
  const people = await db.user.findMany({
    where: { email: { in: ["shipper@example.com", "carrier@example.com", "driver@example.com", "carrier2@example.com"] } },
    select: { id: true, accountId: true, name: true, email: true, account: { select: { name: true } } },
  });
  const person = (email: string) => people.find((p) => p.email === email);
  const shipper = person("shipper@example.com");
  const carrier = person("carrier@example.com");
  const driver = person("driver@example.com");
  const carrier2 = person("carrier2@example.com");
  if (!shipper || !carrier || !driver || !carrier2) return;
  const now = Date.now();

  const load = await db.load.findFirst({
    where: { job: { shipperAccountId: shipper.accountId }, carrierAccountId: carrier.accountId },
    orderBy: [{ driverId: { sort: "asc", nulls: "last" } }, { id: "asc" }],
    select: { id: true, jobId: true, sequence: true, driverId: true, job: { select: { reference: true } } },
  });
  if (load) {
    const on = { jobId: load.jobId, loadId: load.id };
    const lines: Line[] = [
      { from: shipper, to: carrier.accountId, body: "Morning Callum — the goods-in dock closes at 4pm sharp on Fridays. Please book a slot before setting off.", minutesAgo: 300, read: true },
      { from: carrier, to: shipper.accountId, body: "Thanks Sarah, slot booked for 13:30. Dave is on this one.", minutesAgo: 280, read: true },
      { from: driver, to: shipper.accountId, body: "Loaded and leaving now. ETA 13:15, traffic permitting.", minutesAgo: 45, read: false },
      { from: shipper, to: carrier.accountId, body: "Great. Gate code is 4411 — ask for Mark at goods-in.", minutesAgo: 20, read: false },
    ];
    await say(db, on, lines, now);
    const about = `load ${load.sequence} of ${load.job.reference}`;
    const path = conversationPath({ kind: "load", loadId: load.id });
    await notifyPeople(db, now, [
      [shipper.id, content.message({ senderName: driver.name, senderAccountName: driver.account.name, about, body: lines[2]!.body, path }), 45],
      [carrier.id, content.message({ senderName: shipper.name, senderAccountName: shipper.account.name, about, body: lines[3]!.body, path }), 20],
    ]);
  }

  const openJobs = await db.job.findMany({
    where: { shipperAccountId: shipper.accountId, status: { in: ["open", "live"] } },
    orderBy: { id: "asc" },
    take: 2,
    select: { id: true, reference: true },
  });
  const [first, second] = openJobs;
  if (first) {
    await say(db, { jobId: first.id, loadId: null }, [
      { from: carrier2, to: shipper.accountId, body: "Hi — is there a forklift on site at delivery, or do we need a tail-lift vehicle?", minutesAgo: 180, read: true },
      { from: shipper, to: carrier2.accountId, body: "Forklift on site at both ends, so a standard curtain-sider is fine.", minutesAgo: 150, read: false },
    ], now);
  }
  if (second) {
    await say(db, { jobId: second.id, loadId: null }, [
      { from: carrier, to: shipper.accountId, body: "Could collection move to 06:00? We'd run it with a double-shift driver and save you a day.", minutesAgo: 10, read: false },
    ], now);
  }

  const quotes = await db.quote.findMany({
    where: { job: { shipperAccountId: shipper.accountId }, status: "active" },
    orderBy: { id: "desc" },
    take: 3,
    select: { valueCents: true, numberOfLoads: true, carrierAccount: { select: { name: true } }, job: { select: { id: true, reference: true } } },
  });
  await notifyPeople(
    db,
    now,
    quotes.map((q, i) => [
      shipper.id,
      content.quoteReceived({ jobId: q.job.id, reference: q.job.reference, carrierName: q.carrierAccount.name, valueCents: q.valueCents, numberOfLoads: q.numberOfLoads }),
      90 + i * 60,
      i > 0,
    ]),
  );
}

async function say(db: PrismaClient, on: { jobId: number; loadId: number | null }, lines: Line[], now: number) {
  for (const line of lines) {
    const at = new Date(now - line.minutesAgo * MINUTE);
    await db.message.create({
      data: { ...on, fromUserId: line.from.id, fromAccountId: line.from.accountId, toAccountId: line.to, body: line.body, createdAt: at, readAt: line.read ? at : null },
    });
  }
}

function notifyPeople(db: PrismaClient, now: number, items: [userId: number, notification: NotificationContent, minutesAgo: number, read?: boolean][]) {
  if (!items.length) return Promise.resolve();
  return db.notification.createMany({
    data: items.map(([userId, n, minutesAgo, read]) => {
      const at = new Date(now - minutesAgo * MINUTE);
      return { userId, kind: n.kind, title: n.title, body: n.body, path: n.path, createdAt: at, readAt: read ? at : null };
    }),
  });
}
