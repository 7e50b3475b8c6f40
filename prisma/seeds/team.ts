// One invitation waiting in the outbox: Pennine's admin has invited a new driver, so a demo shows
// what the invited person receives and the team page shows an invitation waiting.
import type { PrismaClient } from "#generated/prisma/client.ts";
import { invite } from "#models/team/invitations.server.ts";
import { findUserWithAccount } from "#models/users.server.ts";

export const DEMO_INVITEE = "new.driver@example.com";

export async function seedTeam(db: PrismaClient): Promise<void> {
  if ((await db.invitation.count()) > 0) return;
  const admin = await db.user.findUnique({ where: { email: "carrier@example.com" }, select: { id: true } });
  const inviter = admin && (await findUserWithAccount(admin.id));
  if (!inviter) return;
  const origin = process.env.APP_ORIGIN ?? `http://localhost:${process.env.PORT ?? 3000}`;
  await invite(inviter, { name: "Nina Driver", email: DEMO_INVITEE, role: "driver" }, origin);
}
