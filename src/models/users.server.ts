import { hash, verify } from "@node-rs/argon2";
import { db } from "#db/client.server.ts";
import { isCurrent, stampOf, type Stamp } from "#db/table-versions.server.ts";
import { z } from "zod";
import { SignupSchema, type SignupInput } from "#domain/auth/account-forms.ts";
import { alreadyRegisteredLetter, confirmationLetter } from "#domain/auth/signup-mail.ts";
import { sendMail } from "#lib/mailer.server.ts";
import { openToken, sealToken } from "#lib/sealed-token.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";

// algorithm 2 = Argon2id (a const enum in the typings, unusable under verbatimModuleSyntax).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Verified against when the email is unknown, so both failures take the same time.
const DUMMY_HASH = hash("not-a-real-password", ARGON2);

export type AccountKind = "shipper" | "carrier" | "platform";
export type Role = "admin" | "member" | "driver" | "support";

export const hashPassword = (password: string) => hash(password, ARGON2);

export const userWithAccount = { include: { account: true } } as const;

export async function findUserWithAccount(id: number) {
  return db().user.findUnique({ where: { id }, ...userWithAccount });
}
export type CurrentUser = NonNullable<Awaited<ReturnType<typeof findUserWithAccount>>>;

// The signed-in user with their account, kept per process: every page needs it. An entry is used
// only while no write has touched the User or Account table since it was read, so a renamed
// company or a changed role shows on the very next request.
const signedInUsers = new Map<number, { user: CurrentUser; stamp: Stamp }>();
const MAX_CACHED_USERS = 10_000;
/** The tables the signed-in user comes from: anything built from the cached user depends on them. */
export const IDENTITY_TABLES = ["User", "Account"];

/** The user with their account, from this process's cache when it is still current. */
export async function signedInUser(id: number): Promise<CurrentUser | null> {
  const cached = signedInUsers.get(id);
  if (cached && isCurrent(cached.stamp)) return cached.user;
  const stamp = stampOf(IDENTITY_TABLES);
  const found = await findUserWithAccount(id);
  // Someone removed from their account is signed out wherever they still have a session.
  const user = found?.removedAt ? null : found;
  if (signedInUsers.size >= MAX_CACHED_USERS) signedInUsers.clear();
  if (user) signedInUsers.set(id, { user, stamp });
  else signedInUsers.delete(id);
  return user;
}

/** Forget every cached user (a fresh app). */
export function forgetSignedInUsers(): void {
  signedInUsers.clear();
}

const EMAIL_TAKEN = "An account with this email already exists. Sign in instead?";
const EMAIL_IN_USE = "That email is already in use";

const isEmailTaken = async (email: string) => Boolean(await db().user.findUnique({ where: { email }, select: { id: true } }));

/** Prisma's unique-constraint failure: two requests raced for the same email. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";

/** Runs a write that may lose a race for a unique email; losing answers `errors` instead of throwing. */
async function unlessEmailTaken<T extends object>(write: () => Promise<T>, errors: Record<string, string>): Promise<Result<T>> {
  try {
    return ok(await write());
  } catch (error) {
    if (isUniqueViolation(error)) return refused(errors);
    throw error;
  }
}

export async function signUp(input: SignupInput): Promise<Result<{ user: CurrentUser }>> {
  if (await isEmailTaken(input.email)) return refused({ email: EMAIL_TAKEN });
  const passwordHash = await hashPassword(input.password);
  return unlessEmailTaken(async () => ({ user: await createAdmin(input, passwordHash) }), { email: EMAIL_TAKEN });
}

const CONFIRM_WITHIN_MS = 48 * 3600_000;
const PendingSignupSchema = SignupSchema.omit({ password: true }).extend({ passwordHash: z.string().startsWith("$argon2") });

/**
 * Starts a sign-up without saying whether the email is registered: a new address gets a link that
 * creates the account; an address that already has one gets a note saying so. Both cost the same
 * (the password is hashed either way) and the caller answers both alike.
 */
export async function requestSignUp(input: SignupInput, origin: string): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  if (await isEmailTaken(input.email)) return sendMail({ to: input.email, ...alreadyRegisteredLetter(`${origin}/login`) });
  const { password: _password, ...details } = input;
  await keepPendingSignUp({ ...details, passwordHash });
  await sendConfirmationLetter({ ...details, passwordHash }, origin);
}

type PendingDetails = z.output<typeof PendingSignupSchema>;

function sendConfirmationLetter(pending: PendingDetails, origin: string): Promise<void> {
  const token = sealToken("signup", pending, CONFIRM_WITHIN_MS);
  return sendMail({ to: pending.email, ...confirmationLetter(pending.name, `${origin}/signup/confirmation/${token}`) });
}

/** The address's sign-up as the newest one waiting (a new sign-up replaces an older), for as long as its link works. */
async function keepPendingSignUp(pending: PendingDetails): Promise<void> {
  const now = Date.now();
  const row = { name: pending.name, companyName: pending.company_name, accountKind: pending.account_kind, passwordHash: pending.passwordHash, expiresAt: new Date(now + CONFIRM_WITHIN_MS) };
  await db().pendingSignUp.deleteMany({ where: { expiresAt: { lte: new Date(now) } } });
  await db().pendingSignUp.upsert({ where: { email: pending.email }, create: { email: pending.email, ...row }, update: row });
}

/** The address's sign-up still waiting to be confirmed, if its link still works. */
async function waitingSignUp(email: string) {
  return db().pendingSignUp.findFirst({ where: { email, expiresAt: { gt: new Date() } } });
}

/**
 * Sends the confirmation link again (a fresh one, for another 48 hours) to an address whose sign-up
 * is still waiting; the "sign in instead" note to one that has an account by now; nothing to any
 * other. The caller answers all three alike, as the sign-up form does.
 */
export async function resendSignUpLetter(email: string, origin: string): Promise<void> {
  if (await isEmailTaken(email)) return sendMail({ to: email, ...alreadyRegisteredLetter(`${origin}/login`) });
  const pending = await waitingSignUp(email);
  const details = PendingSignupSchema.safeParse(pending && { email, name: pending.name, company_name: pending.companyName, account_kind: pending.accountKind, passwordHash: pending.passwordHash });
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
  if (await isEmailTaken(pending.email)) return refused({ base: "This account is already confirmed. Sign in instead." }, 409);
  const created = await unlessEmailTaken(async () => ({ user: await createAdmin(pending, pending.passwordHash) }), { base: "This account is already confirmed. Sign in instead." });
  if (created.ok) await db().pendingSignUp.deleteMany({ where: { email: pending.email } });
  return created;
}

function createAdmin(input: Omit<SignupInput, "password">, passwordHash: string) {
  return db().user.create({
    data: {
      email: input.email,
      name: input.name,
      role: "admin",
      passwordHash,
      account: { create: { kind: input.account_kind, name: input.company_name } },
    },
    ...userWithAccount,
  });
}

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

/** New sign-in details, allowed only with the current password. */
export async function changeCredentials(user: CurrentUser, changes: { currentPassword: string; email: string; password?: string }): Promise<Result> {
  const confirmed = await verify(user.passwordHash, changes.currentPassword).catch(() => false);
  if (!confirmed) return refused({ current_password: WRONG_CURRENT_PASSWORD });
  if (changes.email !== user.email && (await isEmailTaken(changes.email))) return refused({ email: EMAIL_IN_USE });
  const passwordHash = changes.password ? await hashPassword(changes.password) : undefined;
  const write = () => db().user.update({ where: { id: user.id }, data: { email: changes.email, passwordHash }, select: { id: true } });
  return unlessEmailTaken(write, { email: EMAIL_IN_USE });
}

export function searchUsers(query: string, limit = 50) {
  const q = query.trim();
  return db().user.findMany({
    where: {
      role: { not: "support" },
      ...(q ? { OR: [{ email: { contains: q } }, { name: { contains: q } }, { account: { name: { contains: q } } }] } : {}),
    },
    include: { account: true },
    orderBy: [{ account: { name: "asc" } }, { name: "asc" }],
    take: limit,
  });
}
