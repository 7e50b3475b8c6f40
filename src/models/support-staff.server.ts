import { randomBytes } from "node:crypto";
import { db } from "#db/client.server.ts";
import type { SupportUserInput } from "#domain/auth/account-forms.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";
import { hashPassword } from "#models/users.server.ts";

const SUPPORT_ACCOUNT_NAME = "Loadline Support";

/**
 * Adds a support user to the platform's account (made on first use) with a new random password,
 * returned once for the operator to hand over; the user changes it at /account. Support staff never
 * sign up and are never seeded with a known password where real data lives.
 */
export async function createSupportUser(input: SupportUserInput): Promise<Result<{ password: string }>> {
  if (await db().user.findUnique({ where: { email: input.email }, select: { id: true } })) return refused({ email: `${input.email} already has an account` });
  const password = randomBytes(18).toString("base64url");
  const account = (await db().account.findFirst({ where: { kind: "platform" }, orderBy: { id: "asc" } })) ?? (await db().account.create({ data: { kind: "platform", name: SUPPORT_ACCOUNT_NAME } }));
  await db().user.create({ data: { ...input, role: "support", accountId: account.id, passwordHash: await hashPassword(password) } });
  return ok({ password });
}
