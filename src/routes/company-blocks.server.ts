import { type Request, type Response, Router } from "express";
import { requireUser } from "#server/auth.server.ts";
import { flash } from "#server/render.server.ts";
import { type BlockTarget, blockCompany, requireBlockable, unblockCompany } from "#models/company-blocks.server.ts";
import type { CurrentUser } from "#models/users.server.ts";

/** Blocking a company (`POST`) and lifting one's block (`DELETE`, or a form's `_method=delete`); both back to its profile. */
export function companyBlocksRouter(): Router {
  return Router().post("/companies/:id/block", block).delete("/companies/:id/block", unblock);
}

async function block(req: Request, res: Response) {
  const user = requireUser(req);
  const target = await requireBlockable(user, req.params.id);
  await blockCompany(user, target);
  flash(req, "notice", blockedNotice(user, target));
  res.redirect(303, `/companies/${target.id}`);
}

async function unblock(req: Request, res: Response) {
  const user = requireUser(req);
  const target = await requireBlockable(user, req.params.id);
  await unblockCompany(user, target);
  flash(req, "notice", `${target.name} is unblocked. Jobs and quotes between you show again, unless they have blocked you.`);
  res.redirect(303, `/companies/${target.id}`);
}

/** What the block does, told from the blocker's side. */
function blockedNotice(user: CurrentUser, target: BlockTarget): string {
  const effect = user.account.kind === "shipper"
    ? "They no longer see your jobs, and you no longer see their quotes."
    : "You no longer see their jobs, and they no longer see your quotes.";
  return `${target.name} is blocked. ${effect} Loads already between you go on.`;
}
