import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { RefusalSchema, extraChargeSchema } from "#domain/extra-charges/charges.ts";
import { parseInput } from "#lib/input.server.ts";
import type { Refusal } from "#lib/result.server.ts";
import { chargeTermsOf, requireChargeSide } from "#models/extra-charges/access.server.ts";
import { addExtraCharge } from "#models/extra-charges/adding.server.ts";
import { decideExtraCharge, requireChargeToDecide, type Decision } from "#models/extra-charges/deciding.server.ts";
import { requireLoadFor, type LoadDetail } from "#models/loads.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { type ChargesForm, extraChargesFrame, extraChargesPath } from "#pages/extra-charges.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { renderPartial } from "#server/render.server.ts";

/** What a refused form posted, kept as typed to show it again. */
const PostedSchema = z.record(z.string(), z.unknown()).catch({});

/**
 * A delivered load's extra charges, a frame on the load page: the carrier's office adds them, the
 * shipper's office approves or refuses each. Anyone else (drivers included) finds no such thing: 404.
 */
export function extraChargesRouter(): Router {
  return Router()
    .get("/loads/:id/extra_charges", showCharges)
    .post("/loads/:id/extra_charges", addCharge)
    .post("/loads/:id/extra_charges/:chargeId/approve", approveCharge)
    .post("/loads/:id/extra_charges/:chargeId/refuse", refuseCharge);
}

async function showCharges(req: Request, res: Response) {
  const user = requireUser(req);
  await renderFrame(req, res, user, await requireLoadFor(user, req.params.id));
}

/** 303 back to the frame; bad input 422, a load not delivered or already invoiced 409, each as the frame with its messages. */
async function addCharge(req: Request, res: Response) {
  const user = requireUser(req);
  const load = await requireLoadFor(user, req.params.id);
  requireChargeSide(load, user, "carrier");
  const input = parseInput(extraChargeSchema(await chargeTermsOf(load)), req.body);
  const outcome = input.ok ? await addExtraCharge(user, load, input.data) : input;
  if (!outcome.ok) return renderRefused(req, res, user, load, outcome);
  res.redirect(303, extraChargesPath(load.id));
}

async function approveCharge(req: Request, res: Response) {
  await decide(req, res, { approve: true });
}

async function refuseCharge(req: Request, res: Response) {
  const input = parseInput(RefusalSchema, req.body);
  await decide(req, res, input.ok ? { approve: false, reason: input.data.reason } : input);
}

/** The shipper's office decides one pending charge: 303 back to the frame, or the frame with the refusal's messages. */
async function decide(req: Request, res: Response, decision: Decision | Refusal) {
  const user = requireUser(req);
  const load = await requireLoadFor(user, req.params.id);
  const charge = await requireChargeToDecide(user, load, req.params.chargeId);
  const outcome = "approve" in decision ? await decideExtraCharge(user, load, charge, decision) : decision;
  if (!outcome.ok) return renderRefused(req, res, user, load, outcome, charge.id);
  res.redirect(303, extraChargesPath(load.id));
}

function renderRefused(req: Request, res: Response, user: CurrentUser, load: LoadDetail, refusal: Refusal, chargeId?: number) {
  const form: ChargesForm = { errors: refusal.errors, values: PostedSchema.parse(req.body), ...(chargeId === undefined ? {} : { chargeId }) };
  return renderFrame(req, res, user, load, form, refusal.status);
}

async function renderFrame(req: Request, res: Response, user: CurrentUser, load: LoadDetail, form: ChargesForm | null = null, status = 200) {
  const html = await renderPartial(req, res, "extra-charges/_frame", { frame: await extraChargesFrame(user, load, form), load });
  res.status(status).type("html").send(`<turbo-frame id="extra_charges">${html}</turbo-frame>`);
}
