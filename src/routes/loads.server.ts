import { type Request, type Response, Router } from "express";
import { CarrierSelectorRequestSchema } from "#domain/loads/carrier-selector.ts";
import { DriverChoiceSchema, LoadMoveSchema, LoadStatusChangeSchema } from "#domain/loads/load-inputs.ts";
import { CollectionInputSchema } from "#domain/loads/handover-input.ts";
import { type LoadListView, parseLoadListView } from "#domain/loads/status.ts";
import { HttpError } from "#lib/errors.server.ts";
import { pageNumber, parseInput } from "#lib/input.server.ts";
import { type Result, isWarned, refusedBase } from "#lib/result.server.ts";
import { assignDriver, moveLoad } from "#models/loads/assignment.server.ts";
import { type HandoverOutcome, markCollected, undoCollection } from "#models/loads/collection.server.ts";
import { changeLoadStatus } from "#models/loads/status-changes.server.ts";
import { type LoadDetail, loadState, requireLoadFor } from "#models/loads.server.ts";
import { carrierSelector } from "#pages/loads/carrier-selector.server.ts";
import { type LoadPageForm, loadPage } from "#pages/loads/show.server.ts";
import { listReturn, loadsPageFor } from "#pages/loads-list.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { flash, renderPage, renderPartial, wantsJson } from "#server/render.server.ts";

/** Loads for shippers, carriers and drivers; driver assignment, status changes, handing a load to another carrier. */
export function loadsRouter(): Router {
  return Router()
    .get("/loads", listLoads)
    .get("/loads/:id", showLoadPage)
    .patch("/loads/:id/driver", changeDriver)
    .patch("/loads/:id/status", changeStatus)
    // The collection as a resource: marked (with the phone's position and, after warnings, `confirmed`), and undone.
    .post("/loads/:id/collection", markCollection)
    .delete("/loads/:id/collection", undoTheCollection)
    .patch("/loads/:id/carrier", changeCarrier)
    .post("/loads_carrier_selector", showCarrierSelector);
}

async function listLoads(req: Request, res: Response) {
  const { page, job, show } = req.query;
  await showList(req, res, { page: pageNumber(page), job, view: parseLoadListView(show) });
}

async function showLoadPage(req: Request, res: Response) {
  await showLoad(req, res, await requireLoadFor(requireUser(req), req.params.id));
}

async function changeDriver(req: Request, res: Response) {
  const user = requireUser(req);
  const load = await requireLoadFor(user, req.params.id);
  const input = parseInput(DriverChoiceSchema, req.body);
  const outcome = input.ok ? await assignDriver(load, user, input.data.driver_id) : input;
  const takenOff = input.ok && input.data.driver_id === null;
  await answer(req, res, load, outcome, takenOff ? "Driver taken off the load" : "Driver assigned");
}

async function changeStatus(req: Request, res: Response) {
  const user = requireUser(req);
  const load = await requireLoadFor(user, req.params.id);
  const input = parseInput(LoadStatusChangeSchema, req.body);
  if (input.ok && input.data.status === "collected") return collect(req, res, load);
  const outcome = input.ok ? await changeLoadStatus(load, user, input.data.status) : input;
  await answer(req, res, load, outcome, input.ok ? `Load ${input.data.status.replaceAll("_", " ")}` : "");
}

async function markCollection(req: Request, res: Response) {
  await collect(req, res, await requireLoadFor(requireUser(req), req.params.id));
}

async function undoTheCollection(req: Request, res: Response) {
  const user = requireUser(req);
  const load = await requireLoadFor(user, req.params.id);
  const outcome = await undoCollection(load, user);
  await answer(req, res, load, outcome, "Collection undone: the load is waiting to be collected again");
}

async function changeCarrier(req: Request, res: Response) {
  const user = requireUser(req);
  const load = await requireLoadFor(user, req.params.id);
  const input = parseInput(LoadMoveSchema, req.body);
  const outcome = input.ok ? await moveLoad(load, user, input.data) : input;
  await answer(req, res, load, outcome, "Load handed to the carrier");
}

async function showCarrierSelector(req: Request, res: Response) {
  const user = requireUser(req);
  const parsed = CarrierSelectorRequestSchema().safeParse(req.body);
  if (!parsed.success) {
    throw new HttpError(422, parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  }
  const selector = await carrierSelector(user, parsed.data);
  res.type("html").send(await renderPartial(req, res, "loads/_carrier_selector", { selector }));
}

type DriverForm = LoadPageForm & { loadId: number };
type ListOptions = { page: number; job?: unknown; view?: LoadListView };

async function showList(req: Request, res: Response, options: ListOptions, driverForm: DriverForm | null = null, status = 200) {
  const user = requireUser(req);
  const list = await loadsPageFor(user, options);
  const title = user.role === "driver" ? "My loads" : "Loads";
  await renderPage(req, res, "loads/index", { title, list, driverForm }, status);
}

async function showLoad(req: Request, res: Response, load: LoadDetail, form: LoadPageForm = {}, status = 200) {
  await renderPage(req, res, "loads/show", await loadPage(requireUser(req), load, form), status);
}

/** Marks the load collected; warnings come back as the load page (422) with a button to go on anyway. */
async function collect(req: Request, res: Response, load: LoadDetail) {
  const input = parseInput(CollectionInputSchema, req.body);
  // The position fields are hidden: what is wrong with them is said for the form as a whole.
  const outcome: HandoverOutcome = input.ok
    ? await markCollected(load, requireUser(req), input.data)
    : refusedBase(Object.values(input.errors).join(" "));
  if (isWarned(outcome)) {
    if (wantsJson(req)) return res.status(422).json({ warnings: outcome.warnings });
    return showLoad(req, res, load, { warnings: outcome.warnings, values: req.body }, 422);
  }
  await answer(req, res, load, outcome, "Load collected");
}

async function answer(req: Request, res: Response, load: LoadDetail, outcome: Result, notice: string) {
  const list = listReturn(req.body);
  if (!outcome.ok) {
    // A conflict (the load changed meanwhile, an undo too late) answers 409; bad input 422.
    if (wantsJson(req)) return res.status(outcome.status).json({ errors: outcome.errors });
    const form = { errors: outcome.errors, values: req.body };
    if (list) return showList(req, res, { page: list.page }, { loadId: load.id, ...form }, outcome.status);
    return showLoad(req, res, load, form, outcome.status);
  }
  if (wantsJson(req)) return res.json({ load: await loadState(load) });
  flash(req, "notice", notice);
  res.redirect(303, list?.path ?? `/loads/${load.id}`);
}
