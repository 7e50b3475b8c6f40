import { type Request, type Response, Router } from "express";
import { CarrierSelectorRequestSchema } from "#domain/loads/carrier-selector.ts";
import { parseDateInput } from "#domain/format/date-input.ts";
import { STATUS_ACTION_LABELS } from "#domain/loads/status.ts";
import { requireUser } from "#server/auth.server.ts";
import { conversationFor } from "#models/messages.server.ts";
import { HttpError } from "#lib/errors.server.ts";
import { flash, renderPage, renderPartial } from "#server/render.server.ts";
import {
  type LoadDetail,
  assignDriver,
  carrierChoices,
  changeLoadStatus,
  driversFor,
  loadActions,
  loadsFor,
  moveLoad,
  requireLoadFor,
} from "#models/loads.server.ts";
import { db } from "#db/client.server.ts";

const wantsJson = (req: Request) => req.accepts(["html", "json"]) === "json";

/** Loads for shippers, carriers and drivers; driver assignment, status changes, carrier moves (SPEC §7 selector). */
export function loadsRouter(): Router {
  const router = Router();

  router.get("/loads", async (req, res) => {
    const user = requireUser(req);
    const page = Math.max(1, Number.parseInt(String(req.query.page ?? "1"), 10) || 1);
    const list = await loadsFor(user, page);
    await renderPage(req, res, "loads/index", { title: user.role === "driver" ? "My loads" : "Loads", list });
  });

  router.get("/loads/:id", async (req, res) => {
    const user = requireUser(req);
    await showLoad(req, res, await requireLoadFor(user, req.params.id));
  });

  router.patch("/loads/:id/driver", async (req, res) => {
    const user = requireUser(req);
    const load = await requireLoadFor(user, req.params.id);
    const raw = (req.body as { driver_id?: unknown }).driver_id;
    const driverId = raw === "" || raw === undefined || raw === null ? null : Number(raw);
    // An unreadable id is nobody's driver: -1 gets the "choose one of your drivers" answer.
    const outcome = await assignDriver(load, user, driverId === null || Number.isSafeInteger(driverId) ? driverId : -1);
    await answer(req, res, load, outcome, driverId === null ? "Driver taken off the load" : "Driver assigned");
  });

  router.patch("/loads/:id/status", async (req, res) => {
    const user = requireUser(req);
    const load = await requireLoadFor(user, req.params.id);
    const status = (req.body as { status?: unknown }).status;
    const outcome = await changeLoadStatus(load, user, status);
    await answer(req, res, load, outcome, `Load ${String(status).replaceAll("_", " ")}`);
  });

  router.patch("/loads/:id/carrier", async (req, res) => {
    const user = requireUser(req);
    const load = await requireLoadFor(user, req.params.id);
    const body = req.body as { carrier_account_id?: unknown; pickup_date?: unknown };
    const day = typeof body.pickup_date === "string" && body.pickup_date.trim() !== "" ? parseDateInput(body.pickup_date) : null;
    if (typeof body.pickup_date === "string" && body.pickup_date.trim() !== "" && !day) {
      return answer(req, res, load, { errors: { pickup_date: "Enter a real date" } }, "");
    }
    const outcome = await moveLoad(load, user, { carrierAccountId: Number(body.carrier_account_id), pickupDate: day ? new Date(`${day}T00:00:00Z`) : null });
    await answer(req, res, load, outcome, "Load handed to the carrier");
  });

  router.post("/loads_carrier_selector", async (req, res) => {
    const user = requireUser(req);
    const parsed = CarrierSelectorRequestSchema().safeParse(req.body);
    if (!parsed.success) throw new HttpError(422, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    const selector = await carrierChoices(user, parsed.data);
    res.type("html").send(await renderPartial(req, res, "loads/_carrier_selector", { selector }));
  });

  return router;
}

async function showLoad(req: Request, res: Response, load: LoadDetail, form: { errors?: Record<string, string>; values?: Record<string, string> } = {}, status = 200) {
  const user = requireUser(req);
  const actions = loadActions(load, user);
  const [drivers, selector, conversation] = await Promise.all([
    actions.canAssignDriver ? driversFor(user.accountId) : Promise.resolve([]),
    actions.canMove ? carrierChoices(user, selectorRequestFor(load)) : Promise.resolve(null),
    conversationFor(user, { kind: "load", loadId: load.id }),
  ]);
  await renderPage(
    req,
    res,
    "loads/show",
    { title: `Load ${load.sequence} · ${load.job.reference}`, load, actions, drivers, selector, conversation, statusLabels: STATUS_ACTION_LABELS, errors: form.errors ?? {}, values: form.values ?? {} },
    status,
  );
}

function selectorRequestFor(load: LoadDetail) {
  const pickup = load.stops.find((s) => s.jobLocation.kind === "pickup")?.jobLocation;
  return {
    job_id: load.jobId,
    carrier_account_id: load.carrierAccountId ?? undefined,
    address: { city: pickup?.city ?? "", country: pickup?.countryCode ?? "" },
    date: load.pickupDate ? load.pickupDate.toISOString().slice(0, 10) : null,
  };
}

async function answer(req: Request, res: Response, load: LoadDetail, outcome: { ok: true } | { errors: Record<string, string> }, notice: string) {
  if ("errors" in outcome) {
    if (wantsJson(req)) return res.status(422).json({ errors: outcome.errors });
    return showLoad(req, res, load, { errors: outcome.errors, values: req.body as Record<string, string> }, 422);
  }
  if (wantsJson(req)) {
    const fresh = await db().load.findUnique({ where: { id: load.id }, select: { id: true, status: true, driverId: true, carrierAccountId: true } });
    return res.json({ load: fresh });
  }
  flash(req, "notice", notice);
  res.redirect(303, `/loads/${load.id}`);
}
