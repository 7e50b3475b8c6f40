import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { isOfficeOf } from "#domain/accounts/team.ts";
import { MemberInputSchema, PoolNameSchema } from "#domain/pools/pool-input.ts";
import type { Env } from "#lib/env.server.ts";
import { parseInput } from "#lib/input.server.ts";
import { createPool, deletePool, type Pool, renamePool, requirePoolFor } from "#models/pools.server.ts";
import { inviteByEmail, withdrawInvitation } from "#models/pools/invitations.server.ts";
import { leavePool } from "#models/pools/joined.server.ts";
import { addMember, removeMember } from "#models/pools/members.server.ts";
import { POOLS_PATH, poolPath, poolsPage, type FormState } from "#pages/pools.server.ts";
import { type PoolForms, poolPage } from "#pages/pools/pool.server.ts";
import { originOf, requireUser } from "#server/auth.server.ts";
import { flash, renderPage } from "#server/render.server.ts";

// Carrier pools (docs/pools.md): a shipper's office makes, renames and deletes its pools, adds
// carriers (found by name, or invited by e-mail) and removes them; a carrier's office sees the
// pools it is in and leaves one. Another shipper's pool is 404, drivers get 403, anyone else 404.

/** A form as posted, kept as typed when it is refused. */
const PostedSchema = z.record(z.string(), z.unknown()).catch({});

export function poolsRouter({ env }: { env: Env }): Router {
  return Router()
    .get(POOLS_PATH, showPools)
    .post(POOLS_PATH, addPool)
    .get(`${POOLS_PATH}/:id`, showPool)
    .patch(`${POOLS_PATH}/:id`, savePoolName)
    .delete(`${POOLS_PATH}/:id`, removePool)
    .post(`${POOLS_PATH}/:id/members`, (req, res) => addPoolMember(req, res, env))
    .delete(`${POOLS_PATH}/:id/members/:account_id`, removePoolMember)
    .delete(`${POOLS_PATH}/:id/invitations/:invitation_id`, withdrawPoolInvitation);
}

async function showPools(req: Request, res: Response) {
  await renderPage(req, res, "pools/index", await poolsPage(requireUser(req)));
}

async function addPool(req: Request, res: Response) {
  const user = requireUser(req);
  const input = parseInput(PoolNameSchema, req.body);
  const created = input.ok ? await createPool(user, input.data) : input;
  if (!created.ok) {
    const form = { errors: created.errors, values: PostedSchema.parse(req.body) };
    return renderPage(req, res, "pools/index", await poolsPage(user, form), created.status);
  }
  flash(req, "notice", `Pool ${created.pool.name} made. Add the carriers you trust to it.`);
  res.redirect(303, poolPath(created.pool.id));
}

async function showPool(req: Request, res: Response) {
  const pool = await requirePoolFor(requireUser(req), req.params.id);
  await renderPool(req, res, pool);
}

async function renderPool(req: Request, res: Response, pool: Pool, forms: PoolForms = {}, status = 200) {
  await renderPage(req, res, "pools/show", await poolPage(pool, req.query.q, forms), status);
}

const refusedForm = (req: Request, errors: FormState["errors"]): FormState => ({ errors, values: PostedSchema.parse(req.body) });

async function savePoolName(req: Request, res: Response) {
  const user = requireUser(req);
  const pool = await requirePoolFor(user, req.params.id);
  const input = parseInput(PoolNameSchema, req.body);
  const renamed = input.ok ? await renamePool(user, pool, input.data) : input;
  if (!renamed.ok) return renderPool(req, res, pool, { rename: refusedForm(req, renamed.errors) }, renamed.status);
  flash(req, "notice", `Pool renamed to ${input.ok ? input.data.name : pool.name}`);
  res.redirect(303, poolPath(pool.id));
}

async function removePool(req: Request, res: Response) {
  const user = requireUser(req);
  const pool = await requirePoolFor(user, req.params.id);
  await deletePool(user, pool);
  flash(req, "notice", `Pool ${pool.name} deleted`);
  res.redirect(303, POOLS_PATH);
}

/** A carrier from the search (`carrier_account_id`) is added; an e-mail address is added or invited. */
async function addPoolMember(req: Request, res: Response, env: Env) {
  const user = requireUser(req);
  const pool = await requirePoolFor(user, req.params.id);
  const input = parseInput(MemberInputSchema, req.body);
  if (!input.ok) return renderPool(req, res, pool, { add: refusedForm(req, input.errors) }, input.status);
  const member = input.data;
  const outcome = member.kind === "carrier"
    ? await addMember(user, pool, member.accountId).then((added) => (added.ok ? { ...added, kind: "added" as const } : added))
    : await inviteByEmail(user, pool, member.email, originOf(req, env));
  if (!outcome.ok) return renderPool(req, res, pool, { add: refusedForm(req, outcome.errors) }, outcome.status);
  flash(req, "notice", addedNotice(pool, outcome));
  res.redirect(303, poolPath(pool.id));
}

type AddOutcome = { kind: "added"; added: boolean; name: string; email?: string } | { kind: "invited"; email: string };

/** What was done: an address already a carrier's says so, since no invitation was sent. */
function addedNotice(pool: Pool, outcome: AddOutcome): string {
  if (outcome.kind === "invited") return `Invitation sent to ${outcome.email}. When they sign up as a carrier, they join ${pool.name}.`;
  const done = outcome.added ? `${outcome.name} added to ${pool.name}` : `${outcome.name} is already in ${pool.name}: no change`;
  return outcome.email ? `${outcome.email} is already on Loadline, with ${outcome.name}: no invitation sent. ${done}` : done;
}

/** The shipper takes a carrier out; a carrier's office naming its own company leaves the pool. */
async function removePoolMember(req: Request, res: Response) {
  const user = requireUser(req);
  if (isOfficeOf("carrier", user) && String(user.accountId) === req.params.account_id) {
    const left = await leavePool(user, req.params.id);
    flash(req, "notice", `You have left ${left.shipperName}'s pool ${left.name}`);
    return res.redirect(303, POOLS_PATH);
  }
  const pool = await requirePoolFor(user, req.params.id);
  const name = await removeMember(user, pool, req.params.account_id);
  flash(req, "notice", `${name} removed from ${pool.name}`);
  res.redirect(303, poolPath(pool.id));
}

async function withdrawPoolInvitation(req: Request, res: Response) {
  const user = requireUser(req);
  const pool = await requirePoolFor(user, req.params.id);
  const email = await withdrawInvitation(user, pool, req.params.invitation_id);
  flash(req, "notice", `Invitation to ${email} withdrawn`);
  res.redirect(303, poolPath(pool.id));
}
