import { verify } from "@node-rs/argon2";
import { db } from "#db/client.server.ts";
import { refused, type Result } from "#lib/result.server.ts";
import { hashPassword, isEmailTaken, unlessEmailTaken, userWithAccount, type CurrentUser } from "#models/users.server.ts";
import { waitingSignUp } from "#models/users/sign-up.server.ts";

// Sign-in details: whose an email and password are, and changing them with the current password.

// Verified against when the email is unknown, so both failures take the same time.
const DUMMY_HASH = hashPassword("not-a-real-password");

/**
 * Whose these credentials are: a user's; the right password for a sign-up still waiting for its
 * address to be confirmed ("unconfirmed": only its owner learns that); or nobody's (null). One
 * password check whichever it is, so an unknown email costs the same as a wrong password.
 */
export async function checkCredentials(email: string, password: string): Promise<{ user: CurrentUser } | "unconfirmed" | null> {
  const user = await db().user.findUnique({ where: { email }, ...userWithAccount });
  const pending = user ? null : await waitingSignUp(email);
  const valid = await verify(user?.passwordHash ?? pending?.passwordHash ?? (await DUMMY_HASH), password).catch(() => false);
  if (!valid) return null;
  if (user) return user.removedAt ? null : { user };
  return pending ? "unconfirmed" : null;
}

/** The user for these credentials, or null (a sign-up not yet confirmed is nobody yet). */
export async function authenticate(email: string, password: string): Promise<CurrentUser | null> {
  const found = await checkCredentials(email, password);
  return found && found !== "unconfirmed" ? found.user : null;
}

const WRONG_CURRENT_PASSWORD = "Enter your current password";
const EMAIL_IN_USE = "That email is already in use";

/** New sign-in details, allowed only with the current password. */
export async function changeCredentials(user: CurrentUser, changes: { currentPassword: string; email: string; password?: string }): Promise<Result> {
  const confirmed = await verify(user.passwordHash, changes.currentPassword).catch(() => false);
  if (!confirmed) return refused({ current_password: WRONG_CURRENT_PASSWORD });
  if (changes.email !== user.email && (await isEmailTaken(changes.email))) return refused({ email: EMAIL_IN_USE });
  const passwordHash = changes.password ? await hashPassword(changes.password) : undefined;
  const write = () => db().user.update({ where: { id: user.id }, data: { email: changes.email, passwordHash }, select: { id: true } });
  return unlessEmailTaken(write, { email: EMAIL_IN_USE });
}
