import { formatDate } from "#domain/format/dates.ts";
import { carrierSearchText } from "#domain/pools/pool-input.ts";
import { companyScores } from "#models/company-scores.server.ts";
import type { Pool } from "#models/pools.server.ts";
import { searchCarriers } from "#models/pools/carrier-search.server.ts";
import { pendingInvitations } from "#models/pools/invitations.server.ts";
import { membersOf } from "#models/pools/members.server.ts";
import { companyPath, type ScoreView, scoreViews } from "#pages/company-score-view.server.ts";
import { type FormState, NO_FORM, poolForms, poolInvitationPath, poolMemberPath, POOLS_PATH, shownValue, titled } from "#pages/pools.server.ts";

// One pool's page (`/pools/:id`, its shipper's office): the carriers in it, each with its score as
// the board shows it (read for all members in one statement), a search by name and an e-mail
// invitation to add one, the invitations still waiting, and renaming or deleting the pool.

export type MemberRow = { accountId: number; name: string; path: string; score: ScoreView | null; sinceText: string; removeAction: string; removeConfirm: string };

/** Which of the page's forms came back with messages, and what they held. */
export type PoolForms = { rename?: FormState; add?: FormState };

async function memberRows(pool: Pool): Promise<MemberRow[]> {
  const members = await membersOf(pool);
  const scores = scoreViews(await companyScores(members.map((member) => member.carrierAccountId)));
  return members.map((member) => {
    const score = scores.get(member.carrierAccountId) ?? null;
    const name = score?.name ?? "";
    return {
      accountId: member.carrierAccountId,
      name,
      path: companyPath(member.carrierAccountId),
      score,
      sinceText: formatDate(member.createdAt),
      removeAction: poolMemberPath(pool.id, member.carrierAccountId),
      removeConfirm: `Remove ${name} from ${pool.name}? They will no longer see the jobs you offer only to this pool, unless they have quoted on them.`,
    };
  });
}

async function invitationRows(pool: Pool, now: Date) {
  const invitations = await pendingInvitations(pool, now);
  return invitations.map((invitation) => ({
    ...invitation,
    sentText: formatDate(invitation.createdAt),
    expiresText: formatDate(invitation.expiresAt),
    withdrawAction: poolInvitationPath(pool.id, invitation.id),
  }));
}

/** The pool's page; `query` is the carrier search (`q`). */
export async function poolPage(pool: Pool, query: unknown, forms: PoolForms = {}, now = new Date()) {
  const search = carrierSearchText(query);
  const [members, invitations, found] = await Promise.all([memberRows(pool), invitationRows(pool, now), searchCarriers(pool, search)]);
  const rename = forms.rename ?? NO_FORM;
  const add = forms.add ?? NO_FORM;
  return {
    title: titled(pool.name, { ...rename.errors, ...add.errors }),
    pool,
    backPath: POOLS_PATH,
    members,
    invitations,
    search,
    searched: search.length > 0,
    results: found.map((carrier) => ({ ...carrier, path: companyPath(carrier.id) })),
    errors: { ...rename.errors, ...add.errors },
    renameErrors: rename.errors,
    nameValue: forms.rename ? shownValue(rename.values.name, 120) : pool.name,
    addErrors: add.errors,
    emailValue: shownValue(add.values.email, 254),
    ...poolForms(pool),
  };
}
