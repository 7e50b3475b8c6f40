import { randomBytes } from "node:crypto";
import type { PrismaClient } from "#generated/prisma/client.ts";
import { hashPassword } from "#models/users.server.ts";

export const DEMO_PASSWORD = "password123";

export const DEMO_ACCOUNTS = [
  { key: "shipper", kind: "shipper", name: "Northwind Foods Ltd", users: [{ email: "shipper@example.com", name: "Sarah Patel", role: "admin" }] },
  {
    key: "carrier",
    kind: "carrier",
    name: "Pennine Haulage Ltd",
    users: [
      { email: "carrier@example.com", name: "Callum Wright", role: "admin" },
      { email: "driver@example.com", name: "Dave Hughes", role: "driver" },
      { email: "driver2@example.com", name: "Gemma Lloyd", role: "driver" },
    ],
  },
  { key: "carrier2", kind: "carrier", name: "Severn Freight Services", users: [{ email: "carrier2@example.com", name: "Priya Shah", role: "admin" }, { email: "driver3@example.com", name: "Tom Evans", role: "driver" }] },
  { key: "platform", kind: "platform", name: "Loadline Support", users: [{ email: "support@example.com", name: "Sam Support", role: "support" }] },
] as const;

export type DemoAccountKey = (typeof DEMO_ACCOUNTS)[number]["key"];

/** Creates the demo accounts and users listed in the README unless they exist; returns account ids by key. */
export async function seedUsers(db: PrismaClient, { supportPassword = "demo" }: { supportPassword?: "demo" | "unusable" } = {}): Promise<Record<DemoAccountKey, number>> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const supportHash = supportPassword === "demo" ? passwordHash : await hashPassword(randomBytes(32).toString("base64url"));
  const ids = {} as Record<DemoAccountKey, number>;
  for (const demo of DEMO_ACCOUNTS) {
    const existing = await db.user.findUnique({ where: { email: demo.users[0].email }, select: { accountId: true } });
    const accountId = existing?.accountId ?? (await db.account.create({ data: { kind: demo.kind, name: demo.name } })).id;
    for (const user of demo.users) {
      const hash = user.role === "support" ? supportHash : passwordHash;
      await db.user.upsert({ where: { email: user.email }, update: {}, create: { ...user, accountId, passwordHash: hash } });
    }
    ids[demo.key] = accountId;
  }
  return ids;
}
