import type { PrismaClient } from "#generated/prisma/client.ts";
import { API_SCOPES } from "#domain/api/scopes.ts";
import { digestOf } from "#models/api-keys.server.ts";
import type { DemoAccountKey } from "./users.ts";

// Known API keys for the demo data, so the README's curl examples work against `npm start` at once:
// one for Northwind's admin (a shipper) and one for Pennine Haulage's (a carrier). Everyone can read
// these keys in the README, so they are made only with demo data (`demo: true`), never in production.

export const DEMO_API_KEYS = [
  { account: "shipper", email: "shipper@example.com", name: "Demo: Northwind's ERP", secret: "ll_live_demoNorthwindFoodsApiKey00000000" },
  { account: "carrier", email: "carrier@example.com", name: "Demo: Pennine's TMS", secret: "ll_live_demoPennineHaulageApiKey00000000" },
] as const satisfies readonly { account: DemoAccountKey; email: string; name: string; secret: string }[];

/** Creates the demo keys unless they exist (every scope, no expiry); nothing unless `demo`. */
export async function seedApiKeys(db: PrismaClient, accounts: Record<DemoAccountKey, number>, { demo }: { demo: boolean }): Promise<void> {
  if (!demo) return;
  for (const key of DEMO_API_KEYS) {
    const maker = await db.user.findUnique({ where: { email: key.email }, select: { id: true } });
    if (!maker) continue;
    const digest = digestOf(key.secret);
    await db.apiKey.upsert({
      where: { digest },
      update: {},
      create: { accountId: accounts[key.account], createdById: maker.id, name: key.name, prefix: key.secret.slice(0, 12), digest, scopes: JSON.stringify(API_SCOPES) },
    });
  }
}
