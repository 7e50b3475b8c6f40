import { db } from "#db/client.server.ts";
import { z } from "zod";
import { SignupSchema, type SignupInput } from "#domain/auth/account-forms.ts";
import { SIGN_IN_PATH, signUpConfirmationPath } from "#domain/auth/paths.ts";
import { alreadyRegisteredLetter, confirmationLetter } from "#domain/auth/signup-mail.ts";
import { sendMail } from "#lib/mailer.server.ts";
import { openToken, sealToken } from "#lib/sealed-token.server.ts";
import { refused, type Result } from "#lib/result.server.ts";
import { joinInvitedPools } from "#models/pools/invitations.server.ts";
import { hashPassword, isEmailTaken, unlessEmailTaken, userWithAccount, type CurrentUser } from "#models/users.server.ts";

// Signing up: a company's first person, an admin of a new account. The address is confirmed by a
// sealed link first (the sign-up waits as a PendingSignUp meanwhile), never saying whether it is
// already registered.

const EMAIL_TAKEN = "An account with this email already exists. Sign in instead?";
const ALREADY_CONFIRMED = "This account is already confirmed. Sign in instead.";

export async function signUp(input: SignupInput): Promise<Result<{ user: CurrentUser }>> {
  if (await isEmailTaken(input.email)) return refused({ email: EMAIL_TAKEN });
  const passwordHash = await hashPassword(input.password);
  return unlessEmailTaken(async () => ({ user: await createAdmin(input, passwordHash) }), { email: EMAIL_TAKEN });
}

const CONFIRM_WITHIN_MS = 48 * 3600_000;
// A pool invitation's token (when the sign-up came through one) travels sealed in the link.
const PendingSignupSchema = SignupSchema.omit({ password: true }).extend({ passwordHash: z.string().startsWith("$argon2"), pool_invitation: z.string().max(100).optional() });

/**
 * Starts a sign-up without saying whether the email is registered: a new address gets a link that
 * creates the account; an address that already has one gets a note saying so. Both cost the same
 * (the password is hashed either way) and the caller answers both alike.
 */
export async function requestSignUp(input: SignupInput, origin: string, poolInvitation: string | null = null): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  if (await isEmailTaken(input.email)) return sendMail({ to: input.email, ...alreadyRegisteredLetter(`${origin}${SIGN_IN_PATH}`) });
  const { password: _password, ...details } = input;
  await keepPendingSignUp({ ...details, passwordHash });
  await sendConfirmationLetter({ ...details, passwordHash, ...(poolInvitation ? { pool_invitation: poolInvitation } : {}) }, origin);
}

type PendingDetails = z.output<typeof PendingSignupSchema>;

function sendConfirmationLetter(pending: PendingDetails, origin: string): Promise<void> {
  const token = sealToken("signup", pending, CONFIRM_WITHIN_MS);
  return sendMail({ to: pending.email, ...confirmationLetter(pending.name, `${origin}${signUpConfirmationPath(token)}`) });
}

/** The address's sign-up as the newest one waiting (a new sign-up replaces an older), for as long as its link works. */
async function keepPendingSignUp(pending: PendingDetails): Promise<void> {
  const now = Date.now();
  const { name, company_name: companyName, account_kind: accountKind, passwordHash } = pending;
  const row = { name, companyName, accountKind, passwordHash, expiresAt: new Date(now + CONFIRM_WITHIN_MS) };
  await db().pendingSignUp.deleteMany({ where: { expiresAt: { lte: new Date(now) } } });
  await db().pendingSignUp.upsert({ where: { email: pending.email }, create: { email: pending.email, ...row }, update: row });
}

/** The address's sign-up still waiting to be confirmed, if its link still works. */
export async function waitingSignUp(email: string) {
  return db().pendingSignUp.findFirst({ where: { email, expiresAt: { gt: new Date() } } });
}

/**
 * Sends the confirmation link again (a fresh one, for another 48 hours) to an address whose sign-up
 * is still waiting; the "sign in instead" note to one that has an account by now; nothing to any
 * other. The caller answers all three alike, as the sign-up form does.
 */
export async function resendSignUpLetter(email: string, origin: string): Promise<void> {
  if (await isEmailTaken(email)) return sendMail({ to: email, ...alreadyRegisteredLetter(`${origin}${SIGN_IN_PATH}`) });
  const pending = await waitingSignUp(email);
  const details = PendingSignupSchema.safeParse(
    pending && { email, name: pending.name, company_name: pending.companyName, account_kind: pending.accountKind, passwordHash: pending.passwordHash },
  );
  if (!details.success) return;
  await keepPendingSignUp(details.data);
  await sendConfirmationLetter(details.data, origin);
}

/** What a confirmation link holds, if it is genuine and not expired. */
export function pendingSignUp(token: unknown) {
  const pending = PendingSignupSchema.safeParse(openToken("signup", token));
  return pending.success ? pending.data : null;
}

/** Creates the account a confirmation link names; a link used twice finds the account already made. */
export async function confirmSignUp(token: unknown): Promise<Result<{ user: CurrentUser }>> {
  const pending = pendingSignUp(token);
  if (!pending) return refused({ base: "This link has expired or is not valid. Sign up again to get a new one." });
  if (await isEmailTaken(pending.email)) return refused({ base: ALREADY_CONFIRMED }, 409);
  const created = await unlessEmailTaken(async () => ({ user: await createAdmin(pending, pending.passwordHash) }), { base: ALREADY_CONFIRMED });
  if (created.ok) await db().pendingSignUp.deleteMany({ where: { email: pending.email } });
  if (created.ok) await joinInvitedPools(pending.pool_invitation, created.user);
  return created;
}

function createAdmin(input: Omit<SignupInput, "password">, passwordHash: string) {
  const account = { create: { kind: input.account_kind, name: input.company_name } };
  return db().user.create({ data: { email: input.email, name: input.name, role: "admin", passwordHash, account }, ...userWithAccount });
}
