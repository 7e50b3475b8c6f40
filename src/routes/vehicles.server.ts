import { type Request, type Response, Router } from "express";
import { z } from "zod";
import { VehicleChoiceSchema, VehicleInputSchema, vehicleFormValues } from "#domain/vehicles/vehicle-input.ts";
import type { VehicleView } from "#domain/vehicles/vehicles.ts";
import { HttpError } from "#lib/errors.server.ts";
import { parseInput } from "#lib/input.server.ts";
import type { Refusal } from "#lib/result.server.ts";
import type { CurrentUser } from "#models/users.server.ts";
import {
  createVehicle, deleteVehicle, keepsFleet, requireVehicleFor, updateVehicle, vehiclesOf,
} from "#models/vehicles.server.ts";
import { type LoadForVehicle, assignVehicle, requireLoadForVehicleChoice } from "#models/vehicles/load-vehicle.server.ts";
import { type VehicleFormState, titled, vehicleForm } from "#pages/vehicles/form.server.ts";
import { vehicleSectionFor } from "#pages/vehicles/load-vehicle.server.ts";
import { requireLoadFor } from "#models/loads.server.ts";
import { requireUser } from "#server/auth.server.ts";
import { flash, renderPage, wantsJson } from "#server/render.server.ts";

/** A form as posted, kept as typed when it is refused. */
const PostedSchema = z.record(z.string(), z.unknown()).catch({});

/**
 * A carrier's vehicles (`/vehicles`, for its admins and members; 404 for anyone else) and the
 * vehicle on a load (`PATCH /loads/:id/vehicle`, the carrier's office only).
 */
export function vehiclesRouter(): Router {
  return Router()
    .get("/vehicles", showVehicles)
    .post("/vehicles", addVehicle)
    .get("/vehicles/:id/edit", editVehicle)
    .patch("/vehicles/:id", saveVehicle)
    .delete("/vehicles/:id", removeVehicle)
    .patch("/loads/:id/vehicle", chooseLoadVehicle);
}

async function showVehicles(req: Request, res: Response) {
  await renderIndex(req, res, fleetKeeper(req));
}

async function addVehicle(req: Request, res: Response) {
  const user = fleetKeeper(req);
  const input = parseInput(VehicleInputSchema, req.body);
  const created = input.ok ? await createVehicle(user, input.data) : input;
  if (!created.ok) {
    const form = { errors: created.errors, values: PostedSchema.parse(req.body) };
    return refuse(req, res, created, () => renderIndex(req, res, user, form, created.status));
  }
  if (wantsJson(req)) return res.status(201).json({ vehicle: created.vehicle });
  flash(req, "notice", `${created.vehicle.registration} added`);
  res.redirect(303, "/vehicles");
}

async function editVehicle(req: Request, res: Response) {
  const vehicle = await requireVehicleFor(fleetKeeper(req), req.params.id);
  await renderEdit(req, res, vehicle, { errors: {}, values: vehicleFormValues(vehicle) });
}

async function saveVehicle(req: Request, res: Response) {
  const user = fleetKeeper(req);
  const vehicle = await requireVehicleFor(user, req.params.id);
  const input = parseInput(VehicleInputSchema, req.body);
  const updated = input.ok ? await updateVehicle(user, vehicle, input.data) : input;
  if (!updated.ok) {
    const form = { errors: updated.errors, values: PostedSchema.parse(req.body) };
    return refuse(req, res, updated, () => renderEdit(req, res, vehicle, form, updated.status));
  }
  if (wantsJson(req)) return res.json({ vehicle: await requireVehicleFor(user, vehicle.id) });
  flash(req, "notice", `${input.ok ? input.data.registration : vehicle.registration} saved`);
  res.redirect(303, "/vehicles");
}

async function removeVehicle(req: Request, res: Response) {
  const user = fleetKeeper(req);
  const vehicle = await requireVehicleFor(user, req.params.id);
  await deleteVehicle(user, vehicle);
  if (wantsJson(req)) return res.status(204).end();
  flash(req, "notice", `${vehicle.registration} removed`);
  res.redirect(303, "/vehicles");
}

async function chooseLoadVehicle(req: Request, res: Response) {
  const user = requireUser(req);
  const load = await requireLoadForVehicleChoice(user, req.params.id);
  const input = parseInput(VehicleChoiceSchema, req.body);
  const outcome = input.ok ? await assignVehicle(load, user, input.data.vehicle_id) : input;
  if (!outcome.ok) return refuse(req, res, outcome, () => renderLoadVehicle(req, res, user, load, outcome));
  if (wantsJson(req)) return res.json({ load: { id: load.id, vehicleId: input.ok ? input.data.vehicle_id : null } });
  flash(req, "notice", input.ok && input.data.vehicle_id === null ? "Vehicle taken off the load" : "Vehicle saved");
  res.redirect(303, `/loads/${load.id}`);
}

/** The carrier's admins and members; anyone else is told the page does not exist. */
function fleetKeeper(req: Request): CurrentUser {
  const user = requireUser(req);
  if (!keepsFleet(user)) throw new HttpError(404, "The page you were looking for doesn't exist.");
  return user;
}

/** A refusal: JSON callers get the messages by field; a page is shown again with them beside the fields. */
function refuse(req: Request, res: Response, refusal: Refusal, page: () => Promise<void>) {
  if (wantsJson(req)) return res.status(refusal.status).json({ errors: refusal.errors });
  return page();
}

const NO_FORM: VehicleFormState = { errors: {}, values: {} };

async function renderIndex(req: Request, res: Response, user: CurrentUser, form = NO_FORM, status = 200) {
  const vehicles = await vehiclesOf(user);
  const title = titled("Vehicles", form.errors);
  await renderPage(req, res, "vehicles/index", { title, vehicles, ...vehicleForm(form) }, status);
}

async function renderEdit(req: Request, res: Response, vehicle: VehicleView, form: VehicleFormState, status = 200) {
  const title = titled(`Edit ${vehicle.registration}`, form.errors);
  await renderPage(req, res, "vehicles/edit", { title, vehicle, ...vehicleForm(form) }, status);
}

/**
 * A refused vehicle choice: the load page's vehicle section on a page of its own, with the messages
 * beside the choice (422, or 409 when the load changed meanwhile), so the load page need not be
 * rebuilt here. "Save vehicle" posts to the same address again; the page links back to the load.
 */
async function renderLoadVehicle(req: Request, res: Response, user: CurrentUser, load: LoadForVehicle, refusal: Refusal) {
  const { errors, status } = refusal;
  // The load's stops too, so the choices carry the same road-charge notes and warnings as on the load page.
  const { stops } = await requireLoadFor(user, load.id);
  const section = await vehicleSectionFor({ ...load, stops }, user);
  const values = PostedSchema.parse(req.body);
  const title = titled(`Vehicle for load ${load.sequence} · ${load.job.reference}`, errors);
  await renderPage(req, res, "vehicles/load_vehicle", { title, load, ...section, errors, values }, status);
}
