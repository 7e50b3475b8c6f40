import { db } from "#db/client.server.ts";
import { lockRow } from "#db/row-lock.server.ts";
import type { Prisma } from "#generated/prisma/client.ts";
import {
  MAX_SEARCHES_PER_USER, SEARCH_MESSAGES, cleanSearchName, describeSearch, digestDue, digestLetter, matchesSearch, savedFilters, searchNameError,
  type DigestJob, type SavedFilters,
} from "#domain/jobs/saved-search.ts";
import { BOARD_STATUSES } from "#domain/jobs/status.ts";
import { storedList } from "#domain/jobs/stored-values.ts";
import { routeLabel, scheduleSummary } from "#domain/jobs/summary.ts";
import { env } from "#lib/env.server.ts";
import { found, recordId } from "#lib/errors.server.ts";
import { logger } from "#lib/logger.server.ts";
import { sendMail } from "#lib/mailer.server.ts";
import { ok, refused, type Result } from "#lib/result.server.ts";
import { jobScopes } from "#models/jobs/scopes.server.ts";
import { notify } from "#models/notifications/notify.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// Saved searches: a carrier office user keeps the job board's filters under a name and hears about
// each job that newly appears on the board and matches, in the app at once (a stored notification,
// pushed live) and by e-mail in a digest at most once an hour. A job "newly appears" when it is
// published (or an edit brings it back to the board); searches saved after the job was first
// published never alert on it, since it was already on the board when they were saved.

/** Who may keep searches and hear about matches: carrier office users still on their account. */
const SEARCH_OWNERS = { removedAt: null, role: { in: ["admin", "member"] }, account: { kind: "carrier" } } satisfies Prisma.UserWhereInput;

export function keepsSavedSearches(user: CurrentUser): boolean {
  return user.account.kind === "carrier" && (user.role === "admin" || user.role === "member") && !user.removedAt;
}

/** The user, if they may keep saved searches; anyone else finds no such pages (404). */
export function requireSearcher(user: CurrentUser): CurrentUser {
  return found(keepsSavedSearches(user) && user);
}

export type SavedSearchRow = { id: number; name: string; summary: string; query: string; newMatches: number; createdAt: Date };

/** The user's searches, oldest first, each with how many jobs it has matched since it was saved that are still on the board. */
export async function savedSearchesOf(user: CurrentUser): Promise<SavedSearchRow[]> {
  const searches = await db().savedSearch.findMany({
    where: { userId: user.id },
    select: { id: true, name: true, filters: true, createdAt: true, _count: { select: { matches: { where: { job: jobScopes.onBoard } } } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return searches.map((search) => {
    const filters = savedFilters.parse(search.filters);
    return { id: search.id, name: search.name, summary: describeSearch(filters), query: savedFilters.query(filters), newMatches: search._count.matches, createdAt: search.createdAt };
  });
}

type Tx = Prisma.TransactionClient;

async function nameTaken(tx: Tx, userId: number, name: string, exceptId?: number): Promise<boolean> {
  const searches = await tx.savedSearch.findMany({ where: { userId, ...(exceptId ? { id: { not: exceptId } } : {}) }, select: { name: true } });
  return searches.some((search) => search.name.toLocaleLowerCase("en-GB") === name.toLocaleLowerCase("en-GB"));
}

/**
 * Saves the filters under a name. Refused (422) with the message beside the name: blank, over 60
 * characters or already used by another of the user's searches; and as a whole: no filter chosen
 * (it would alert on every job), or the user already keeps 20 searches.
 */
export async function createSavedSearch(user: CurrentUser, input: { name: unknown; filters: SavedFilters }): Promise<Result<{ id: number; name: string }>> {
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
    if ((await tx.savedSearch.count({ where: { userId: user.id } })) >= MAX_SEARCHES_PER_USER) return refused({ base: SEARCH_MESSAGES.tooMany });
    if (await nameTaken(tx, user.id, name)) return refused({ name: SEARCH_MESSAGES.nameTaken });
    const search = await tx.savedSearch.create({ data: { userId: user.id, name, filters: savedFilters.serialise(input.filters) }, select: { id: true, name: true } });
    return ok(search);
  });
}

/** One of the user's own searches; another user's (or a missing one) is a 404. */
export async function requireOwnSearch(user: CurrentUser, id: unknown) {
  requireSearcher(user);
  return found(await db().savedSearch.findFirst({ where: { id: recordId(id), userId: user.id }, select: { id: true, name: true, filters: true } }));
}

/** Renames one of the user's searches, by the same rules as a new name. */
export async function renameSavedSearch(user: CurrentUser, id: unknown, input: { name: unknown }): Promise<Result<{ id: number; name: string }>> {
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

const isUniqueViolation = (error: unknown) => (error as { code?: unknown })?.code === "P2002";
const isOnBoard = (status: string) => (BOARD_STATUSES as readonly string[]).includes(status);

/**
 * Call after a write that may have put the job on the board (published, or edited while out for
 * quotes). Records a match for each saved search the job now meets (once per search and job, so
 * publishing or saving again adds nothing) and notifies their owners in the app. Searches of
 * removed users, of drivers and of the job's own account are never consulted. Never throws: the
 * job is already saved, and a failure here is logged rather than undoing or failing the request.
 * Answers how many matches it recorded.
 */
export async function recordMatches(jobId: number): Promise<number> {
  try {
    return await record(jobId);
  } catch (err) {
    logger().error({ err, jobId }, "recording saved-search matches failed");
    return 0;
  }
}

async function record(jobId: number): Promise<number> {
  const job = await db().job.findUnique({
    where: { id: jobId },
    select: { status: true, shipperAccountId: true, publishedAt: true, startDate: true, endDate: true, vehicleTypes: true, loadType: true, locations: { select: { kind: true, countryCode: true, region: true } } },
  });
  if (!job || !isOnBoard(job.status)) return 0;
  // Every owner's searches are read and matched here rather than in SQL, so the rule is the one
  // pure matcher (at most 20 searches per person, only carrier office users keep them).
  const searches = await db().savedSearch.findMany({
    where: { user: { ...SEARCH_OWNERS, accountId: { not: job.shipperAccountId } }, createdAt: { lte: job.publishedAt ?? new Date() }, matches: { none: { jobId } } },
    select: { id: true, userId: true, name: true, filters: true },
    orderBy: { id: "asc" },
  });
  const shape = { ...job, vehicleTypes: storedList(job.vehicleTypes) };
  const matching = searches.filter((search) => {
    const filters = savedFilters.parse(search.filters);
    // A search whose filters no longer read as any filter (an option since removed) alerts on nothing rather than on every job.
    return !savedFilters.isEmpty(filters) && matchesSearch(filters, shape);
  });
  const recorded: typeof matching = [];
  for (const search of matching) {
    try {
      await db().savedSearchMatch.create({ data: { savedSearchId: search.id, jobId } });
      recorded.push(search);
    } catch (error) {
      // Another request recorded this pair first: it has also notified.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  if (recorded.length) await notify({ kind: "search_match", jobId, searches: recorded.map(({ userId, name }) => ({ userId, name })) });
  return recorded.length;
}

/** Links in mail point at APP_ORIGIN when it is set (production); otherwise at this machine, as in development. */
function mailOrigin(): string {
  const config = env();
  return config.APP_ORIGIN ?? `http://localhost:${config.PORT}`;
}

const digestJobSelect = {
  id: true,
  reference: true,
  jobType: true,
  startDate: true,
  endDate: true,
  frequency: true,
  contractDuration: true,
  locations: { select: { kind: true, position: true, city: true, fullAddress: true, countryCode: true, windowDate: true } },
} as const satisfies Prisma.JobSelect;

type PendingMatch = {
  id: number;
  job: Prisma.JobGetPayload<{ select: typeof digestJobSelect }>;
  savedSearch: { name: string; userId: number; user: { email: string; name: string } };
};

/**
 * E-mails each user whose searches have matched jobs not yet e-mailed, and whose last digest went
 * out over an hour ago (or never): one e-mail listing every such job still on the board, after which
 * those matches are marked e-mailed at `now`. Run every few minutes, so a digest leaves within
 * minutes of falling due; every process runs it, and each digest is still sent once (claimDigest).
 * Answers how many e-mails it sent.
 */
export async function sendSearchDigests(now = new Date(), origin = mailOrigin()): Promise<number> {
  const pending = await db().savedSearchMatch.findMany({
    where: { emailedAt: null, job: jobScopes.onBoard, savedSearch: { user: SEARCH_OWNERS } },
    select: { id: true, job: { select: digestJobSelect }, savedSearch: { select: { name: true, userId: true, user: { select: { email: true, name: true } } } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const byUser = new Map<number, PendingMatch[]>();
  for (const match of pending) byUser.set(match.savedSearch.userId, [...(byUser.get(match.savedSearch.userId) ?? []), match]);
  let sent = 0;
  for (const [userId, matches] of byUser) {
    const claimed = await claimDigest(userId, matches, now);
    if (claimed.length && (await sendDigest(claimed, now, origin))) sent += 1;
  }
  return sent;
}

/**
 * The matches this run may mail, stamped e-mailed: none unless the user's last digest went out over
 * an hour ago, and only those no other run has stamped. Decided holding the user's row, so of two
 * runs at once (two processes) the second sees the first's stamps and finds the digest not due.
 */
async function claimDigest(userId: number, matches: PendingMatch[], now: Date): Promise<PendingMatch[]> {
  const stamped = await db().$transaction(async (tx) => {
    await lockRow(tx, "User", userId);
    const last = await tx.savedSearchMatch.aggregate({ where: { savedSearch: { userId }, emailedAt: { not: null } }, _max: { emailedAt: true } });
    if (!digestDue(last._max.emailedAt, now)) return [];
    return tx.savedSearchMatch.updateManyAndReturn({ where: { id: { in: matches.map((match) => match.id) }, emailedAt: null }, data: { emailedAt: now }, select: { id: true } });
  });
  const ids = new Set(stamped.map((match) => match.id));
  return matches.filter((match) => ids.has(match.id));
}

/** Mails the claimed matches; a failed send unstamps them for the next run. */
async function sendDigest(matches: PendingMatch[], now: Date, origin: string): Promise<boolean> {
  const user = matches[0]!.savedSearch.user;
  try {
    await sendMail({ to: user.email, ...digestLetter({ name: user.name, origin, jobs: digestJobs(matches) }) });
    return true;
  } catch (err) {
    await db().savedSearchMatch.updateMany({ where: { id: { in: matches.map((match) => match.id) }, emailedAt: now }, data: { emailedAt: null } });
    logger().error({ err, to: user.email }, "sending a saved-search digest failed");
    return false;
  }
}

/** Each job once, in the order it matched, with the names of every search it matched. */
function digestJobs(matches: PendingMatch[]): DigestJob[] {
  const jobs = new Map<number, DigestJob & { searches: string[] }>();
  for (const { job, savedSearch } of matches) {
    const entry = jobs.get(job.id) ?? { id: job.id, reference: job.reference, route: routeLabel(job.locations), when: scheduleSummary(job), searches: [] };
    if (!entry.searches.includes(savedSearch.name)) entry.searches.push(savedSearch.name);
    jobs.set(job.id, entry);
  }
  return [...jobs.values()];
}
