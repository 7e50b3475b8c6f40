import { hash } from "@node-rs/argon2";
import { db } from "#db/client.server.ts";
import { isCurrent, stampOf, type Stamp } from "#db/table-versions.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";

// The User record: a person on an account, as every request knows them (the signed-in user, kept
// per process), their password's hash, and support's search. Signing up: users/sign-up; checking
// and changing sign-in details: users/credentials.

// algorithm 2 = Argon2id (a const enum in the typings, unusable under verbatimModuleSyntax).
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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

export const isEmailTaken = async (email: string) => Boolean(await db().user.findUnique({ where: { email }, select: { id: true } }));

/** Prisma's unique-constraint failure: two requests raced for the same email. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";

/** Runs a write that may lose a race for a unique email; losing answers `errors` instead of throwing. */
export async function unlessEmailTaken<T extends object>(write: () => Promise<T>, errors: Record<string, string>): Promise<Result<T>> {
  try {
    return ok(await write());
  } catch (error) {
    if (isUniqueViolation(error)) return refused(errors);
    throw error;
  }
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
