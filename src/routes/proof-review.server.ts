import { type Request, type Response, Router } from "express";
import { ProofReviewSchema } from "#domain/loads/proof-review.ts";
import { parseInput } from "#lib/input.server.ts";
import { requireProofReviewer, reviewProof } from "#models/loads/proof-review.server.ts";
import { requireLoadFor } from "#models/loads.server.ts";
import { loadPage } from "#pages/loads/show.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { flash, renderPage, wantsJson } from "#server/render.server.ts";

/** The shipper's office reviews a delivered load's proof: accepts it, or disputes it with a reason. */
export function proofReviewRouter(): Router {
  return Router().post("/loads/:id/proof_review", reviewTheProof);
}

const NOTICES = { accepted: "Proof accepted", disputed: "Proof disputed. The carrier has been told." } as const;

/** 303 back to the load; bad input 422 and a move the rules refuse 409, each as the load page with its messages. */
async function reviewTheProof(req: Request, res: Response) {
  const user = requireUser(req);
  const load = await requireLoadFor(user, req.params.id);
  // Anyone else who sees the load (its carrier, its driver) finds no such thing to post to.
  requireProofReviewer(load, user);
  const input = parseInput(ProofReviewSchema, req.body);
  const outcome = input.ok ? await reviewProof(load, user, input.data) : input;
  if (!outcome.ok) {
    if (wantsJson(req)) return res.status(outcome.status).json({ errors: outcome.errors });
    const page = await loadPage(user, load, { errors: outcome.errors, values: req.body });
    return renderPage(req, res, "loads/show", page, outcome.status);
  }
  if (wantsJson(req)) return res.json({ load: { id: load.id, proofStatus: outcome.proofStatus } });
  flash(req, "notice", NOTICES[outcome.proofStatus]);
  res.redirect(303, `/loads/${load.id}`);
}
