import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { SELF_BILLING_PATH } from "#domain/invoices/self-billing.ts";
import type { Result } from "#lib/result.server.ts";
import {
  acceptAgreement, declineAgreement, endAgreement, offerAgreement, requireAgreementFor, type AgreementDetail,
} from "#models/self-billing-agreements.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import { agreementsPage, type OfferForm } from "#pages/self-billing-agreements.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { flash, renderPage } from "#server/render.server.ts";

// Self-billing agreements for the two offices on them: the list, the shipper's admin's offer, the
// carrier's admin's accept or decline, either admin's end. Another account's agreement, drivers and
// everyone else get 404; an office member who is not an admin gets 403 on every POST.

/** The offer form as posted, kept as typed when it is refused. */
const PostedSchema = z.object({ carrier_account_id: z.string().max(40).catch("") }).partial().catch({});

type Decision = (agreement: AgreementDetail, user: CurrentUser) => Promise<Result>;

export function selfBillingAgreementsRouter(): Router {
  return Router()
    .get(SELF_BILLING_PATH, listAgreements)
    .post(SELF_BILLING_PATH, offer)
    .post(`${SELF_BILLING_PATH}/:id/accept`, decide(acceptAgreement, "Agreement accepted: the shipper now raises your invoices for its loads"))
    .post(`${SELF_BILLING_PATH}/:id/decline`, decide(declineAgreement, "Agreement declined"))
    .post(`${SELF_BILLING_PATH}/:id/end`, decide(endAgreement, "Agreement ended: the carrier invoices its own loads again"));
}

async function listAgreements(req: Request, res: Response) {
  await render(req, res);
}

async function render(req: Request, res: Response, form: OfferForm | null = null, status = 200) {
  await renderPage(req, res, "self_billing_agreements/index", await agreementsPage(requireUser(req), form), status);
}

/** 303 back to the list; 422 (a carrier it may not choose, or one it already has an agreement with) as the page with the message. */
async function offer(req: Request, res: Response) {
  const outcome = await offerAgreement(requireUser(req), req.body);
  if (!outcome.ok) return render(req, res, { errors: outcome.errors, values: PostedSchema.parse(req.body) }, outcome.status);
  flash(req, "notice", "Agreement offered. The carrier's admin can accept or decline it.");
  res.redirect(303, SELF_BILLING_PATH);
}

/** One answer or end: 303 back to the list; 409 (answered or ended already) as the page with the message. */
function decide(decision: Decision, notice: string) {
  return async function decideAgreement(req: Request, res: Response) {
    const user = requireUser(req);
    const agreement = await requireAgreementFor(user, req.params.id);
    const outcome = await decision(agreement, user);
    if (!outcome.ok) return render(req, res, { errors: outcome.errors, values: {} }, outcome.status);
    flash(req, "notice", notice);
    res.redirect(303, SELF_BILLING_PATH);
  };
}
