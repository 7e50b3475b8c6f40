import { type Request, type Response, Router } from "express";
import { CarrierSelectorRequestSchema } from "#domain/loads/carrier-selector.ts";
import { DriverChoiceSchema, LoadMoveSchema, LoadStatusChangeSchema } from "#domain/loads/load-inputs.ts";
import { CollectionInputSchema } from "#domain/loads/handover-input.ts";
import { loadGoods } from "#domain/loads/goods.ts";
import { type LoadListView, STATUS_ACTION_LABELS, parseLoadListView } from "#domain/loads/status.ts";
import { loadNumber } from "#domain/loads/load-number.ts";
import { LOAD_LIST_TABS } from "#domain/loads/empty-list.ts";
import { ReturnToSchema } from "#domain/bidding/allocation-rules-input.ts";
import { loadStream } from "#domain/messaging/streams.ts";
import { streamTag } from "#lib/turbo.server.ts";
import { HttpError } from "#lib/errors.server.ts";
import { pageNumber, parseInput } from "#lib/input.server.ts";
import { type Result, isWarned, refusedBase } from "#lib/result.server.ts";
import { loadConversationFor } from "#models/messages.server.ts";
import {
  type LoadDetail, assignDriver, carrierChoices, changeLoadStatus, loadActions, loadState, loadsPageFor, moveLoad, requireLoadFor,
} from "#models/loads.server.ts";
import { type HandoverOutcome, collectionPanel, markCollected, undoCollection } from "#models/loads/collection.server.ts";
import { loadTracking } from "#models/tracking.server.ts";
import { vehicleSectionFor } from "#models/vehicles.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { flash, renderPage, renderPartial, wantsJson } from "#server/render.server.ts";

/** Loads for shippers, carriers and drivers; driver assignment, status changes, handing a load to another carrier. */
export function loadsRouter(): Router {
  const router = Router();

  router.get("/loads", async (req, res) => {
    await showList(req, res, { page: pageNumber(req.query.page), job: req.query.job, view: parseLoadListView(req.query.show) });
  });

  router.get("/loads/:id", async (req, res) => {
    const user = requireUser(req);
    await showLoad(req, res, await requireLoadFor(user, req.params.id));
  });

  router.patch("/loads/:id/driver", async (req, res) => {
    const user = requireUser(req);
    const load = await requireLoadFor(user, req.params.id);
    const input = parseInput(DriverChoiceSchema, req.body);
    const outcome = input.ok ? await assignDriver(load, user, input.data.driver_id) : input;
    await answer(req, res, load, outcome, input.ok && input.data.driver_id === null ? "Driver taken off the load" : "Driver assigned");
  });

  router.patch("/loads/:id/status", async (req, res) => {
    const user = requireUser(req);
    const load = await requireLoadFor(user, req.params.id);
    const input = parseInput(LoadStatusChangeSchema, req.body);
    if (input.ok && input.data.status === "collected") return collect(req, res, load);
    const outcome = input.ok ? await changeLoadStatus(load, user, input.data.status) : input;
    await answer(req, res, load, outcome, input.ok ? `Load ${input.data.status.replaceAll("_", " ")}` : "");
  });

  // The collection as a resource: marked (with the phone's position and, after warnings, `confirmed`), and undone.
  router.post("/loads/:id/collection", async (req, res) => {
    await collect(req, res, await requireLoadFor(requireUser(req), req.params.id));
  });

  router.delete("/loads/:id/collection", async (req, res) => {
    const user = requireUser(req);
    const load = await requireLoadFor(user, req.params.id);
    await answer(req, res, load, await undoCollection(load, user), "Collection undone: the load is waiting to be collected again");
  });

  router.patch("/loads/:id/carrier", async (req, res) => {
    const user = requireUser(req);
    const load = await requireLoadFor(user, req.params.id);
    const input = parseInput(LoadMoveSchema, req.body);
    const outcome = input.ok ? await moveLoad(load, user, input.data) : input;
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

type FormState = { errors?: Record<string, string>; values?: unknown; warnings?: string[] };
type DriverForm = FormState & { loadId: number };

async function showList(req: Request, res: Response, options: { page: number; job?: unknown; view?: LoadListView }, driverForm: DriverForm | null = null, status = 200) {
  const user = requireUser(req);
  const list = await loadsPageFor(user, options);
  await renderPage(req, res, "loads/index", { title: user.role === "driver" ? "My loads" : "Loads", list, listTabs: LOAD_LIST_TABS, driverForm }, status);
}

/** A form sent from the /loads list (its assign-driver modal) goes back there; nowhere else. */
function listReturn(req: Request): { path: string; page: number } | null {
  const wanted = ReturnToSchema.safeParse(req.body ?? {}).data?.return_to;
  const match = typeof wanted === "string" ? /^\/loads(?:\?page=([1-9][0-9]{0,5}))?$/.exec(wanted) : null;
  return match ? { path: match[0], page: Number(match[1] ?? 1) } : null;
}

async function showLoad(req: Request, res: Response, load: LoadDetail, form: FormState = {}, status = 200) {
  const user = requireUser(req);
  const actions = loadActions(load, user);
  const [drivers, selector, conversation, tracking, vehicleSection] = await Promise.all([
    actions.canAssignDriver ? load.driverChoices : [],
    actions.canMove ? carrierChoices(user, selectorRequestFor(load)) : Promise.resolve(null),
    loadConversationFor(user, load),
    loadTracking(load),
    vehicleSectionFor(load, user),
  ]);
  const liveTag = streamTag(loadStream(load.id));
  const collection = { ...(await collectionPanel(load, user)), warnings: form.warnings ?? [] };
  const page = { title: `Load ${load.sequence} · ${load.job.reference}`, load, loadNumber: loadNumber(load.job.reference, load.sequence), actions, drivers, selector, conversation, liveTag, tracking, vehicleSection, statusLabels: STATUS_ACTION_LABELS, goods: loadGoods(load.job), collection };
  await renderPage(req, res, "loads/show", { ...page, errors: form.errors ?? {}, values: form.values ?? {} }, status);
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

/** Marks the load collected; warnings come back as the load page (422) with a button to go on anyway. */
async function collect(req: Request, res: Response, load: LoadDetail) {
  const input = parseInput(CollectionInputSchema, req.body);
  // The position fields are hidden: what is wrong with them is said for the form as a whole.
  const outcome: HandoverOutcome = input.ok ? await markCollected(load, requireUser(req), input.data) : refusedBase(Object.values(input.errors).join(" "));
  if (isWarned(outcome)) {
    if (wantsJson(req)) return res.status(422).json({ warnings: outcome.warnings });
    return showLoad(req, res, load, { warnings: outcome.warnings, values: req.body }, 422);
  }
  await answer(req, res, load, outcome, "Load collected");
}

async function answer(req: Request, res: Response, load: LoadDetail, outcome: Result, notice: string) {
  const list = listReturn(req);
  if (!outcome.ok) {
    // A conflict (the load changed meanwhile, an undo too late) answers 409; bad input 422.
    if (wantsJson(req)) return res.status(outcome.status).json({ errors: outcome.errors });
    if (list) return showList(req, res, { page: list.page }, { loadId: load.id, errors: outcome.errors, values: req.body }, outcome.status);
    return showLoad(req, res, load, { errors: outcome.errors, values: req.body }, outcome.status);
  }
  if (wantsJson(req)) return res.json({ load: await loadState(load) });
  flash(req, "notice", notice);
  res.redirect(303, list?.path ?? `/loads/${load.id}`);
}
