import { db } from "#db/client.server.ts";
import { lockRow } from "#db/row-lock.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import { OFFICE_ROLES, isOfficeOf } from "#domain/accounts/team.ts";
import {
  MAX_SEARCHES_PER_USER, SEARCH_MESSAGES, cleanSearchName, savedFilters, searchNameError,
  type SavedFilters,
} from "#domain/jobs/saved-search.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Saved searches: a carrier office user keeps the job board's filters under a name and hears about
// each job that newly appears on the board and matches, in the app at once (a stored notification,
// pushed live) and by e-mail in a digest at most once an hour. A job "newly appears" when it is
// published (or an edit brings it back to the board); searches saved after the job was first
// published never alert on it, since it was already on the board when they were saved. The list
// with its new matches is in saved-searches/list.server.ts, recording those matches in
// saved-searches/matches.server.ts, the hourly digest in saved-searches/digest.server.ts.

/** Who may keep searches and hear about matches, in a query: carrier office users still on their account. */
export const SEARCH_OWNERS = {
  removedAt: null,
  role: { in: [...OFFICE_ROLES] },
  account: { kind: "carrier" },
} satisfies Prisma.UserWhereInput;

/**
 * The user, if they may keep saved searches (a carrier's office); anyone else finds no such pages
 * (404). Someone removed from their account is never signed in (signedInUser), so is never asked.
 */
export function requireSearcher(user: CurrentUser): CurrentUser {
  return found(isOfficeOf("carrier", user) && user);
}

type Tx = Prisma.TransactionClient;

async function nameTaken(tx: Tx, userId: number, name: string, exceptId?: number): Promise<boolean> {
  const where = { userId, ...(exceptId ? { id: { not: exceptId } } : {}) };
  const searches = await tx.savedSearch.findMany({ where, select: { name: true } });
  return searches.some((search) => search.name.toLocaleLowerCase("en-GB") === name.toLocaleLowerCase("en-GB"));
}

type Saved = Result<{ id: number; name: string }>;

type NewSearch = { name: unknown; filters: SavedFilters };

/**
 * Saves the filters under a name. Refused (422) with the message beside the name: blank, over 60
 * characters or already used by another of the user's searches; and as a whole: no filter chosen
 * (it would alert on every job), or the user already keeps 20 searches.
 */
export async function createSavedSearch(user: CurrentUser, input: NewSearch): Promise<Saved> {
  requireSearcher(user);
  const name = cleanSearchName(input.name);
  const errors: Record<string, string> = {};
  const nameError = searchNameError(name);
  if (nameError) errors.name = nameError;
  if (savedFilters.isEmpty(input.filters)) errors.base = SEARCH_MESSAGES.noFilters;
  if (Object.keys(errors).length) return refused(errors);
  // Counted and checked in the same transaction as the insert, holding the user's row, so two quick
  // saves (in any processes) cannot pass 20.
  return db().$transaction(async (tx) => {
    await lockRow(tx, "User", user.id);
    const kept = await tx.savedSearch.count({ where: { userId: user.id } });
    if (kept >= MAX_SEARCHES_PER_USER) return refused({ base: SEARCH_MESSAGES.tooMany });
    if (await nameTaken(tx, user.id, name)) return refused({ name: SEARCH_MESSAGES.nameTaken });
    const data = { userId: user.id, name, filters: savedFilters.serialise(input.filters) };
    const search = await tx.savedSearch.create({ data, select: { id: true, name: true } });
    return ok(search);
  });
}

/** One of the user's own searches; another user's (or a missing one) is a 404. */
export async function requireOwnSearch(user: CurrentUser, id: unknown) {
  requireSearcher(user);
  const where = { id: recordId(id), userId: user.id };
  return found(await db().savedSearch.findFirst({ where, select: { id: true, name: true, filters: true } }));
}

/** Renames one of the user's searches, by the same rules as a new name. */
export async function renameSavedSearch(user: CurrentUser, id: unknown, input: { name: unknown }): Promise<Saved> {
  const search = await requireOwnSearch(user, id);
  const name = cleanSearchName(input.name);
  const nameError = searchNameError(name);
  if (nameError) return refused({ name: nameError });
  return db().$transaction(async (tx) => {
    await lockRow(tx, "User", user.id);
    if (await nameTaken(tx, user.id, name, search.id)) return refused({ name: SEARCH_MESSAGES.nameTaken });
    await tx.savedSearch.update({ where: { id: search.id }, data: { name } });
    return ok({ id: search.id, name });
  });
}

/** Deletes one of the user's searches (its matches go with it); another user's is a 404. */
export async function deleteSavedSearch(user: CurrentUser, id: unknown): Promise<{ name: string }> {
  const search = await requireOwnSearch(user, id);
  await db().savedSearch.deleteMany({ where: { id: search.id, userId: user.id } });
  return { name: search.name };
}
