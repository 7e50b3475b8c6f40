import { count } from "#domain/format/count.ts";
import { formatDate } from "#domain/format/dates.ts";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { CARRIER_SEARCH_MAX, POOL_NAME_MAX } from "#domain/pools/pool-input.ts";
import type { FieldErrors } from "#lib/result.server.ts";
import { type Pool, poolsOf, refuseDrivers } from "#models/pools.server.ts";
import { poolsJoinedBy } from "#models/pools/joined.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

// The pools list (`/pools`): a shipper's office sees its pools and a form to make one; a carrier's
// office sees the pools it is in, each with a Leave button. The one pool's page is pools/pool.

export const POOLS_PATH = "/pools";
export const poolPath = (id: number) => `${POOLS_PATH}/${id}`;
export const poolMembersPath = (id: number) => `${poolPath(id)}/members`;
export const poolMemberPath = (id: number, accountId: number) => `${poolMembersPath(id)}/${accountId}`;
export const poolInvitationPath = (id: number, invitationId: number) => `${poolPath(id)}/invitations/${invitationId}`;

/** A form as posted (kept as typed when refused) and its messages. */
export type FormState = { errors: FieldErrors; values: Record<string, unknown> };
export const NO_FORM: FormState = { errors: {}, values: {} };

/** The page's title, marked when a form on it came back with messages. */
export const titled = (title: string, errors: FieldErrors) => (Object.keys(errors).length ? `Error: ${title}` : title);

/** A posted value as the form shows it again: text only, cut to what a field may hold. */
export const shownValue = (value: unknown, max = 300) => (typeof value === "string" ? value.slice(0, max) : "");

/** The shipper's pools, or the carrier's memberships; 403 for drivers, 404 for anyone else. */
export async function poolsPage(user: CurrentUser, form: FormState = NO_FORM) {
  refuseDrivers(user);
  if (isOfficeOf("carrier", user)) return carrierPoolsPage(user);
  const pools = await poolsOf(user);
  return {
    title: titled("Carrier pools", form.errors),
    side: "shipper" as const,
    pools: pools.map((pool) => ({ ...pool, path: poolPath(pool.id), membersText: count(pool.memberCount, "carrier") })),
    createAction: POOLS_PATH,
    nameMax: POOL_NAME_MAX,
    errors: form.errors,
    nameValue: shownValue(form.values.name, POOL_NAME_MAX * 2),
  };
}

async function carrierPoolsPage(user: CurrentUser) {
  const joined = await poolsJoinedBy(user);
  return {
    title: "Pools you are in",
    side: "carrier" as const,
    joined: joined.map((pool) => ({
      ...pool,
      sinceText: formatDate(pool.since),
      leaveAction: poolMemberPath(pool.id, user.accountId),
      confirm: `Leave ${pool.shipperName}'s pool ${pool.name}? You will no longer see the jobs they offer only to it, unless you have quoted on them.`,
    })),
    errors: {},
  };
}

/** What the pool's forms post to and hold. */
export function poolForms(pool: Pool) {
  return {
    renameAction: poolPath(pool.id),
    deleteAction: poolPath(pool.id),
    addAction: poolMembersPath(pool.id),
    searchAction: poolPath(pool.id),
    nameMax: POOL_NAME_MAX,
    searchMax: CARRIER_SEARCH_MAX,
    deleteConfirm: `Delete the pool ${pool.name}? Its carriers are not told. This cannot be undone.`,
  };
}
